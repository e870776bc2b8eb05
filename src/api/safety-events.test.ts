// @vitest-environment jsdom
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  configureTestApiClient,
  searchParamsOf,
  serveForTest,
  TEST_SERVICE_BASE_URL,
} from '@/test/test-client';
import { createQueryClient } from './query-client';
import {
  findSafetyEventPosition,
  formatSafetyDateTime,
  getSafetyEvent,
  getSafetyEventFile,
  listSafetyEventBehaviors,
  listSafetyEventDynamicRisks,
  listSafetyEventIds,
  listSafetyEventStatuses,
  listSafetyEventTriggers,
  listSafetyEventTriggerSubtypes,
  listSafetyEventsWithMetadata,
  safetyEventMapQueryOptions,
  safetyEventQueueQueryOptions,
  type SafetyEventWithMetadataListParams,
} from './safety-events';

const safetyUrl = `${TEST_SERVICE_BASE_URL}/v0/video/safety`;
const event = {
  id: '9f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  customerEventId: 'EV-1001',
  eventTriggerId: 3,
  eventTriggerSubTypeId: 0,
  eventStatusId: 1,
  recordDateUTC: '2024-10-01T14:03:22Z',
  recordDateTZ: 'CDT',
  recordDateUTCOffset: -300,
  creationDate: '2024-10-01T14:05:00Z',
  score: 7,
  erSerialNumber: 'ER946234',
  groupId: '880e60d8-fbed-217a-1720-6511d9f16361',
  objectRevision: 1,
};
const from = new Date(Date.UTC(2021, 2, 16, 16, 19, 58, 450));
const to = new Date(Date.UTC(2021, 2, 17, 0, 0, 0));

beforeEach(() => configureTestApiClient());

describe('formatSafetyDateTime', () => {
  it('writes UTC at second precision without a zone', () => {
    expect(formatSafetyDateTime(from)).toBe('2021-03-16T16:19:58');
  });
});

describe('event lists', () => {
  it('reads {totalCount, eventsIds} and sends repeated array filters', async () => {
    const requests = serveForTest('get', `${safetyUrl}/events`, () =>
      HttpResponse.json({ totalCount: 3, eventsIds: ['a', 'b'] }),
    );
    const page = await listSafetyEventIds({
      page: { pageIndex: 0, pageSize: 2 },
      from,
      to,
      triggers: [1, 2],
      triggerSubTypes: [5],
      statuses: [3],
      sortBy: 'recordDate',
    });
    expect(page).toMatchObject({ items: ['a', 'b'], total: 3, hasMore: true });
    const query = searchParamsOf(requests);
    expect(query.getAll('triggers')).toEqual(['1', '2']);
    expect(query.getAll('triggerSubTypes')).toEqual(['5']);
    expect(query.get('from')).toBe('2021-03-16T16:19:58');
    expect(query.get('to')).toBe('2021-03-17T00:00:00');
    expect(query.get('page')).toBe('1');
    expect(query.get('limit')).toBe('2');
    expect(query.get('sortBy')).toBe('recordDate');
  });

  it('maps a 204 on /events to an empty page', async () => {
    serveForTest('get', `${safetyUrl}/events`, () => new HttpResponse(null, { status: 204 }));
    await expect(
      listSafetyEventIds({ page: { pageIndex: 0, pageSize: 50 } }),
    ).resolves.toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('reads the bare event array and ends at a short page', async () => {
    const requests = serveForTest('get', `${safetyUrl}/eventsWithMetadata`, () =>
      HttpResponse.json([
        { ...event, speed: 12.5, behaviors: [{ id: 4, name: 'Cell phone' }], notAField: 'x' },
      ]),
    );
    const page = await listSafetyEventsWithMetadata({
      page: { pageIndex: 0, pageSize: 10 },
      from,
      to,
    });
    expect(page.total).toBeNull();
    expect(page.hasMore).toBe(false);
    expect(page.items[0]).toEqual({
      ...event,
      speed: 12.5,
      behaviors: [{ id: 4, name: 'Cell phone' }],
    });
    expect(searchParamsOf(requests).get('from')).toBe('2021-03-16T16:19:58');
  });

  it('requires from/to and has no triggerSubTypes filter on eventsWithMetadata (types)', () => {
    // @ts-expect-error from and to are required by the service
    const missingRange: SafetyEventWithMetadataListParams = {
      page: { pageIndex: 0, pageSize: 10 },
    };
    const withSubtypes: SafetyEventWithMetadataListParams = {
      page: { pageIndex: 0, pageSize: 10 },
      from,
      to,
      // @ts-expect-error the endpoint does not define triggerSubTypes
      triggerSubTypes: [1],
    };
    expect([missingRange, withSubtypes]).toHaveLength(2);
  });

  it('maps a 204 on /eventsWithMetadata to an empty page', async () => {
    serveForTest(
      'get',
      `${safetyUrl}/eventsWithMetadata`,
      () => new HttpResponse(null, { status: 204 }),
    );
    const page = await listSafetyEventsWithMetadata({
      page: { pageIndex: 3, pageSize: 10 },
      from,
      to,
    });
    expect(page).toMatchObject({ items: [], hasMore: false });
  });
});

describe('single events', () => {
  it('reads one event and rejects one missing required fields', async () => {
    serveForTest('get', `${safetyUrl}/events/:id`, () => HttpResponse.json(event));
    await expect(getSafetyEvent(event.id)).resolves.toEqual(event);

    serveForTest('get', `${safetyUrl}/events/:id`, () => HttpResponse.json({ id: event.id }));
    await expect(getSafetyEvent(event.id)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('downloads the event file as a Blob in the chosen format', async () => {
    const bytes = new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]);
    const requests = serveForTest(
      'get',
      `${safetyUrl}/events/:eventId/file`,
      () => new HttpResponse(bytes, { headers: { 'Content-Type': 'video/mp4' } }),
    );
    const file = await getSafetyEventFile(event.id, 'mp4');
    expect(file.size).toBe(bytes.length);
    expect(file.type).toBe('video/mp4');
    expect(typeof file.arrayBuffer).toBe('function');
    expect(searchParamsOf(requests).get('format')).toBe('mp4');
    expect(requests[0]!.headers.get('Accept')).toBe('video/mp4');
  });
});

describe('safety lookups', () => {
  it.each([
    ['/events/triggers', listSafetyEventTriggers],
    ['/events/triggersubtypes', listSafetyEventTriggerSubtypes],
    ['/events/statuses', listSafetyEventStatuses],
    ['/events/behaviors', listSafetyEventBehaviors],
    ['/events/dynamicRisks', listSafetyEventDynamicRisks],
  ])('reads %s as a bare array, and a 204 as empty', async (path, list) => {
    serveForTest('get', `${safetyUrl}${path}`, () =>
      HttpResponse.json([{ id: 1, name: 'Example', creationDate: '2020-01-01T00:00:00Z' }]),
    );
    await expect(list()).resolves.toEqual([
      { id: 1, name: 'Example', creationDate: '2020-01-01T00:00:00Z' },
    ]);
    serveForTest('get', `${safetyUrl}${path}`, () => new HttpResponse(null, { status: 204 }));
    await expect(list()).resolves.toEqual([]);
  });
});

describe('the queue and an event’s place in it', () => {
  it('pages the metadata queue until a short page', () => {
    const options = safetyEventQueueQueryOptions({ from, to }, 2);
    const next = options.getNextPageParam;
    const full = { items: [event, event], total: null, pageIndex: 0, pageSize: 2, hasMore: true };
    const short = { ...full, items: [event], pageIndex: 1, hasMore: false };
    expect(options.initialPageParam).toBe(0);
    expect(next(full, [full], 0, [0])).toBe(1);
    expect(next(short, [full, short], 1, [0, 1])).toBeUndefined();
  });

  it('finds an event’s position from the ID pages only, without case', async () => {
    const ids = Array.from({ length: 1500 }, (_, index) => `id-${index}`);
    const requests = serveForTest('get', `${safetyUrl}/events`, () => {
      const page = Number(new URL(requests.at(-1)!.url).searchParams.get('page'));
      const eventsIds = ids.slice((page - 1) * 1000, page * 1000);
      return HttpResponse.json({ totalCount: ids.length, eventsIds });
    });
    await expect(findSafetyEventPosition({ from, to }, 'ID-1203', 5)).resolves.toEqual({
      position: 1203,
      complete: true,
    });
    expect(requests.map((request) => new URL(request.url).searchParams.get('limit'))).toEqual([
      '1000',
      '1000',
    ]);
    await expect(findSafetyEventPosition({ from, to }, 'missing', 5)).resolves.toEqual({
      position: null,
      complete: true,
    });
    await expect(findSafetyEventPosition({ from, to }, 'id-1203', 1)).resolves.toEqual({
      position: null,
      complete: false,
    });
  });

  it('reads a map of events a page of 1,000 at a time, up to its cap, and says when it is capped', async () => {
    const total = 2500;
    const requests = serveForTest('get', `${safetyUrl}/eventsWithMetadata`, () => {
      const query = new URL(requests.at(-1)!.url).searchParams;
      const [page, limit] = [Number(query.get('page')), Number(query.get('limit'))];
      const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
      return HttpResponse.json(Array.from({ length: count }, () => event));
    });
    const read = (maxEvents: number) => {
      const options = safetyEventMapQueryOptions({ from, to, sortBy: 'recordDate' }, maxEvents);
      return createQueryClient().fetchQuery(options);
    };

    const whole = await read(5000);
    expect(whole).toMatchObject({ complete: true });
    expect(whole.items).toHaveLength(total);
    // Pages asked ahead of the short third one come back empty; none past the cap of five.
    const pages = requests.map((request) => Number(new URL(request.url).searchParams.get('page')));
    expect(pages.slice(0, 3)).toEqual([1, 2, 3]);
    expect(Math.max(...pages)).toBeLessThanOrEqual(5);
    expect(new URL(requests[0]!.url).searchParams.get('sortBy')).toBe('recordDate');

    requests.length = 0;
    const capped = await read(1500);
    expect(capped).toMatchObject({ complete: false });
    expect(capped.items).toHaveLength(1500);
    expect(requests).toHaveLength(2);
  });

  it('reports download progress of the event file', async () => {
    serveForTest(
      'get',
      `${safetyUrl}/events/:eventId/file`,
      () =>
        new HttpResponse(new Uint8Array(10), {
          headers: { 'Content-Type': 'video/mp4', 'Content-Length': '10' },
        }),
    );
    const progress: number[] = [];
    await getSafetyEventFile(event.id, 'mp4', undefined, (update) => progress.push(update.loaded));
    expect(progress.at(-1)).toBe(10);
  });
});
