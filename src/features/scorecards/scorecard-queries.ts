import {
  experimental_streamedQuery as streamedQuery,
  hashKey,
  queryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { currentCacheOwner } from '@/api/cache-owner';
import { readPagesAhead, type PageReadAhead } from '@/api/paging';
import {
  dayStoreScope,
  planDayReads,
  UPDATE_MARGIN_MS,
  type DayBounds,
  type DayReadPlan,
  type DayStorage,
  type KeptScope,
} from '@/api/safety-event-days';
import {
  getSafetyEventsWithMetadataBody,
  listSafetyEventIds,
  safetyEventKeys,
  type SafetyEventWithMetadataListParams,
} from '@/api/safety-events';
import { displayTimeZone } from '@/lib/format';
import { addLocalDays, checkedLocalDate, dayStart, toLocalDateString } from '@/lib/local-date';
import type { ScorecardEvent, ScorecardSnapshot } from './aggregate';
import {
  pageDayStorage,
  startInlineAggregator,
  startWorkerAggregator,
  type ScorecardAggregator,
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
  /**
   * Whose disk the window's days are kept on (`currentCacheOwner()`); null or absent: nothing
   * is kept, every day is read.
   */
  cacheOwner?: string | null;
  /** The zone the window's days are cut in (the reader's clock). */
  timeZone?: string;
  /** Where the page reads the scope's kept days from (the aggregator keeps them). */
  keptDays?: DayStorage<ScorecardEvent>;
}

/** The days of a window and where each begins and ends, in the reader's zone. */
function windowDays(scope: ScorecardScope, timeZone: string): DayBounds[] {
  const days: DayBounds[] = [];
  const first = checkedLocalDate(scope.fromDay);
  for (let offset = 0; ; offset++) {
    const day = toLocalDateString(addLocalDays(first, offset));
    if (day > scope.toDay) return days;
    days.push({
      day,
      startMs: dayStart(day, 0, timeZone).getTime(),
      endMs: dayStart(day, 1, timeZone).getTime(),
    });
  }
}

/** Events updated since kept days were last brought up to date: more pages than this, read all. */
const UPDATE_MAX_PAGES = 20;

/**
 * Reads a window's events a few pages at a time (a 429 holds them all until Retry-After) and has
 * each parsed and folded into the scorecards, in order, as it arrives. Yields the progress after
 * every page and a fresh ranking at most every `snapshotIntervalMs`, so the first rows show
 * long before the last page.
 *
 * With a cache owner, the window's days are kept on disk by the aggregator: a later read takes
 * the days read after they had ended from there and reads only the rest (today, and days never
 * read), each run of consecutive days as one paged read.
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
    cacheOwner = null,
    timeZone = displayTimeZone(),
    keptDays = pageDayStorage(),
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
    const days = windowDays(scope, timeZone);
    const dayScope = dayStoreScope(cacheOwner, scope, timeZone);
    const readRange = (range: DayBounds[], pagesLeft: number) => {
      const rangeParams = {
        ...params,
        from: new Date(range[0]?.startMs ?? Number.NaN),
        // The last second of the range, as `windowInstants` ends a window.
        to: new Date((range.at(-1)?.endMs ?? Number.NaN) - 1000),
      };
      return readPagesAhead(
        (pageIndex) =>
          getSafetyEventsWithMetadataBody(
            { ...rangeParams, page: { pageIndex, pageSize } },
            signal,
          ),
        { pageSize, maxPages: pagesLeft },
      );
    };
    const askFirstPage = (range: DayBounds[]): EarlyRead => {
      const askedAtMs = now();
      const pages = readRange(range, maxPages);
      const asked = { range, pages, first: pages.page(0), askedAtMs, arrived: false };
      asked.first.then(
        () => (asked.arrived = true),
        () => undefined,
      );
      return asked;
    };
    // Today is read on every visit: with days to keep, its page is asked before anything else,
    // so the disk costs the first rows nothing.
    const lastDay = days.at(-1);
    const today = dayScope !== null && lastDay && lastDay.endMs > now() ? [lastDay] : null;
    let early = today ? askFirstPage(today) : null;
    // The worker starts and loads the window's kept days while the page reads the scope's index.
    const opening =
      dayScope === null
        ? null
        : aggregator.openDays(
            dayScope,
            timeZone,
            days.map((bounds) => bounds.day),
          );
    opening?.catch(() => undefined);
    // Undefined when the disk refused: the read goes on as without an owner.
    const keptScope =
      dayScope === null ? undefined : await keptDays.getScope(dayScope).catch(() => undefined);
    const keeping = dayScope !== null && keptScope !== undefined;
    const startedAtMs = now();
    const plan = planDayReads(days, keptScope?.readAt ?? {}, startedAtMs);
    let ranges = keeping ? todayFirst(plan.ranges, today) : days.length > 0 ? [days] : [];
    if (early && ranges[0] !== early.range) early = null;
    // The first range's first page is asked at once, alongside the events updated since the
    // last sync: the service answers both while the worker loads and folds the kept days.
    const firstRange = ranges[0];
    if (firstRange && !early) early = askFirstPage(firstRange);
    const kept =
      opening !== null && keptScope !== undefined
        ? await takeKeptDays(aggregator, {
            opening,
            keptScope,
            plan,
            days,
            startedAtMs,
            scope,
            now,
            signal,
          })
        : null;
    if (kept) {
      // The plan's ranges, or every day when the kept days could not be brought up to date.
      ranges = todayFirst(kept.ranges, today);
      if (early && ranges[0] !== early.range) early = null;
    }
    // Only today left, and its page already here: one snapshot with it rather than two.
    const onlyAPageLeft = ranges.length === 1 && early?.arrived === true;
    if (kept && kept.eventCount > 0 && !onlyAPageLeft) {
      progress = {
        snapshot: await aggregator.snapshot(),
        loadedEvents: kept.eventCount,
        expectedEvents,
        complete: ranges.length === 0,
        truncated: false,
      };
      lastSnapshotAt = now();
      yield progress;
    } else if (kept) {
      progress = { ...progress, loadedEvents: kept.eventCount };
    }
    let pagesLeft = maxPages;
    const saving: Promise<void>[] = [];
    for (const [rangeIndex, range] of ranges.entries()) {
      // When its first page was asked: a day that had not ended then is read again next time.
      const readAtMs = early?.range === range ? early.askedAtMs : now();
      const lastRange = rangeIndex === ranges.length - 1;
      const pages = early?.range === range ? early.pages : readRange(range, pagesLeft);
      for (let pageIndex = 0; pagesLeft > 0; pageIndex++) {
        // The page travels unread to the aggregator, which parses and checks it off this thread.
        const body = await (early?.range === range && pageIndex === 0
          ? early.first
          : pages.page(pageIndex));
        pagesLeft -= 1;
        const nowMs = now();
        const eventCount = await aggregator.addPage(body, nowMs);
        // A bare array with no total: a short page (or a 204) is the last.
        const rangeDone = eventCount < pageSize;
        const truncated = !rangeDone && pagesLeft === 0;
        if (pageIndex === 0) {
          await counted;
          // The count says how many pages to ask ahead (events recorded meanwhile still come:
          // the read goes on past it while pages are full). It is the whole window's: for a
          // range of it, a bound all the same.
          pages.knowTotal(expectedEvents);
        }
        const complete = (rangeDone && lastRange) || truncated;
        const snapshot =
          complete || nowMs - lastSnapshotAt >= snapshotIntervalMs
            ? await aggregator.snapshot()
            : progress.snapshot;
        if (snapshot !== progress.snapshot) lastSnapshotAt = now();
        progress = {
          snapshot,
          loadedEvents: progress.loadedEvents + eventCount,
          expectedEvents,
          complete,
          truncated,
        };
        // A range cut short by the page cap is not kept: its days may lack events.
        if (rangeDone && keeping) {
          saving.push(
            aggregator.saveRead(
              range.map((bounds) => bounds.day),
              readAtMs,
            ),
          );
        }
        yield progress;
        if (rangeDone || truncated) break;
      }
      if (progress.truncated) break;
    }
    if (ranges.length === 0 && !progress.complete) {
      // Nothing to read and nothing kept: an empty window.
      await counted;
      progress = {
        snapshot: await aggregator.snapshot(),
        loadedEvents: 0,
        expectedEvents,
        complete: true,
        truncated: false,
      };
      yield progress;
    }
    // Kept before the aggregator (and its worker) closes.
    await Promise.all(saving);
    // The updates read cannot see an event deleted, or moved out of the group, since its day was
    // kept: the service's count of the window then differs from what was folded. The kept days
    // go, and the next visit reads the window whole.
    const keptDaysDrifted =
      kept !== null &&
      kept.eventCount > 0 &&
      progress.complete &&
      !progress.truncated &&
      expectedEvents !== null &&
      progress.loadedEvents !== expectedEvents;
    if (keptDaysDrifted) await aggregator.forgetDays();
    else if (kept?.syncedAtMs !== undefined && kept.syncedAtMs !== null) {
      await aggregator.markSynced(kept.syncedAtMs);
    }
  } finally {
    aggregator.close();
  }
}

/** A range's first page, asked before the read reaches it. */
interface EarlyRead {
  range: DayBounds[];
  pages: PageReadAhead<Blob>;
  first: Promise<Blob>;
  /** When its first page was asked: a day that had not ended then is read again next time. */
  askedAtMs: number;
  arrived: boolean;
}

/** The ranges with today (when read) as a range of its own, first. */
function todayFirst(ranges: DayBounds[][], today: DayBounds[] | null): DayBounds[][] {
  const todayDay = today?.[0]?.day;
  const last = ranges.at(-1);
  if (!today || !last || last.at(-1)?.day !== todayDay) return ranges;
  const before = last.slice(0, -1);
  return [today, ...ranges.slice(0, -1), ...(before.length > 0 ? [before] : [])];
}

interface KeptWindow {
  ranges: DayBounds[][];
  /** Events of kept days folded in. */
  eventCount: number;
  /** What to record as the scope's sync once the reads are done; null: nothing to record. */
  syncedAtMs: number | null;
}

/**
 * Brings the kept days the plan takes up to date and folds them into the scorecards;
 * resolves to the ranges left to read (the plan's, or every day when the kept days had to go).
 */
async function takeKeptDays(
  aggregator: ScorecardAggregator,
  {
    opening,
    keptScope,
    plan,
    days,
    startedAtMs,
    scope,
    now,
    signal,
  }: {
    /** The aggregator opening the scope's kept days. */
    opening: Promise<void>;
    keptScope: KeptScope | null;
    plan: DayReadPlan;
    days: DayBounds[];
    startedAtMs: number;
    scope: ScorecardScope;
    now: () => number;
    signal?: AbortSignal;
  },
): Promise<KeptWindow> {
  const startAfresh = async (ranges: DayBounds[][]): Promise<KeptWindow> => {
    // Days kept without a sync cannot be brought up to date: the scope starts afresh, synced
    // from now (every day kept from here on is read after this moment).
    await aggregator.forgetDays();
    await aggregator.markSynced(startedAtMs);
    return { ranges, eventCount: 0, syncedAtMs: null };
  };
  if (keptScope === null) {
    await opening;
    return startAfresh(plan.ranges);
  }
  // Events change after they are recorded (reviewed, coached, a due date set): a kept day would
  // go on showing them as they were. So the events updated since the last sync are read (by
  // their last update, whatever day they were recorded on) and replace their kept copies before
  // any kept day is used.
  const updates = readUpdatedEvents(scope, {
    fromMs: keptScope.syncedAtMs - UPDATE_MARGIN_MS,
    toMs: startedAtMs + UPDATE_MARGIN_MS,
    signal,
  });
  await opening;
  let upToDate = false;
  for (let pageIndex = 0; pageIndex < UPDATE_MAX_PAGES; pageIndex++) {
    const eventCount = await aggregator.addUpdates(await updates.page(pageIndex), now());
    if (eventCount < SCORECARD_PAGE_SIZE) {
      upToDate = true;
      break;
    }
  }
  const wholeWindow = days.length > 0 ? [days] : [];
  // Too many changes to replace one by one: read the window afresh.
  if (!upToDate) return startAfresh(wholeWindow);
  const eventCount = plan.kept.length > 0 ? await aggregator.addKeptDays(plan.kept, now()) : 0;
  if (eventCount === null) return startAfresh(wholeWindow);
  return { ranges: plan.ranges, eventCount, syncedAtMs: startedAtMs };
}

/** The events updated in a span, a page at a time (the first asked at once). */
function readUpdatedEvents(
  scope: ScorecardScope,
  { fromMs, toMs, signal }: { fromMs: number; toMs: number; signal?: AbortSignal },
): PageReadAhead<Blob> {
  const params = {
    ...listParams(scope),
    from: new Date(fromMs),
    to: new Date(toMs),
    dateOption: 'lastUpdatedDate' as const,
    sortBy: 'lastUpdatedDate' as const,
    sortDirection: 'asc' as const,
  };
  const pageSize = SCORECARD_PAGE_SIZE;
  const pages = readPagesAhead(
    (pageIndex) =>
      getSafetyEventsWithMetadataBody({ ...params, page: { pageIndex, pageSize } }, signal),
    { pageSize, maxPages: UPDATE_MAX_PAGES },
  );
  void pages.page(0).catch(() => undefined);
  return pages;
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
          cacheOwner: currentCacheOwner(),
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
