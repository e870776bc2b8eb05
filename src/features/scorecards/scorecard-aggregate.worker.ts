import { ScorecardPageReader, transferablesOf, type ScorecardSnapshot } from './aggregate';
import type { TrendBuckets } from './scorecard-window';

/** What the page asks of its aggregation worker; each request but `start` gets one answer, in order. */
export type ScorecardWorkerRequest =
  | { type: 'start'; buckets: TrendBuckets }
  | { type: 'page'; body: Blob; nowMs: number }
  | { type: 'snapshot' };

export type ScorecardWorkerResponse =
  | { type: 'page'; eventCount: number }
  | { type: 'snapshot'; snapshot: ScorecardSnapshot }
  | { type: 'failed'; message: string; details: string[] };

// Parsing, checking and folding 100,000 events happen here, so the page stays responsive.
let reader: ScorecardPageReader | null = null;
// Reading a page's text is asynchronous: requests wait their turn, so answers keep their order.
let queue = Promise.resolve();

async function answer(request: ScorecardWorkerRequest): Promise<ScorecardWorkerResponse | null> {
  if (request.type === 'start') {
    reader = new ScorecardPageReader(request.buckets);
    return null;
  }
  if (!reader) throw new Error('The aggregation was not started.');
  if (request.type === 'page') {
    const read = reader.addPage(await request.body.text(), request.nowMs);
    return read.ok
      ? { type: 'page', eventCount: read.eventCount }
      : { type: 'failed', message: read.message, details: read.details };
  }
  return { type: 'snapshot', snapshot: reader.snapshot() };
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
      const failed: ScorecardWorkerResponse = {
        type: 'failed',
        message: 'The scorecards could not be worked out.',
        details: [],
      };
      postMessage(failed);
    }
  });
});
