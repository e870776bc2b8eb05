// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { mockServer } from '@/mocks/node';
import { configureTestApiClient, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import {
  openStatusIds,
  overviewQueries,
  prefetchOverview,
  rememberedOpenStatusIds,
  rememberOpenStatusIds,
  startOfToday,
  type EventQueueFilters,
} from './overview-queries';

const safetyUrl = `${TEST_SERVICE_BASE_URL}/v0/video/safety`;
/** The review queue's reading of its filters, reduced to what these counts need. */
const eventQueue: EventQueueFilters = {
  countFilters: (search, today) => ({ from: today, statuses: search.statuses }),
  queueParams: (search, today) => ({ from: today, to: today, statuses: search.statuses }),
};
const statuses = [
  { id: 1, name: 'New' },
  { id: 2, name: 'Ready for Review' },
  { id: 5, name: 'Coached' },
  { id: 6, name: 'Resolved' },
];
const serviceOpenStatuses = [1, 2];

/**
 * The service's statuses, answered only once `answerWhen` holds (or after two seconds), and the
 * open-events counts, in the order they happen: "statuses" and "count 1,2" (the statuses counted).
 */
function serveStatusesAndCounts(answerWhen: (log: string[]) => boolean = () => true) {
  const log: string[] = [];
  mockServer.use(
    http.get(`${safetyUrl}/events/statuses`, async () => {
      await vi
        .waitFor(() => expect(answerWhen(log)).toBe(true), { timeout: 2000 })
        .catch(() => undefined);
      log.push('statuses');
      return HttpResponse.json(statuses);
    }),
    http.get(`${safetyUrl}/events`, ({ request }) => {
      const asked = new URL(request.url).searchParams.getAll('statuses').map(Number);
      log.push(`count ${asked.join(',')}`);
      return HttpResponse.json({ totalCount: asked.length * 10, eventsIds: ['e1'] });
    }),
  );
  return log;
}

function openCount(queryClient: ReturnType<typeof createQueryClient>, open: number[]) {
  return queryClient.getQueryData(
    overviewQueries.openEvents(eventQueue, open, startOfToday()).queryKey,
  );
}

describe('overview queries', () => {
  beforeEach(() => configureTestApiClient());

  it('counts as open every status that is not finished, in ID order', () => {
    expect(openStatusIds([...statuses].reverse())).toEqual(serviceOpenStatuses);
  });

  it('cannot tell the open statuses from an empty list or one whose entries have no name', () => {
    expect(openStatusIds([])).toBeNull();
    expect(openStatusIds(statuses.map(({ id }) => ({ id })))).toBeNull();
    expect(openStatusIds([...statuses.slice(1), { id: 99, name: ' ' }])).toBeNull();
  });

  it('remembers the open statuses and ignores anything else stored under their name', () => {
    expect(rememberedOpenStatusIds()).toBeNull();
    rememberOpenStatusIds([1, 2]);
    expect(rememberedOpenStatusIds()).toEqual([1, 2]);
    localStorage.setItem('fleet-console.open-event-statuses', '["1"]');
    expect(rememberedOpenStatusIds()).toBeNull();
  });

  it('counts after the statuses on a first visit, and remembers them for the next', async () => {
    const log = serveStatusesAndCounts();
    const queryClient = createQueryClient();
    prefetchOverview(queryClient, eventQueue, null);
    await vi.waitFor(() => expect(openCount(queryClient, serviceOpenStatuses)).toBe(20));
    expect(log).toEqual(['statuses', 'count 1,2']);
    expect(rememberedOpenStatusIds()).toEqual(serviceOpenStatuses);
  });

  it('asks for the statuses first, as the count waits on them', async () => {
    serveStatusesAndCounts();
    const asked: string[] = [];
    const noteRequest = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname);
    };
    mockServer.events.on('request:start', noteRequest);
    try {
      const queryClient = createQueryClient();
      prefetchOverview(queryClient, eventQueue, null);
      await vi.waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(5));
      expect(asked[0]).toMatch(/\/events\/statuses$/);
    } finally {
      mockServer.events.removeListener('request:start', noteRequest);
    }
  });

  it('counts the remembered open statuses beside the statuses, once when they still hold', async () => {
    rememberOpenStatusIds(serviceOpenStatuses);
    // The statuses are held until a count has been asked for: it must not wait for them.
    const log = serveStatusesAndCounts((soFar) => soFar.length > 0);
    const queryClient = createQueryClient();
    prefetchOverview(queryClient, eventQueue, null);
    await vi.waitFor(() => expect(log).toContain('statuses'));
    await vi.waitFor(() => expect(openCount(queryClient, serviceOpenStatuses)).toBe(20));
    expect(log).toEqual(['count 1,2', 'statuses']);
  });

  it('counts again with the listed statuses when the remembered ones have changed', async () => {
    rememberOpenStatusIds([1, 2, 3]);
    const log = serveStatusesAndCounts((soFar) => soFar.length > 0);
    const queryClient = createQueryClient();
    prefetchOverview(queryClient, eventQueue, null);
    await vi.waitFor(() => expect(openCount(queryClient, serviceOpenStatuses)).toBe(20));
    expect(log).toEqual(['count 1,2,3', 'statuses', 'count 1,2']);
    expect(rememberedOpenStatusIds()).toEqual(serviceOpenStatuses);
  });

  it('counts straight away with statuses already read in this session', async () => {
    rememberOpenStatusIds([1, 2, 3]);
    const log = serveStatusesAndCounts();
    const queryClient = createQueryClient();
    queryClient.setQueryData(overviewQueries.statuses().queryKey, statuses);
    prefetchOverview(queryClient, eventQueue, null);
    await vi.waitFor(() => expect(openCount(queryClient, serviceOpenStatuses)).toBe(20));
    expect(log).toEqual(['count 1,2']);
  });
});
