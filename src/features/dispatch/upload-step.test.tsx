// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerReplyMessage, WorkerRequestMessage } from '@/lib/worker-requests';
import { TestProviders } from '@/test/test-providers';
import type { ParseFileResult } from './parse-file';
import type { RowProgress } from './row-progress';
import type { ReadScheduleRequest } from './schedule-reading';
import { UploadStep } from './upload-step';

/** Stands in for the reading worker (jsdom has none; the reading itself is tested on its own). */
class FakeReadWorker {
  static started: FakeReadWorker[] = [];
  sent: WorkerRequestMessage<ReadScheduleRequest>[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  constructor() {
    FakeReadWorker.started.push(this);
  }
  postMessage(message: WorkerRequestMessage<ReadScheduleRequest>) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(
    reply:
      { kind: 'progress'; progress: RowProgress } | { kind: 'answer'; answer: ParseFileResult },
  ) {
    const message: WorkerReplyMessage<ParseFileResult, RowProgress> = {
      requestId: this.sent.at(-1)!.requestId,
      ...reply,
    };
    act(() => this.onmessage?.(new MessageEvent('message', { data: message })));
  }
}

beforeEach(() => {
  FakeReadWorker.started = [];
  vi.stubGlobal('Worker', FakeReadWorker);
});
afterEach(() => vi.unstubAllGlobals());

function renderUploadStep() {
  const onParsed = vi.fn();
  render(
    <TestProviders>
      <UploadStep onParsed={onParsed} />
    </TestProviders>,
  );
  return { onParsed, input: screen.getByLabelText('Schedule file') };
}

const largeCsv = () => new File(['x'.repeat(200 * 1024)], 'week.csv', { type: 'text/csv' });

describe('UploadStep', () => {
  it('shows the rows read of a large file, and Cancel stops the read and keeps nothing', async () => {
    const user = userEvent.setup();
    const { onParsed, input } = renderUploadStep();
    await user.upload(input, largeCsv());
    const [worker] = FakeReadWorker.started;
    expect(worker!.sent[0]!.request.file.name).toBe('week.csv');
    const bar = screen.getByRole('progressbar', { name: 'Reading week.csv' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Starting…');

    worker!.reply({ kind: 'progress', progress: { done: 4000, total: 10_000 } });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('4,000 of 10,000 rows')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(worker!.terminated).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onParsed).not.toHaveBeenCalled();
  });

  it('hands on what the worker read, and shows its message for a file it cannot use', async () => {
    const user = userEvent.setup();
    const { onParsed, input } = renderUploadStep();
    await user.upload(input, new File(['a,b'], 'small.csv', { type: 'text/csv' }));
    // A small file is read too quickly for a progress bar to help.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const [worker] = FakeReadWorker.started;
    worker!.reply({
      kind: 'answer',
      answer: { ok: false, message: 'The sheet has only 2 columns.' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('small.csv cannot be used');
    expect(screen.getByRole('alert')).toHaveTextContent('The sheet has only 2 columns.');

    await user.upload(input, new File(['a,b,c,d\n1,2,3,4'], 'good.csv', { type: 'text/csv' }));
    const table = {
      headers: ['a', 'b', 'c', 'd'],
      rows: [{ sourceRow: 2, cells: ['1', '2', '3', '4'] }],
    };
    worker!.reply({ kind: 'answer', answer: { ok: true, format: 'csv', table } });
    expect(onParsed).toHaveBeenCalledWith({ fileName: 'good.csv', format: 'csv', table });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
