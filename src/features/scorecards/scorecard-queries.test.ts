import { QueryObserver } from '@tanstack/react-query';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGES_READ_AHEAD } from '@/api/paging';
import { createQueryClient } from '@/api/query-client';
import { memoryDayStorage, type DayStorage } from '@/api/safety-event-days';
import { formatSafetyDateTime, listSafetyEventIds } from '@/api/safety-events';
import { dayStart, lastLocalDays } from '@/lib/local-date';
import { mockServer } from '@/mocks/node';
import { getDb } from '@/mocks/state';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import {
  fleetScorecard,
  scorecardRow,
  type ScorecardEvent,
  type ScorecardSnapshot,
} from './aggregate';
import { inlineAggregatorWith, startInlineAggregator } from './scorecard-aggregator';
import {
  fleetScorecardQueryOptions,
  readScorecards,
  type ScorecardProgress,
  type ScorecardScope,
} from './scorecard-queries';
import { windowInstants } from './scorecard-window';

const metadataUrl = `${TEST_SERVICE_BASE_URL}/v0/video/safety/eventsWithMetadata`;
const last30 = lastLocalDays(30);
const scope: ScorecardScope = { fromDay: last30.from, toDay: last30.to };

beforeEach(async () => {
  const token = await signInForTest();
  configureTestApiClient({ getAccessToken: () => token });
});

async function readAll(options: { pageSize: number }): Promise<ScorecardProgress[]> {
  const seen: ScorecardProgress[] = [];
  for await (const progress of readScorecards(scope, {
    maxPages: 100,
    trendPoints: 30,
    startAggregator: startInlineAggregator,
    snapshotIntervalMs: 0,
    ...options,
  })) {
    seen.push(progress);
  }
  return seen;
}

describe('readScorecards', () => {
  it('reads the window a few pages at a time after the first, and ranks what has arrived after each', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    let pagesAsked = 0;
    mockServer.events.on('request:start', ({ request }) => {
      if (!request.url.startsWith(metadataUrl)) return;
      pagesAsked += 1;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
    });
    mockServer.events.on('response:mocked', ({ request }) => {
      if (request.url.startsWith(metadataUrl)) inFlight -= 1;
    });
    const steps = await readAll({ pageSize: 200 });
    mockServer.events.removeAllListeners();

    expect(steps.length).toBeGreaterThan(2);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(PAGES_READ_AHEAD);
    expect(steps[0]!.snapshot!.drivers.size).toBeGreaterThan(0);
    expect(steps[0]!.loadedEvents).toBe(200);
    expect(steps.slice(0, -1).every((step) => !step.complete)).toBe(true);

    const last = steps.at(-1)!;
    const expected = (
      await listSafetyEventIds({
        ...windowInstants(scope),
        dateOption: 'recordDate',
        page: { pageIndex: 0, pageSize: 1 },
      })
    ).total;
    expect(last).toMatchObject({ complete: true, truncated: false, expectedEvents: expected });
    expect(last.loadedEvents).toBe(expected);
    // The count bounds the pages asked ahead: none past the last (one more only if it is full).
    expect(pagesAsked).toBeLessThanOrEqual(Math.floor((expected ?? 0) / 200) + 1);
    expect(fleetScorecard(last.snapshot!).metrics.events).toBe(expected);
  });

  it("counts a driver's events as the service does for that driver", async () => {
    const snapshot = (await readAll({ pageSize: 1000 })).at(-1)!.snapshot!;
    const busiest = scorecardRow(snapshot, snapshot.drivers, topIndex(snapshot));
    const theirs = await listSafetyEventIds({
      ...windowInstants(scope),
      dateOption: 'recordDate',
      driverId: busiest.id,
      page: { pageIndex: 0, pageSize: 1 },
    });
    expect(busiest.metrics.events).toBe(theirs.total);
    expect(busiest.name).not.toBe('');
  });

  it('stops at the page cap and says the scorecards are partial', async () => {
    const steps: ScorecardProgress[] = [];
    for await (const progress of readScorecards(scope, {
      maxPages: 2,
      pageSize: 50,
      trendPoints: 30,
      startAggregator: startInlineAggregator,
    })) {
      steps.push(progress);
    }
    expect(steps).toHaveLength(2);
    expect(steps[1]).toMatchObject({ complete: true, truncated: true, loadedEvents: 100 });
  });
});

describe('an unreadable page', () => {
  it("fails the read with the API client's own error for data it does not understand", async () => {
    mockServer.use(http.get(metadataUrl, () => HttpResponse.json({ id: 7 })));
    const reading = readAll({ pageSize: 1000 });
    await expect(reading).rejects.toMatchObject({
      name: 'ApiError',
      code: 'INVALID_RESPONSE',
      message: 'The service sent data the console does not understand (GET /eventsWithMetadata).',
    });
  });
});

describe('fleetScorecardQueryOptions', () => {
  it('caches the rankings of a window and keeps the rows read before a failure', async () => {
    let requests = 0;
    mockServer.use(
      http.get(metadataUrl, ({ request }) => {
        requests += 1;
        if (new URL(request.url).searchParams.get('page') === '2') {
          return new Response(null, { status: 500 });
        }
        return undefined;
      }),
    );
    const queryClient = createQueryClient();
    // The demo's whole history (1,000 events at 1x): one full page, then the failing second.
    const last90 = lastLocalDays(90);
    const options = fleetScorecardQueryOptions(
      { fromDay: last90.from, toDay: last90.to },
      startInlineAggregator,
    );
    await expect(queryClient.fetchQuery(options)).rejects.toMatchObject({
      name: 'ApiError',
      status: 500,
    });
    const partial = queryClient.getQueryData(options.queryKey);
    expect(partial?.loadedEvents).toBe(1000);
    expect(partial?.complete).toBe(false);
    expect(requests).toBeGreaterThan(1);
  });
});

describe('one ranking read at a time', () => {
  it('stops the read of the window left behind, which starts over when next wanted', async () => {
    const metadataPages: string[] = [];
    mockServer.use(
      http.get(metadataUrl, async ({ request }) => {
        metadataPages.push(new URL(request.url).searchParams.get('from') ?? '');
        // Slow pages, so the first read is still under way when the second starts.
        await delay(30);
        return undefined;
      }),
    );
    const queryClient = createQueryClient();
    const last90 = lastLocalDays(90);
    const first = fleetScorecardQueryOptions(
      { fromDay: last90.from, toDay: last90.to },
      startInlineAggregator,
    );
    const second = fleetScorecardQueryOptions(scope, startInlineAggregator);
    const firstRead = queryClient.fetchQuery(first).catch((error: unknown) => error);
    await vi.waitFor(() => expect(metadataPages.length).toBeGreaterThan(0));
    const secondRead = await queryClient.fetchQuery(second);

    expect(secondRead.complete).toBe(true);
    await firstRead;
    // Once the second window's pages begin, the first window asks for none.
    const secondStart = metadataPages.findIndex((from) => from !== metadataPages[0]);
    expect(secondStart).toBeGreaterThan(0);
    expect(metadataPages.slice(secondStart)).not.toContain(metadataPages[0]);
    expect(queryClient.getQueryState(first.queryKey)).toMatchObject({
      status: 'pending',
      fetchStatus: 'idle',
      data: undefined,
    });
  });
});

describe('two windows watched at once', () => {
  it('each read finishes: a window still watched is not restarted by the other', async () => {
    let metadataRequests = 0;
    mockServer.use(
      http.get(metadataUrl, async () => {
        metadataRequests += 1;
        await delay(10);
        return undefined;
      }),
    );
    const queryClient = createQueryClient();
    const last90 = lastLocalDays(90);
    const older = new QueryObserver(
      queryClient,
      fleetScorecardQueryOptions({ fromDay: last90.from, toDay: last90.to }, startInlineAggregator),
    );
    const stopWatchingOlder = older.subscribe(() => {});
    await vi.waitFor(() => expect(metadataRequests).toBeGreaterThan(0));
    const newer = new QueryObserver(
      queryClient,
      fleetScorecardQueryOptions(scope, startInlineAggregator),
    );
    const stopWatchingNewer = newer.subscribe(() => {});

    await vi.waitFor(
      () => {
        expect(newer.getCurrentResult().data?.complete).toBe(true);
        expect(older.getCurrentResult().data?.complete).toBe(true);
      },
      { timeout: 10_000 },
    );
    const requestsWhenDone = metadataRequests;
    await delay(100);
    expect(metadataRequests).toBe(requestsWhenDone);
    stopWatchingOlder();
    stopWatchingNewer();
  });
});

function topIndex(snapshot: ScorecardSnapshot): number {
  let best = 0;
  for (let index = 1; index < snapshot.drivers.size; index++) {
    if (
      scorecardRow(snapshot, snapshot.drivers, index).metrics.events >
      scorecardRow(snapshot, snapshot.drivers, best).metrics.events
    ) {
      best = index;
    }
  }
  return best;
}

describe('kept days (with a cache owner)', () => {
  const owner = 'ann@demo';

  /** Reads the window, noting each metadata request's range and date option. */
  async function readKept(storage: DayStorage<ScorecardEvent>, cacheOwner: string | null) {
    const asked: { from: string; to: string; dateOption: string }[] = [];
    mockServer.events.on('request:start', ({ request }) => {
      if (!request.url.startsWith(metadataUrl)) return;
      const search = new URL(request.url).searchParams;
      asked.push({
        from: search.get('from') ?? '',
        to: search.get('to') ?? '',
        dateOption: search.get('dateOption') ?? '',
      });
    });
    const steps: ScorecardProgress[] = [];
    try {
      for await (const progress of readScorecards(scope, {
        maxPages: 100,
        pageSize: 200,
        trendPoints: 30,
        startAggregator: inlineAggregatorWith(() => storage),
        snapshotIntervalMs: 0,
        cacheOwner,
        keptDays: storage,
      })) {
        steps.push(progress);
      }
    } finally {
      mockServer.events.removeAllListeners();
    }
    const last = steps.at(-1)!;
    return { asked, steps, last, fleet: fleetScorecard(last.snapshot!) };
  }

  const todayStart = formatSafetyDateTime(dayStart(last30.to));
  const windowStartText = formatSafetyDateTime(dayStart(last30.from));

  it('on a second visit reads only today (and what changed), and counts kept events as loaded', async () => {
    const storage = memoryDayStorage<ScorecardEvent>();
    const first = await readKept(storage, owner);
    expect(first.asked.every((request) => request.dateOption === 'recordDate')).toBe(true);
    // Today first, asked before the disk is read; then the days before it.
    expect(first.asked[0]!.from).toBe(todayStart);
    expect(first.asked.some((request) => request.from === windowStartText)).toBe(true);
    expect(first.last.loadedEvents).toBe(first.last.expectedEvents);

    const second = await readKept(storage, owner);
    const byRecord = second.asked.filter((request) => request.dateOption === 'recordDate');
    expect(byRecord.length).toBeGreaterThan(0);
    expect(byRecord.every((request) => request.from === todayStart)).toBe(true);
    expect(second.asked.some((request) => request.dateOption === 'lastUpdatedDate')).toBe(true);
    // The kept days come first, already counted as loaded.
    expect(second.steps[0]!.loadedEvents).toBeGreaterThan(0);
    expect(second.last).toMatchObject({
      complete: true,
      truncated: false,
      loadedEvents: first.last.loadedEvents,
      expectedEvents: first.last.expectedEvents,
    });
    expect(second.fleet.metrics).toEqual(first.fleet.metrics);
  });

  it('replaces kept copies of events changed on the service since they were read', async () => {
    const storage = memoryDayStorage<ScorecardEvent>();
    const first = await readKept(storage, owner);
    // An unreviewed event of a past day in the window is reviewed now.
    const windowStart = dayStart(last30.from).getTime();
    const record = getDb().safetyEvents.find((event) => {
      const recordMs = Date.parse(event.recordDateUTC);
      return (
        !event.reviewedDate && recordMs >= windowStart && recordMs < Date.parse(`${todayStart}Z`)
      );
    })!;
    const nowText = new Date().toISOString();
    record.reviewedDate = nowText;
    record.lastUpdatedDate = nowText;

    const second = await readKept(storage, owner);
    expect(second.fleet.metrics.reviewed).toBe(first.fleet.metrics.reviewed + 1);
    expect(second.fleet.metrics.events).toBe(first.fleet.metrics.events);
  });

  it('forgets the kept days when the service counts otherwise (an event deleted since)', async () => {
    const storage = memoryDayStorage<ScorecardEvent>();
    const first = await readKept(storage, owner);
    const total = first.last.expectedEvents!;
    // The service now counts one event fewer in the window than the kept days hold.
    mockServer.use(
      http.get(`${TEST_SERVICE_BASE_URL}/v0/video/safety/events`, () =>
        HttpResponse.json({ totalCount: total - 1, eventsIds: [] }),
      ),
    );
    const second = await readKept(storage, owner);
    expect(second.last).toMatchObject({ loadedEvents: total, expectedEvents: total - 1 });
    mockServer.resetHandlers();

    const third = await readKept(storage, owner);
    expect(third.asked.some((request) => request.from === windowStartText)).toBe(true);
    expect(third.asked.every((request) => request.dateOption === 'recordDate')).toBe(true);
    expect(third.last.loadedEvents).toBe(total);
  });

  it('reads every day from the service when the disk refuses (a private window, a full disk)', async () => {
    const refuse = () => Promise.reject(new Error('QuotaExceededError'));
    const refusing: DayStorage<ScorecardEvent> = {
      getScope: refuse,
      getDays: refuse,
      putDays: refuse,
      putSyncedAt: refuse,
      clearScope: refuse,
    };
    // The page could read the scope, the worker cannot write.
    const refusingWrites = { ...refusing, getScope: () => Promise.resolve(null) };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const storage of [refusing, refusingWrites]) {
      const read = await readKept(storage, owner);
      expect(read.asked.some((request) => request.from === windowStartText)).toBe(true);
      expect(read.last).toMatchObject({ complete: true, truncated: false });
      expect(read.last.loadedEvents).toBe(read.last.expectedEvents);
    }
    warn.mockRestore();
  });

  it('keeps nothing and reads every day without a cache owner', async () => {
    const storage = memoryDayStorage<ScorecardEvent>();
    let touched = 0;
    const watched: DayStorage<ScorecardEvent> = {
      getDays: (...args) => (touched++, storage.getDays(...args)),
      putDays: (...args) => (touched++, storage.putDays(...args)),
      getScope: (...args) => (touched++, storage.getScope(...args)),
      putSyncedAt: (...args) => (touched++, storage.putSyncedAt(...args)),
      clearScope: (...args) => (touched++, storage.clearScope(...args)),
    };
    await readKept(watched, null);
    const second = await readKept(watched, null);
    expect(touched).toBe(0);
    expect(second.asked[0]!.from).toBe(windowStartText);
    expect(second.steps[0]!.loadedEvents).toBe(200);
  });
});
