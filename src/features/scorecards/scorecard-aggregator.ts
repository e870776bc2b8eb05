import { t } from '@lingui/core/macro';
import { ApiError } from '@/api/api-error';
import { ScorecardPageReader, type ScorecardSnapshot } from './aggregate';
import type { ScorecardWorkerRequest, ScorecardWorkerResponse } from './scorecard-aggregate.worker';
import type { TrendBuckets } from './scorecard-window';

/** Where pages of events are parsed and folded into scorecards: a worker in the browser. */
interface ScorecardAggregator {
  /** Adds one page as the service sent it; resolves to the number of events it held. */
  addPage: (body: Blob, nowMs: number) => Promise<number>;
  /** The scorecards of every event added so far. */
  snapshot: () => Promise<ScorecardSnapshot>;
  close: () => void;
}

export type StartScorecardAggregator = (buckets: TrendBuckets) => ScorecardAggregator;

/** A page the service sent that the console cannot read: the API client's own error for it. */
function unreadablePage(message: string, details: string[]): ApiError {
  return new ApiError({ status: 200, code: 'INVALID_RESPONSE', message, details });
}

/** The same work on the calling thread: for tests, and browsers without module workers. */
export const startInlineAggregator: StartScorecardAggregator = (buckets) => {
  const reader = new ScorecardPageReader(buckets);
  return {
    addPage: async (body, nowMs) => {
      const read = reader.addPage(await body.text(), nowMs);
      if (!read.ok) throw unreadablePage(read.message, read.details);
      return read.eventCount;
    },
    snapshot: () => Promise.resolve(reader.snapshot()),
    close: () => undefined,
  };
};

export const startWorkerAggregator: StartScorecardAggregator = (buckets) => {
  if (typeof Worker === 'undefined') return startInlineAggregator(buckets);
  const worker = new Worker(new URL('./scorecard-aggregate.worker.ts', import.meta.url), {
    type: 'module',
  });
  // Every request but `start` is answered once, in the order sent.
  const waiting: {
    resolve: (response: ScorecardWorkerResponse) => void;
    reject: (error: Error) => void;
  }[] = [];
  const failAll = (error: Error) => {
    for (const request of waiting.splice(0)) request.reject(error);
  };
  worker.onmessage = (event: MessageEvent<ScorecardWorkerResponse>) => {
    const response = event.data;
    const request = waiting.shift();
    if (response.type === 'failed')
      request?.reject(unreadablePage(response.message, response.details));
    else request?.resolve(response);
  };
  worker.onerror = () => failAll(new Error(t`The scorecards could not be worked out.`));
  const ask = (request: ScorecardWorkerRequest) =>
    new Promise<ScorecardWorkerResponse>((resolve, reject) => {
      waiting.push({ resolve, reject });
      worker.postMessage(request);
    });
  worker.postMessage({ type: 'start', buckets } satisfies ScorecardWorkerRequest);
  return {
    addPage: async (body, nowMs) => {
      const response = await ask({ type: 'page', body, nowMs });
      return response.type === 'page' ? response.eventCount : 0;
    },
    snapshot: async () => {
      const response = await ask({ type: 'snapshot' });
      if (response.type !== 'snapshot') throw new Error(t`The scorecards could not be worked out.`);
      return response.snapshot;
    },
    close: () => {
      worker.terminate();
      failAll(new Error(t`The scorecards were closed.`));
    },
  };
};
