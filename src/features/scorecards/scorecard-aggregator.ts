import { ScorecardAccumulator, type ScorecardEvent, type ScorecardSnapshot } from './aggregate';
import type { ScorecardWorkerRequest, ScorecardWorkerResponse } from './scorecard-aggregate.worker';
import type { TrendBuckets } from './scorecard-window';

/** Where pages of events are folded into scorecards: a worker in the browser. */
export interface ScorecardAggregator {
  add: (events: ScorecardEvent[]) => void;
  /** The scorecards of every event added so far. */
  snapshot: () => Promise<ScorecardSnapshot>;
  close: () => void;
}

export type StartScorecardAggregator = (buckets: TrendBuckets) => ScorecardAggregator;

/** The same folding on the calling thread: for tests, and browsers without module workers. */
export const startInlineAggregator: StartScorecardAggregator = (buckets) => {
  const accumulator = new ScorecardAccumulator(buckets);
  return {
    add: (events) => accumulator.add(events),
    snapshot: () => Promise.resolve(accumulator.snapshot()),
    close: () => undefined,
  };
};

export const startWorkerAggregator: StartScorecardAggregator = (buckets) => {
  if (typeof Worker === 'undefined') return startInlineAggregator(buckets);
  const worker = new Worker(new URL('./scorecard-aggregate.worker.ts', import.meta.url), {
    type: 'module',
  });
  // The worker answers snapshot requests in the order they were sent.
  const waiting: {
    resolve: (snapshot: ScorecardSnapshot) => void;
    reject: (error: Error) => void;
  }[] = [];
  const failAll = (message: string) => {
    for (const request of waiting.splice(0)) request.reject(new Error(message));
  };
  worker.onmessage = (event: MessageEvent<ScorecardWorkerResponse>) => {
    const response = event.data;
    if (response.type === 'failed') failAll(response.message);
    else waiting.shift()?.resolve(response.snapshot);
  };
  worker.onerror = () => failAll('The scorecards could not be worked out.');
  const send = (request: ScorecardWorkerRequest) => worker.postMessage(request);
  send({ type: 'start', buckets });
  return {
    add: (events) => send({ type: 'add', events }),
    snapshot: () =>
      new Promise<ScorecardSnapshot>((resolve, reject) => {
        waiting.push({ resolve, reject });
        send({ type: 'snapshot' });
      }),
    close: () => {
      worker.terminate();
      failAll('The scorecards were closed.');
    },
  };
};
