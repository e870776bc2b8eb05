// @vitest-environment jsdom
import { focusManager, QueryObserver } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { configureTestApiClient, serveForTest, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import {
  announceNewEvents,
  WATCH_CHECK_INTERVAL_MS,
  watchCheckQueryOptions,
} from './use-whats-new';
import { addRule, emptyWatchState, MAX_LOOK_BACK_MS } from './watch-rules';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const metadataUrl = `${TEST_SERVICE_BASE_URL}/v0/video/safety/eventsWithMetadata`;
const withRule = addRule(
  emptyWatchState,
  { id: 'r', triggerIds: [5, 2], minimumScore: 6, groupIds: [] },
  NOW,
);

beforeEach(() => {
  configureTestApiClient();
  vi.useFakeTimers({
    now: NOW,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
});
afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

describe('the watch check', () => {
  it('is one small request for the newest changed events since the baseline', async () => {
    const requests = serveForTest('get', metadataUrl, () => HttpResponse.json([]));
    const result = await createQueryClient().fetchQuery(watchCheckQueryOptions(withRule, true));
    expect(requests).toHaveLength(1);
    const query = new URL(requests[0]!.url).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      from: '2026-11-27T12:00:00',
      to: '2026-11-28T12:00:00',
      dateOption: 'lastUpdatedDate',
      sortBy: 'lastUpdatedDate',
      sortDirection: 'desc',
      limit: '100',
      page: '1',
    });
    expect(query.getAll('triggers')).toEqual(['2', '5']);
    expect(result).toEqual({ events: [], checkedAt: NOW, complete: true });
  });

  it('never reaches back more than a week', async () => {
    const requests = serveForTest('get', metadataUrl, () => HttpResponse.json([]));
    await createQueryClient().fetchQuery(
      watchCheckQueryOptions({ ...withRule, since: NOW - 30 * MAX_LOOK_BACK_MS }, true),
    );
    expect(new URL(requests[0]!.url).searchParams.get('from')).toBe('2026-11-21T12:00:00');
  });

  it('is off without rules', () => {
    expect(watchCheckQueryOptions(emptyWatchState, true).enabled).toBe(false);
    expect(watchCheckQueryOptions(withRule, false).enabled).toBe(false);
  });

  it('checks every minute while the tab is shown, and not while it is hidden', async () => {
    serveForTest('get', metadataUrl, () => HttpResponse.json([]));
    const client = createQueryClient();
    let checks = 0;
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'fetch') checks++;
    });
    client.mount();
    const observer = new QueryObserver(client, watchCheckQueryOptions(withRule, true));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(checks).toBe(1);
    await vi.advanceTimersByTimeAsync(WATCH_CHECK_INTERVAL_MS);
    expect(checks).toBe(2);

    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(5 * WATCH_CHECK_INTERVAL_MS);
    expect(checks).toBe(2);

    // Shown again: a check at once, as the last one is more than a minute old.
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(checks).toBe(3);
    unsubscribe();
    client.unmount();
  });
});

describe('desktop notifications', () => {
  const newEvent = (id: string) => ({
    id,
    customerEventId: '',
    eventTriggerId: 5,
    eventTriggerSubTypeId: 0,
    eventStatusId: 1,
    recordDateUTC: '2026-11-28T11:00:00Z',
    recordDateTZ: 'UTC',
    recordDateUTCOffset: 0,
    creationDate: '2026-11-28T11:05:00Z',
    score: 8,
    erSerialNumber: 'ER1',
    groupId: 'g',
    objectRevision: 1,
  });

  it('sends one per check, counting only events no notification has named', () => {
    const shown: string[] = [];
    const show = (body: string) => shown.push(body);
    const first = announceNewEvents(withRule, [newEvent('a'), newEvent('b')], show);
    expect(shown).toEqual(['2 new safety events match your watch rules.']);

    expect(announceNewEvents(first, [newEvent('A'), newEvent('b')], show)).toBe(first);
    expect(shown).toHaveLength(1);

    announceNewEvents(first, [newEvent('c'), newEvent('a')], show);
    expect(shown.at(-1)).toBe('1 new safety event matches your watch rules.');
  });
});
