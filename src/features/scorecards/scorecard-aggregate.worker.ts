import { indexedDbDayStorage, type DayStorage } from '@/api/safety-event-days';
import { transferablesOf, type ScorecardEvent } from './aggregate';
import type { TrendBuckets } from './scorecard-window';
import {
  ScorecardWork,
  type ScorecardWorkRequest,
  type ScorecardWorkResponse,
} from './scorecard-work';

/** What the page asks of its aggregation worker; each request but `start` gets one answer, in order. */
export type ScorecardWorkerRequest =
  { type: 'start'; buckets: TrendBuckets } | ScorecardWorkRequest;

// Parsing, checking and folding 100,000 events, and keeping their days on disk, happen here, so
// the page stays responsive.
let work: ScorecardWork | null = null;
// Reading a page's text is asynchronous: requests wait their turn, so answers keep their order.
let queue = Promise.resolve();

async function answer(request: ScorecardWorkerRequest): Promise<ScorecardWorkResponse | null> {
  if (request.type === 'start') {
    work = new ScorecardWork(request.buckets, keptDays);
    return null;
  }
  if (!work) throw new Error('The aggregation was not started.');
  return work.answer(request);
}

// One connection for the worker's life.
let storage: DayStorage<ScorecardEvent> | null = null;
function keptDays(): DayStorage<ScorecardEvent> {
  storage ??= indexedDbDayStorage<ScorecardEvent>();
  return storage;
}

addEventListener('message', (event: MessageEvent<ScorecardWorkerRequest>) => {
  const request = event.data;
  queue = queue.then(async () => {
    try {
      const response = await answer(request);
      if (!response) return;
      postMessage(response, {
        transfer: response.type === 'snapshot' ? transferablesOf(response.snapshot) : [],
      });
    } catch {
      const failed: ScorecardWorkResponse = {
        type: 'failed',
        message: 'The scorecards could not be worked out.',
        details: [],
      };
      postMessage(failed);
    }
  });
});
