// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useWorkerRequests, type WorkerPort } from './use-worker-requests';
import type { WorkerReplyMessage, WorkerRequestMessage } from './worker-requests';

/** A stand-in worker: records what the page sends and lets the test reply. */
class FakeWorker implements WorkerPort {
  sent: WorkerRequestMessage<string>[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: unknown) {
    this.sent.push(message as WorkerRequestMessage<string>);
  }
  terminate() {
    this.terminated = true;
  }
  reply(message: WorkerReplyMessage<string, number>) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: message })));
  }
}

function setUp() {
  const workers: FakeWorker[] = [];
  const handlers = { onProgress: vi.fn(), onAnswer: vi.fn(), onFailure: vi.fn() };
  const hook = renderHook(() =>
    useWorkerRequests<string, string, number>({
      start: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
      ...handlers,
      unavailableMessage: 'Not in this browser.',
    }),
  );
  return { hook, workers, handlers };
}

describe('useWorkerRequests', () => {
  it('starts one worker at the first request and answers only the latest request', () => {
    const { hook, workers, handlers } = setUp();
    act(() => hook.result.current.ask('first'));
    act(() => hook.result.current.ask('second'));
    expect(workers).toHaveLength(1);
    const [worker] = workers;
    const [first, second] = worker!.sent;
    expect(second).toEqual({ requestId: first!.requestId + 1, request: 'second' });

    worker!.reply({ requestId: first!.requestId, kind: 'answer', answer: 'stale' });
    worker!.reply({ requestId: second!.requestId, kind: 'progress', progress: 50 });
    worker!.reply({ requestId: second!.requestId, kind: 'answer', answer: 'fresh' });
    expect(handlers.onProgress).toHaveBeenCalledWith(50, 'second');
    expect(handlers.onAnswer).toHaveBeenCalledTimes(1);
    expect(handlers.onAnswer).toHaveBeenCalledWith('fresh', 'second');
  });

  it('passes on a failure, and the unavailable message when the worker cannot run', () => {
    const { hook, workers, handlers } = setUp();
    act(() => hook.result.current.ask('broken'));
    const [worker] = workers;
    worker!.reply({ requestId: worker!.sent[0]!.requestId, kind: 'failed', message: 'No.' });
    expect(handlers.onFailure).toHaveBeenCalledWith('No.', 'broken');

    act(() => hook.result.current.ask('again'));
    act(() => worker!.onerror?.(new ErrorEvent('error')));
    expect(handlers.onFailure).toHaveBeenLastCalledWith('Not in this browser.', 'again');
    expect(worker!.terminated).toBe(true);
  });

  it('stops the worker on request and when the component goes; the next request starts another', () => {
    const { hook, workers, handlers } = setUp();
    act(() => hook.result.current.ask('read'));
    act(() => hook.result.current.stop());
    expect(workers[0]!.terminated).toBe(true);
    workers[0]!.reply({
      requestId: workers[0]!.sent[0]!.requestId,
      kind: 'answer',
      answer: 'late',
    });
    expect(handlers.onAnswer).not.toHaveBeenCalled();

    act(() => hook.result.current.ask('read again'));
    expect(workers).toHaveLength(2);
    hook.unmount();
    expect(workers[1]!.terminated).toBe(true);
  });
});
