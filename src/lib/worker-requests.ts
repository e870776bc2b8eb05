/**
 * The console's one protocol for Web Workers. The page sends numbered requests; for each, the
 * worker sends progress while it works, then one answer or a failure. This module is the worker's
 * side (and the messages both sides share); `useWorkerRequests` is the page's.
 */

/** A request on its way to the worker, numbered so replies to superseded requests can be dropped. */
export interface WorkerRequestMessage<Request> {
  requestId: number;
  request: Request;
}

export type WorkerReplyMessage<Answer, Progress> =
  | { requestId: number; kind: 'progress'; progress: Progress }
  | { requestId: number; kind: 'answer'; answer: Answer }
  | { requestId: number; kind: 'failed'; message: string };

export type WorkerRequestHandler<Request, Answer, Progress> = (
  message: WorkerRequestMessage<Request>,
  /** `transfer`: buffers that move to the page instead of being copied (the worker loses them). */
  reply: (message: WorkerReplyMessage<Answer, Progress>, transfer?: Transferable[]) => void,
) => Promise<void>;

/**
 * Runs `work` for each request and replies with its progress and then its answer, or with
 * `failureMessage` when it throws (an exception's own text is not written for users).
 * `transferOf` names the answer's buffers that move to the page rather than being copied.
 */
export function createRequestHandler<Request, Answer, Progress = never>(
  work: (
    request: Request,
    reportProgress: (progress: Progress) => void,
  ) => Answer | Promise<Answer>,
  failureMessage: (request: Request) => string,
  transferOf?: (answer: Answer) => Transferable[],
): WorkerRequestHandler<Request, Answer, Progress> {
  return async ({ requestId, request }, reply) => {
    try {
      const answer = await work(request, (progress) =>
        reply({ requestId, kind: 'progress', progress }),
      );
      reply({ requestId, kind: 'answer', answer }, transferOf?.(answer));
    } catch {
      reply({ requestId, kind: 'failed', message: failureMessage(request) });
    }
  };
}

/** Answers the page's requests with `handler`: called once, at the top of a worker module. */
export function serveRequests<Request, Answer, Progress>(
  handler: WorkerRequestHandler<Request, Answer, Progress>,
): void {
  addEventListener('message', (event: MessageEvent<WorkerRequestMessage<Request>>) => {
    void handler(event.data, (message, transfer = []) => postMessage(message, { transfer }));
  });
}
