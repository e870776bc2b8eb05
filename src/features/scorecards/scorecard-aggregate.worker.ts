import {
  ScorecardAccumulator,
  transferablesOf,
  type ScorecardEvent,
  type ScorecardSnapshot,
} from './aggregate';
import type { TrendBuckets } from './scorecard-window';

/** What the page asks of its aggregation worker; messages are answered in order. */
export type ScorecardWorkerRequest =
  | { type: 'start'; buckets: TrendBuckets }
  | { type: 'add'; events: ScorecardEvent[] }
  | { type: 'snapshot' };

export type ScorecardWorkerResponse =
  { type: 'snapshot'; snapshot: ScorecardSnapshot } | { type: 'failed'; message: string };

// Folding 100,000 events into scorecards here keeps the page responsive while they load.
let accumulator: ScorecardAccumulator | null = null;

addEventListener('message', (event: MessageEvent<ScorecardWorkerRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'start') {
      accumulator = new ScorecardAccumulator(request.buckets);
    } else if (!accumulator) {
      throw new Error('The aggregation was not started.');
    } else if (request.type === 'add') {
      accumulator.add(request.events);
    } else {
      const snapshot = accumulator.snapshot();
      const response: ScorecardWorkerResponse = { type: 'snapshot', snapshot };
      postMessage(response, { transfer: transferablesOf(snapshot) });
    }
  } catch {
    const response: ScorecardWorkerResponse = {
      type: 'failed',
      message: 'The scorecards could not be worked out.',
    };
    postMessage(response);
  }
});
