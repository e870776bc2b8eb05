import { t } from '@lingui/core/macro';
import { ApiError } from '@/api/api-error';
import { indexedDbDayStorage, memoryDayStorage, type DayStorage } from '@/api/safety-event-days';
import type { ScorecardEvent, ScorecardSnapshot } from './aggregate';
import type { ScorecardWorkerRequest } from './scorecard-aggregate.worker';
import type { TrendBuckets } from './scorecard-window';
import {
  ScorecardWork,
  type ScorecardWorkRequest,
  type ScorecardWorkResponse,
} from './scorecard-work';

/** Where pages of events are parsed and folded into scorecards: a worker in the browser. */
export interface ScorecardAggregator {
  /** Adds one page as the service sent it; resolves to the number of events it held. */
  addPage: (body: Blob, nowMs: number) => Promise<number>;
  /** The scorecards of every event added so far. */
  snapshot: () => Promise<ScorecardSnapshot>;
  /**
   * Opens the days kept for a scope (`dayStoreScope`) and loads those named; from then on every
   * page added is also filed by day, to be kept by `saveRead`.
   */
  openDays: (scope: string, timeZone: string, days: string[]) => Promise<void>;
  /** A page of events updated since the last sync: replaces their kept copies. */
  addUpdates: (body: Blob, nowMs: number) => Promise<number>;
  /**
   * Folds loaded kept days into the scorecards; resolves to the number of events they held, or
   * null (nothing folded) when one of them was no longer on disk.
   */
  addKeptDays: (days: string[], nowMs: number) => Promise<number | null>;
  saveRead: (days: string[], readAtMs: number) => Promise<void>;
  markSynced: (syncedAtMs: number) => Promise<void>;
  forgetDays: () => Promise<void>;
  close: () => void;
}

export type StartScorecardAggregator = (buckets: TrendBuckets) => ScorecardAggregator;

/** A page the service sent that the console cannot read: the API client's own error for it. */
function unreadablePage(message: string, details: string[]): ApiError {
  return new ApiError({ status: 200, code: 'INVALID_RESPONSE', message, details });
}

function notWorkedOut() {
  return new Error(t`The scorecards could not be worked out.`);
}

/** The aggregator's calls as requests, whoever answers them. */
function aggregatorAsking(
  ask: (request: ScorecardWorkRequest) => Promise<ScorecardWorkResponse>,
  close: () => void,
): ScorecardAggregator {
  const asking = async <Type extends ScorecardWorkResponse['type']>(
    request: ScorecardWorkRequest,
    type: Type,
  ): Promise<Extract<ScorecardWorkResponse, { type: Type }>> => {
    const response = await ask(request);
    if (response.type === 'failed') throw unreadablePage(response.message, response.details);
    if (response.type !== type) throw notWorkedOut();
    return response as Extract<ScorecardWorkResponse, { type: Type }>;
  };
  return {
    addPage: async (body, nowMs) =>
      (await asking({ type: 'page', body, nowMs }, 'events')).eventCount,
    snapshot: async () => (await asking({ type: 'snapshot' }, 'snapshot')).snapshot,
    openDays: async (scope, timeZone, days) => {
      await asking({ type: 'open-days', scope, timeZone, days }, 'done');
    },
    addUpdates: async (body, nowMs) =>
      (await asking({ type: 'updates', body, nowMs }, 'events')).eventCount,
    addKeptDays: async (days, nowMs) => {
      const { eventCount } = await asking({ type: 'add-kept', days, nowMs }, 'events');
      return eventCount < 0 ? null : eventCount;
    },
    saveRead: async (days, readAtMs) => {
      await asking({ type: 'save-read', days, readAtMs }, 'done');
    },
    markSynced: async (syncedAtMs) => {
      await asking({ type: 'synced', syncedAtMs }, 'done');
    },
    forgetDays: async () => {
      await asking({ type: 'forget-days' }, 'done');
    },
    close,
  };
}

/** Kept days where the page runs: IndexedDB when the browser has it. */
function defaultDayStorage(): DayStorage<ScorecardEvent> {
  return typeof indexedDB === 'undefined'
    ? memoryDayStorage<ScorecardEvent>()
    : indexedDbDayStorage<ScorecardEvent>();
}

/**
 * The same work on the calling thread: for tests (with the kept days' storage they give), and
 * browsers without module workers.
 */
export function inlineAggregatorWith(
  storage: () => DayStorage<ScorecardEvent>,
): StartScorecardAggregator {
  return (buckets) => {
    const work = new ScorecardWork(buckets, storage);
    return aggregatorAsking(
      (request) => work.answer(request),
      () => undefined,
    );
  };
}

let pageStorage: DayStorage<ScorecardEvent> | null = null;
/** The kept days as the page's own thread reads them (the scope's index, before the days). */
export function pageDayStorage(): DayStorage<ScorecardEvent> {
  pageStorage ??= defaultDayStorage();
  return pageStorage;
}

export const startInlineAggregator: StartScorecardAggregator = inlineAggregatorWith(pageDayStorage);

export const startWorkerAggregator: StartScorecardAggregator = (buckets) => {
  if (typeof Worker === 'undefined') return startInlineAggregator(buckets);
  const worker = new Worker(new URL('./scorecard-aggregate.worker.ts', import.meta.url), {
    type: 'module',
  });
  // Every request but `start` is answered once, in the order sent.
  const waiting: {
    resolve: (response: ScorecardWorkResponse) => void;
    reject: (error: Error) => void;
  }[] = [];
  const failAll = (error: Error) => {
    for (const request of waiting.splice(0)) request.reject(error);
  };
  worker.onmessage = (event: MessageEvent<ScorecardWorkResponse>) => {
    waiting.shift()?.resolve(event.data);
  };
  worker.onerror = () => failAll(notWorkedOut());
  worker.postMessage({ type: 'start', buckets } satisfies ScorecardWorkerRequest);
  return aggregatorAsking(
    (request) =>
      new Promise<ScorecardWorkResponse>((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.postMessage(request satisfies ScorecardWorkerRequest);
      }),
    () => {
      worker.terminate();
      failAll(new Error(t`The scorecards were closed.`));
    },
  );
};
