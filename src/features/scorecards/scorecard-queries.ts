import {
  experimental_streamedQuery as streamedQuery,
  hashKey,
  queryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { readPagesAhead } from '@/api/paging';
import {
  getSafetyEventsWithMetadataBody,
  listSafetyEventIds,
  safetyEventKeys,
  type SafetyEventWithMetadataListParams,
} from '@/api/safety-events';
import type { ScorecardSnapshot } from './aggregate';
import {
  startInlineAggregator,
  startWorkerAggregator,
  type StartScorecardAggregator,
} from './scorecard-aggregator';
import {
  DETAIL_CHART_POINTS,
  SPARKLINE_POINTS,
  trendBuckets,
  windowInstants,
} from './scorecard-window';

/** What a scorecard read covers: a window of whole days and, optionally, one group, driver or vehicle. */
export interface ScorecardScope {
  fromDay: string;
  toDay: string;
  groupId?: string;
  driverId?: string;
  vehicleId?: string;
}

/** The service's largest page (`limit` of Events_GetEventsWithMetadata, Safety API). */
const SCORECARD_PAGE_SIZE = 1000;
/** A ranking reads at most this many pages (200,000 events) and says so when it stops there. */
const FLEET_MAX_PAGES = 200;
/** One driver or vehicle: at most 10,000 events. */
const SUBJECT_MAX_PAGES = 10;
/** The ranking redraws at most this often while pages arrive (the count of events every page). */
const SNAPSHOT_INTERVAL_MS = 400;
/** Scorecards of a window are read again after this long, the old ones shown meanwhile. */
const SCORECARD_STALE_TIME_MS = 10 * 60_000;

/** The scorecards read so far: shown as they grow. */
export interface ScorecardProgress {
  snapshot: ScorecardSnapshot | null;
  loadedEvents: number;
  /** The service's count for the same filters, once known. */
  expectedEvents: number | null;
  complete: boolean;
  /** True when the read stopped at its page cap before the last page. */
  truncated: boolean;
}

const emptyScorecardProgress: ScorecardProgress = {
  snapshot: null,
  loadedEvents: 0,
  expectedEvents: null,
  complete: false,
  truncated: false,
};

/**
 * How a scorecard query keeps its snapshots: each one read is the whole progress so far, and a
 * refresh keeps the old scorecards on screen until the new ones are complete.
 */
const scorecardStream = {
  reducer: (_previous: ScorecardProgress, latest: ScorecardProgress) => latest,
  initialValue: emptyScorecardProgress,
  refetchMode: 'replace',
} as const;

/** A window's scorecards stay for ten minutes; a failed read says so instead of retrying. */
const scorecardCaching = {
  staleTime: SCORECARD_STALE_TIME_MS,
  refetchOnWindowFocus: false,
  retry: false,
} as const;

// Under the safety events' key: whatever refreshes events refreshes their scorecards too.
export const scorecardKeys = {
  all: [...safetyEventKeys.all, 'scorecards'] as const,
  fleets: () => [...scorecardKeys.all, 'fleet'] as const,
  fleet: (scope: ScorecardScope) => [...scorecardKeys.fleets(), scope] as const,
  subject: (scope: ScorecardScope) => [...scorecardKeys.all, 'subject', scope] as const,
};

function listParams(scope: ScorecardScope) {
  return {
    ...windowInstants(scope),
    // The day the event happened on the road, oldest pages never shifting as reviews go on.
    dateOption: 'recordDate' as const,
    sortBy: 'recordDate' as const,
    sortDirection: 'desc' as const,
    groupId: scope.groupId,
    includeSubgroups: scope.groupId ? true : undefined,
    driverId: scope.driverId,
    vehicleId: scope.vehicleId,
  } satisfies Omit<SafetyEventWithMetadataListParams, 'page'>;
}

export interface ReadScorecardsOptions {
  maxPages: number;
  pageSize?: number;
  trendPoints: number;
  startAggregator?: StartScorecardAggregator;
  snapshotIntervalMs?: number;
  signal?: AbortSignal;
  now?: () => number;
}

/**
 * Reads a window's events a few pages at a time (a 429 holds them all until Retry-After) and has
 * each parsed and folded into the scorecards, in order, as it arrives. Yields the progress after
 * every page and a fresh ranking at most every `snapshotIntervalMs`, so the first rows show
 * long before the last page.
 */
export async function* readScorecards(
  scope: ScorecardScope,
  {
    maxPages,
    pageSize = SCORECARD_PAGE_SIZE,
    trendPoints,
    startAggregator = startWorkerAggregator,
    snapshotIntervalMs = SNAPSHOT_INTERVAL_MS,
    signal,
    now = Date.now,
  }: ReadScorecardsOptions,
): AsyncGenerator<ScorecardProgress> {
  const params = listParams(scope);
  let expectedEvents: number | null = null;
  // The metadata list has no total; the ID list counts the same filters in one light request.
  const counted = listSafetyEventIds({ ...params, page: { pageIndex: 0, pageSize: 1 } }, signal)
    .then((page) => (expectedEvents = page.total))
    .catch(() => null);
  const aggregator = startAggregator(trendBuckets(scope, trendPoints));
  try {
    let progress = emptyScorecardProgress;
    let lastSnapshotAt = -Infinity;
    const pages = readPagesAhead(
      (pageIndex) =>
        getSafetyEventsWithMetadataBody({ ...params, page: { pageIndex, pageSize } }, signal),
      { pageSize, maxPages },
    );
    for (let pageIndex = 0; pageIndex < maxPages; pageIndex++) {
      // The page travels unread to the aggregator, which parses and checks it off this thread.
      const body = await pages.page(pageIndex);
      const nowMs = now();
      const eventCount = await aggregator.addPage(body, nowMs);
      // A bare array with no total: a short page (or a 204) is the last.
      const complete = eventCount < pageSize;
      const truncated = !complete && pageIndex === maxPages - 1;
      if (pageIndex === 0) {
        await counted;
        // The count says how many pages to ask ahead (events recorded meanwhile still come:
        // the read goes on past it while pages are full).
        pages.knowTotal(expectedEvents);
      }
      const snapshot =
        complete || truncated || nowMs - lastSnapshotAt >= snapshotIntervalMs
          ? await aggregator.snapshot()
          : progress.snapshot;
      if (snapshot !== progress.snapshot) lastSnapshotAt = now();
      progress = {
        snapshot,
        loadedEvents: progress.loadedEvents + eventCount,
        expectedEvents,
        complete: complete || truncated,
        truncated,
      };
      yield progress;
      if (progress.complete) return;
    }
  } finally {
    aggregator.close();
  }
}

/**
 * A window's driver and vehicle rankings, cached per window and group. The read goes on when
 * the page is left (it is not cancelled), so coming back finds it further along or done; a
 * ranking of another window takes over (see `takeOverFleetReads`).
 */
export function fleetScorecardQueryOptions(
  scope: ScorecardScope,
  startAggregator?: StartScorecardAggregator,
) {
  return queryOptions({
    queryKey: scorecardKeys.fleet(scope),
    queryFn: streamedQuery<ScorecardProgress, ScorecardProgress>({
      // The query's own signal is not read: leaving the page must not stop the read.
      streamFn: async ({ client, queryKey }) => {
        const signal = await takeOverFleetReads(client, queryKey);
        const stream = readScorecards(scope, {
          maxPages: FLEET_MAX_PAGES,
          trendPoints: SPARKLINE_POINTS,
          startAggregator,
          signal,
        });
        return releasingFleetRead(stream, signal);
      },
      ...scorecardStream,
    }),
    ...scorecardCaching,
    // Each snapshot is new from end to end: comparing 20,000 IDs with the last one buys nothing.
    structuralSharing: false,
  });
}

/** One driver's or one vehicle's scorecard: a few pages at most, folded on the page itself. */
export function subjectScorecardQueryOptions(
  scope: ScorecardScope & ({ driverId: string } | { vehicleId: string }),
  startAggregator?: StartScorecardAggregator,
) {
  return queryOptions({
    queryKey: scorecardKeys.subject(scope),
    queryFn: streamedQuery<ScorecardProgress, ScorecardProgress>({
      streamFn: ({ signal }) =>
        readScorecards(scope, {
          maxPages: SUBJECT_MAX_PAGES,
          trendPoints: DETAIL_CHART_POINTS,
          // A few pages at most: folding them here costs less than starting a worker.
          startAggregator: startAggregator ?? startInlineAggregator,
          signal,
        }),
      ...scorecardStream,
    }),
    ...scorecardCaching,
  });
}

/**
 * One ranking read at a time: starting another window's read stops the one before (its query
 * starts over when next wanted), so switching windows never doubles the requests.
 */
const fleetReadInProgress: { current: { queryKey: QueryKey; controller: AbortController } | null } =
  { current: null };

async function takeOverFleetReads(client: QueryClient, queryKey: QueryKey): Promise<AbortSignal> {
  const previous = fleetReadInProgress.current;
  const controller = new AbortController();
  fleetReadInProgress.current = { queryKey, controller };
  if (previous && hashKey(previous.queryKey) !== hashKey(queryKey)) {
    // The page's other hooks move to the new window after the one that started this read: until
    // they have, the old window still looks watched, and resetting a watched query reads it
    // again, which took this one over in turn: the two windows restarted each other for ever.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const stillWatched =
      client.getQueryCache().find({ queryKey: previous.queryKey, exact: true })?.isActive() ??
      false;
    // A window still on screen (another part of the page shows it) keeps its read.
    if (!stillWatched) {
      // Reset first (which cancels it), so its stopped request reads as a cancellation rather
      // than a failure, and coming back to that window reads it afresh instead of half of it.
      await client.resetQueries({ queryKey: previous.queryKey, exact: true });
      previous.controller.abort();
    }
  }
  return controller.signal;
}

async function* releasingFleetRead<T>(
  stream: AsyncGenerator<T>,
  signal: AbortSignal,
): AsyncGenerator<T> {
  try {
    yield* stream;
  } finally {
    if (fleetReadInProgress.current?.controller.signal === signal) {
      fleetReadInProgress.current = null;
    }
  }
}
