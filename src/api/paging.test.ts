import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from '@/api/zod';
import { mockServer } from '@/mocks/node';
import { configureTestApiClient, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import { apiRequest } from './client';
import {
  collectPages,
  readPagesAhead,
  limitOffsetPaging,
  limitPagePaging,
  numberOrNumericString,
  pagePageSizePaging,
  pageOfRows,
  toPage,
  PAGES_READ_AHEAD,
  type PageRequest,
} from './paging';

describe('paging adapters', () => {
  const thirdPageOf25 = { pageIndex: 2, pageSize: 25 };

  it('maps a UI page to limit/offset and back', () => {
    expect(limitOffsetPaging.toParams(thirdPageOf25)).toEqual({ limit: 25, offset: 50 });
    expect(limitOffsetPaging.fromParams({ limit: 25, offset: 50 })).toEqual(thirdPageOf25);
  });

  it('maps a UI page to limit/page (1-based) and back', () => {
    expect(limitPagePaging.toParams(thirdPageOf25)).toEqual({ limit: 25, page: 3 });
    expect(limitPagePaging.fromParams({ limit: 25, page: 3 })).toEqual(thirdPageOf25);
  });

  it('maps a UI page to page/pageSize (1-based) and back', () => {
    expect(pagePageSizePaging.toParams(thirdPageOf25)).toEqual({ page: 3, pageSize: 25 });
    expect(pagePageSizePaging.fromParams({ page: 3, pageSize: 25 })).toEqual(thirdPageOf25);
  });

  it('never yields a negative page index from odd parameters', () => {
    expect(limitPagePaging.fromParams({ limit: 10, page: 0 }).pageIndex).toBe(0);
    expect(limitOffsetPaging.fromParams({ limit: 0, offset: 0 }).pageIndex).toBe(0);
  });
});

describe('toPage', () => {
  it('uses the total when there is one', () => {
    expect(toPage(['a', 'b'], 12, { pageIndex: 0, pageSize: 2 }).hasMore).toBe(true);
    expect(toPage(['a', 'b'], 12, { pageIndex: 5, pageSize: 2 }).hasMore).toBe(false);
  });

  it('treats a full page as "maybe more" when the total is unknown', () => {
    expect(toPage(['a', 'b'], null, { pageIndex: 0, pageSize: 2 })).toEqual({
      items: ['a', 'b'],
      total: null,
      pageIndex: 0,
      pageSize: 2,
      hasMore: true,
    });
    expect(toPage(['a'], null, { pageIndex: 0, pageSize: 2 }).hasMore).toBe(false);
  });

  it('keeps the total of an empty page past the end, and drops one the rows contradict', () => {
    // Page 99 of a bookmarked list of 50: the list needs the 50 to move to its last page.
    expect(toPage([], 50, { pageIndex: 98, pageSize: 25 }).total).toBe(50);
    expect(toPage(['a', 'b'], 3, { pageIndex: 5, pageSize: 2 }).total).toBeNull();
  });
});

describe('pageOfRows', () => {
  const rows = ['a', 'b', 'c', 'd', 'e'];

  it('cuts the rows the browser holds into the page asked for, with their total', () => {
    expect(pageOfRows(rows, { pageIndex: 1, pageSize: 2 })).toEqual({
      items: ['c', 'd'],
      total: 5,
      pageIndex: 1,
      pageSize: 2,
      hasMore: true,
    });
    expect(pageOfRows(rows, { pageIndex: 2, pageSize: 2 })).toMatchObject({
      items: ['e'],
      hasMore: false,
    });
    expect(pageOfRows([], { pageIndex: 0, pageSize: 25 })).toMatchObject({ items: [], total: 0 });
  });
});

describe('numberOrNumericString', () => {
  it('reads numbers sent as strings and rejects other text', () => {
    expect(numberOrNumericString.parse('42')).toBe(42);
    expect(numberOrNumericString.parse(7)).toBe(7);
    expect(numberOrNumericString.safeParse('many').success).toBe(false);
  });
});

describe('collectPages', () => {
  const fleet = Array.from({ length: 7 }, (_, index) => `vehicle-${index}`);
  const pageOf = (request: PageRequest) => {
    const start = request.pageIndex * request.pageSize;
    return Promise.resolve(
      toPage(fleet.slice(start, start + request.pageSize), fleet.length, request),
    );
  };

  it('reads every page of a list shorter than the cap and says it is complete', async () => {
    const requests: PageRequest[] = [];
    const result = await collectPages(
      (request) => {
        requests.push(request);
        return pageOf(request);
      },
      3,
      5,
    );
    expect(result).toEqual({ items: fleet, complete: true });
    expect(requests).toHaveLength(3);
  });

  it('stops at the page cap and says the list goes on', async () => {
    const requests: PageRequest[] = [];
    const result = await collectPages(
      (request) => {
        requests.push(request);
        return pageOf(request);
      },
      2,
      2,
    );
    expect(result).toEqual({ items: fleet.slice(0, 4), complete: false });
    expect(requests).toHaveLength(2);
  });
});

/** A page promise the test settles itself, to hold answers back and let them arrive out of order. */
function deferredPages<P>() {
  const asked: number[] = [];
  const settle = new Map<
    number,
    { resolve: (page: P) => void; reject: (error: unknown) => void }
  >();
  let inFlight = 0;
  let mostInFlight = 0;
  const fetchPage = (pageIndex: number) =>
    new Promise<P>((resolve, reject) => {
      asked.push(pageIndex);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const done = () => (inFlight -= 1);
      settle.set(pageIndex, {
        resolve: (page) => (done(), resolve(page)),
        reject: (error) => (done(), reject(error)),
      });
    });
  return { asked, settle, fetchPage, mostInFlight: () => mostInFlight };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('readPagesAhead', () => {
  it('reads the first page alone, then a bounded few at a time, handing pages over in order', async () => {
    const pages = deferredPages<string>();
    const reader = readPagesAhead(pages.fetchPage, { pageSize: 10, maxPages: 20, concurrency: 3 });
    const first = reader.page(0);
    expect(pages.asked).toEqual([0]);
    pages.settle.get(0)!.resolve('page 0');
    await expect(first).resolves.toBe('page 0');

    const read: string[] = [];
    const reading = (async () => {
      for (let pageIndex = 1; pageIndex < 7; pageIndex++) read.push(await reader.page(pageIndex));
    })();
    await settled();
    expect(pages.asked).toEqual([0, 1, 2, 3]);
    // Later pages answer first: the reader still gets page 1 before them.
    pages.settle.get(3)!.resolve('page 3');
    pages.settle.get(2)!.resolve('page 2');
    await settled();
    expect(read).toEqual([]);
    pages.settle.get(1)!.resolve('page 1');
    await settled();
    expect(read).toEqual(['page 1', 'page 2', 'page 3']);
    // Reading page 4 has asked up to page 6, never more than three at once.
    expect(pages.asked).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const pageIndex of [6, 5, 4]) pages.settle.get(pageIndex)!.resolve(`page ${pageIndex}`);
    await reading;
    expect(read).toEqual(['page 1', 'page 2', 'page 3', 'page 4', 'page 5', 'page 6']);
    expect(pages.mostInFlight()).toBeLessThanOrEqual(3);
  });

  it('asks no page past a known total, nor past the page cap', async () => {
    const asked: number[] = [];
    const reader = readPagesAhead(
      (pageIndex) => {
        asked.push(pageIndex);
        return Promise.resolve(pageIndex);
      },
      { pageSize: 100, maxPages: 4, concurrency: 4 },
    );
    await reader.page(0);
    reader.knowTotal(250);
    await reader.page(1);
    await reader.page(2);
    expect(asked).toEqual([0, 1, 2]);

    const capped: number[] = [];
    const cappedReader = readPagesAhead(
      (pageIndex) => {
        capped.push(pageIndex);
        return Promise.resolve(pageIndex);
      },
      { pageSize: 100, maxPages: 2, concurrency: 4 },
    );
    await cappedReader.page(0);
    await cappedReader.page(1);
    expect(capped).toEqual([0, 1]);
  });

  it('a page asked ahead that fails is reported to its reader only, never as unhandled', async () => {
    const pages = deferredPages<string>();
    const reader = readPagesAhead(pages.fetchPage, { pageSize: 10, maxPages: 5, concurrency: 3 });
    const first = reader.page(0);
    pages.settle.get(0)!.resolve('page 0');
    await first;
    const second = reader.page(1);
    pages.settle.get(2)!.reject(new Error('page 2 failed'));
    pages.settle.get(1)!.resolve('page 1');
    await expect(second).resolves.toBe('page 1');
    await expect(reader.page(2)).rejects.toThrow('page 2 failed');
  });
});

describe('collectPages through the API client', () => {
  const url = `${TEST_SERVICE_BASE_URL}/reader-things`;
  const pageSchema = z.object({ items: z.array(z.number()), total: z.number().nullable() });
  /** 23 rows (48 for the rate-limit test), pages of 5; `total` null when the list has none. */
  let rows: number[] = [];
  beforeEach(() => {
    rows = Array.from({ length: 23 }, (_, index) => index);
  });

  function readThings(request: PageRequest, signal?: AbortSignal) {
    return apiRequest({
      service: 'geofences',
      path: '/reader-things',
      query: { page: request.pageIndex },
      schema: pageSchema,
      signal,
    }).then(({ items, total }) => toPage(items, total, request));
  }

  function serveRows(
    { withTotal }: { withTotal: boolean },
    answer?: (page: number) => Response | null,
  ) {
    const asked: number[] = [];
    mockServer.use(
      http.get(url, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        asked.push(page);
        const special = answer?.(page);
        if (special) return special;
        return HttpResponse.json({
          items: rows.slice(page * 5, page * 5 + 5),
          total: withTotal ? rows.length : null,
        });
      }),
    );
    return asked;
  }

  it('ends at a short page when the list has no total, dropping the pages asked past it', async () => {
    configureTestApiClient();
    const asked = serveRows({ withTotal: false });
    await expect(collectPages((request) => readThings(request), 5, 20)).resolves.toEqual({
      items: rows,
      complete: true,
    });
    // Pages 0-4 hold the list; at most a window's worth past the end was asked.
    expect(Math.max(...asked)).toBeLessThan(4 + PAGES_READ_AHEAD);
  });

  it('with a total, asks exactly the pages of the list', async () => {
    configureTestApiClient();
    const asked = serveRows({ withTotal: true });
    await expect(collectPages((request) => readThings(request), 5, 20)).resolves.toEqual({
      items: rows,
      complete: true,
    });
    expect([...asked].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
  });

  it('pages in flight wait out one Retry-After together, and the list comes whole and in order', async () => {
    let now = 1_000_000;
    const waits: number[] = [];
    configureTestApiClient({
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        // Time passes only in the wait, so every request sent after the 429 shows when it left.
        await settled();
        now += ms;
      },
    });
    rows = Array.from({ length: 48 }, (_, index) => index);
    const sentAt: { page: number; at: number }[] = [];
    let limited = false;
    serveRows({ withTotal: true }, (page) => {
      sentAt.push({ page, at: now });
      if (page === 2 && !limited) {
        limited = true;
        return new HttpResponse(null, { status: 429, headers: { 'Retry-After': '2' } });
      }
      return null;
    });
    await expect(collectPages((request) => readThings(request), 5, 20)).resolves.toEqual({
      items: rows,
      complete: true,
    });
    // Pages 1-4 were on their way when page 2 met the 429; its retry and every page asked
    // after it (5 on) waited out the one Retry-After instead of meeting 429s of their own.
    const limitedAt = sentAt.find(({ page }) => page === 2)!.at;
    const retried = sentAt.filter(({ page }) => page === 2);
    expect(retried).toHaveLength(2);
    expect(retried[1]!.at).toBeGreaterThanOrEqual(limitedAt + 2_000);
    const askedLater = sentAt.filter(({ page }) => page >= 5);
    expect(askedLater.map(({ page }) => page).sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9]);
    for (const { at } of askedLater) expect(at).toBeGreaterThanOrEqual(limitedAt + 2_000);
    expect(waits.every((ms) => ms <= 2_000)).toBe(true);
  });

  it('stops on abort: the read rejects as cancelled and no page is asked after it', async () => {
    configureTestApiClient();
    const controller = new AbortController();
    const asked = serveRows({ withTotal: true }, (page) => {
      if (page === 1) controller.abort();
      return null;
    });
    await expect(
      collectPages((request) => readThings(request, controller.signal), 5, 20),
    ).rejects.toMatchObject({ code: 'ABORTED' });
    const askedAtAbort = asked.length;
    await settled();
    await expect(
      readThings({ pageIndex: 4, pageSize: 5 }, controller.signal),
    ).rejects.toMatchObject({
      code: 'ABORTED',
    });
    expect(asked).toHaveLength(askedAtAbort);
  });
});
