import { describe, expect, it } from 'vitest';
import {
  collectPages,
  limitOffsetPaging,
  limitPagePaging,
  numberOrNumericString,
  pagePageSizePaging,
  pageOfRows,
  toPage,
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
