import { z } from '@/api/zod';
import { mergeReadReports, type ReadReport } from './read-report';

/** A page as the UI thinks of it: 0-based index and a size. */
export interface PageRequest {
  pageIndex: number;
  pageSize: number;
}

/** One page of a list, whatever paging style the sub-API uses. `total` is null when unknown. */
export interface Page<T> {
  items: T[];
  total: number | null;
  pageIndex: number;
  pageSize: number;
  hasMore: boolean;
  /** What the read of this page could not read (fields, records); null or absent when nothing. */
  readReport?: ReadReport | null;
}

/**
 * Maps a UI page to one API's paging parameters (`limit` with `offset` or `page`, or the legacy
 * ECM API's `page` with `pageSize`) and back.
 */
export interface PagingAdapter<Params> {
  toParams: (request: PageRequest) => Params;
  fromParams: (params: Params) => PageRequest;
}

export interface LimitOffsetParams {
  limit: number;
  offset: number;
}

export interface LimitPageParams {
  limit: number;
  /** 1-based. */
  page: number;
}

export interface PagePageSizeParams {
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** Users, groups, audit logs, devices, geofences, activations, driver assignments. */
export const limitOffsetPaging: PagingAdapter<LimitOffsetParams> = {
  toParams: ({ pageIndex, pageSize }) => ({ limit: pageSize, offset: pageIndex * pageSize }),
  fromParams: ({ limit, offset }) => ({
    pageIndex: Math.floor(offset / Math.max(1, limit)),
    pageSize: limit,
  }),
};

/** Vehicles and safety events. */
export const limitPagePaging: PagingAdapter<LimitPageParams> = {
  toParams: ({ pageIndex, pageSize }) => ({ limit: pageSize, page: pageIndex + 1 }),
  fromParams: ({ limit, page }) => ({ pageIndex: Math.max(0, page - 1), pageSize: limit }),
};

/** Legacy ECM. */
export const pagePageSizePaging: PagingAdapter<PagePageSizeParams> = {
  toParams: ({ pageIndex, pageSize }) => ({ page: pageIndex + 1, pageSize }),
  fromParams: ({ page, pageSize }) => ({ pageIndex: Math.max(0, page - 1), pageSize }),
};

/**
 * A total the service sent, if it can be true: a whole number, not below the rows already seen.
 * A negative, fractional, absurd or contradicted count is no count (null): the list then shows the
 * rows that arrived and offers a next page only after a full one.
 */
export function believableTotal(
  total: number | null | undefined,
  seenSoFar: number,
): number | null {
  if (total === null || total === undefined) return null;
  if (!Number.isSafeInteger(total) || total < seenSoFar) return null;
  return total;
}

/** Without a total (e.g. safety eventsWithMetadata) a full page is the only hint that more exist. */
export function toPage<T>(items: T[], total: number | null, request: PageRequest): Page<T> {
  const seenSoFar = request.pageIndex * request.pageSize + items.length;
  // An empty page past the end (page 99 of a bookmark) proves no rows before it: its total stands,
  // so the list can move to the last page there is.
  const count = believableTotal(total, items.length > 0 ? seenSoFar : 0);
  const hasMore = count === null ? items.length >= request.pageSize : seenSoFar < count;
  return { items, total: count, pageIndex: request.pageIndex, pageSize: request.pageSize, hasMore };
}

/** A page of rows the browser already holds (a list read whole, search matches), cut as a service would. */
export function pageOfRows<T>(rows: readonly T[], request: PageRequest): Page<T> {
  const start = request.pageIndex * request.pageSize;
  return toPage(rows.slice(start, start + request.pageSize), rows.length, request);
}

export function emptyPage<T>(request: PageRequest): Page<T> {
  return toPage<T>([], 0, request);
}

/**
 * `metadata` of the limit/offset lists; `count` is the total number of matches (as the Users API's
 * BulkUserMetadata describes it).
 */
export const offsetListMetadataSchema = z.object({
  count: z.number().nullish(),
  limit: z.number().nullish(),
  offset: z.number().nullish(),
});

/** Only for payloads the contract types as numeric strings (device vehicleAssignments paging). */
export const numberOrNumericString = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : value,
  z.number(),
);

/** How many pages of a long read are asked at once, once its first page shows there are more. */
export const PAGES_READ_AHEAD = 4;

/** A long read's pages, asked a few ahead of the one its reader waits for. */
export interface PageReadAhead<P> {
  /** Page `pageIndex` (asked in order: 0, 1, 2…), asking the next few meanwhile. */
  page: (pageIndex: number) => Promise<P>;
  /** The list's total, once known (null: not known): no page past it is asked ahead. */
  knowTotal: (total: number | null) => void;
}

/**
 * Reads a long list a few pages at a time instead of one after another, so the latency of a
 * request is paid once per few pages. The first page is read alone (a list of one page costs one
 * request); after it, up to `concurrency` pages are in flight, never past `maxPages` or a known
 * page count. The reader still decides where the list ends: a page asked ahead past the end comes
 * back empty and is dropped. A 429 holds every request of its service in the API client, so the
 * pages in flight wait out one Retry-After together.
 */
export function readPagesAhead<P>(
  fetchPage: (pageIndex: number) => Promise<P>,
  {
    pageSize,
    maxPages,
    concurrency = PAGES_READ_AHEAD,
  }: { pageSize: number; maxPages: number; concurrency?: number },
): PageReadAhead<P> {
  const asked = new Map<number, Promise<P>>();
  let nextToAsk = 0;
  let askAheadUntil = maxPages;
  const ask = (pageIndex: number) => {
    const page = fetchPage(pageIndex);
    // A page asked ahead and never read must not report its failure as unhandled.
    page.catch(() => undefined);
    asked.set(pageIndex, page);
    return page;
  };
  return {
    page: (pageIndex) => {
      const until =
        pageIndex === 0 ? 1 : Math.min(askAheadUntil, maxPages, pageIndex + concurrency);
      for (; nextToAsk < until; nextToAsk++) void ask(nextToAsk);
      const page = asked.get(pageIndex) ?? ask(pageIndex);
      asked.delete(pageIndex);
      return page;
    },
    knowTotal: (total) => {
      if (total !== null) askAheadUntil = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
    },
  };
}

/** A whole list read page by page, and whether it ended before the page cap did. */
export interface CollectedList<T> {
  items: T[];
  complete: boolean;
  /** What the pages' reads could not read, together. */
  readReport?: ReadReport | null;
}

/**
 * Reads a list until it ends or `maxPages` were read (a few pages at a time), so a lookup built
 * from a list costs a known, small number of requests however large the fleet is.
 */
export async function collectPages<T>(
  fetchPage: (request: PageRequest) => Promise<Page<T>>,
  pageSize: number,
  maxPages: number,
): Promise<CollectedList<T>> {
  const pages = readPagesAhead((pageIndex) => fetchPage({ pageIndex, pageSize }), {
    pageSize,
    maxPages,
  });
  const items: T[] = [];
  let readReport: ReadReport | null = null;
  const withReport = (list: CollectedList<T>) => (readReport ? { ...list, readReport } : list);
  for (let pageIndex = 0; pageIndex < maxPages; pageIndex += 1) {
    const page = await pages.page(pageIndex);
    pages.knowTotal(page.total);
    items.push(...page.items);
    readReport = mergeReadReports(readReport, page.readReport);
    if (!page.hasMore || page.items.length === 0) return withReport({ items, complete: true });
  }
  return withReport({ items, complete: false });
}
