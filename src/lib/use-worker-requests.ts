import { startTransition, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { WorkerReplyMessage, WorkerRequestMessage } from './worker-requests';

/** What the page needs of a Worker (a test passes a stand-in). */
export interface WorkerPort {
  postMessage: (message: unknown) => void;
  terminate: () => void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface WorkerRequestsOptions<Request, Answer, Progress> {
  /** `new Worker(new URL('./name.worker.ts', import.meta.url), { type: 'module' })`. */
  start: () => WorkerPort;
  onProgress?: (progress: Progress, request: Request) => void;
  onAnswer: (answer: Answer, request: Request) => void;
  onFailure: (message: string, request: Request) => void;
  /** Said when the worker itself cannot run (its script did not load, or threw). */
  unavailableMessage: string;
}

/**
 * A worker for this component: started by the first request, stopped by `stop` or when the
 * component goes. Only the latest request is answered; replies to earlier ones are dropped.
 * Answers arrive in a transition, so a large result renders in slices between frames rather than
 * as one long task.
 */
export function useWorkerRequests<Request, Answer, Progress = never>(
  options: WorkerRequestsOptions<Request, Answer, Progress>,
) {
  // The handlers of the latest committed render, so a reply never reaches a stale closure.
  // Replies come from the worker, not from an effect, so useEffectEvent does not apply.
  const latestOptions = useRef(options);
  useLayoutEffect(() => {
    latestOptions.current = options;
  });
  const worker = useRef<WorkerPort | null>(null);
  const pending = useRef<{ requestId: number; request: Request } | null>(null);
  const lastRequestId = useRef(0);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
    pending.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const ask = useCallback(
    (request: Request) => {
      if (!worker.current) {
        const started = latestOptions.current.start();
        started.onmessage = (event: MessageEvent<WorkerReplyMessage<Answer, Progress>>) => {
          const reply = event.data;
          const asked = pending.current;
          if (!asked || reply.requestId !== asked.requestId) return;
          const { onProgress, onAnswer, onFailure } = latestOptions.current;
          if (reply.kind === 'progress') {
            onProgress?.(reply.progress, asked.request);
            return;
          }
          pending.current = null;
          startTransition(() => {
            if (reply.kind === 'answer') onAnswer(reply.answer, asked.request);
            else onFailure(reply.message, asked.request);
          });
        };
        started.onerror = () => {
          const asked = pending.current;
          stop();
          if (asked)
            latestOptions.current.onFailure(
              latestOptions.current.unavailableMessage,
              asked.request,
            );
        };
        worker.current = started;
      }
      lastRequestId.current += 1;
      pending.current = { requestId: lastRequestId.current, request };
      const message: WorkerRequestMessage<Request> = { requestId: lastRequestId.current, request };
      worker.current.postMessage(message);
    },
    [stop],
  );

  return { ask, stop };
}
