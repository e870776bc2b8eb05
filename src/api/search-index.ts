import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { collectPages, type Page, type PageRequest } from './paging';

/** Large pages and a cap: an index costs a few requests however large the fleet is. */
const SEARCH_INDEX_PAGE_SIZE = 1000;
const SEARCH_INDEX_MAX_PAGES = 5;
/** What an index holds (names, serials, plates) rarely changes; writes invalidate it anyway. */
const SEARCH_INDEX_STALE_TIME_MS = 10 * 60_000;

/**
 * A list read once (up to a cap) and searched in the browser, for what its endpoint cannot filter
 * on. Pages are read a few at a time (`collectPages`); a 429 holds them all until Retry-After.
 * `complete` is false when the list holds more rows than the index reads.
 */
export function searchIndexQueryOptions<Key extends QueryKey, Item, Index>({
  queryKey,
  readPage,
  toIndex,
}: {
  queryKey: Key;
  readPage: (page: PageRequest, signal: AbortSignal) => Promise<Page<Item>>;
  toIndex: (items: Item[], complete: boolean) => Index;
}) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<Index> => {
      const { items, complete } = await collectPages(
        (page) => readPage(page, signal),
        SEARCH_INDEX_PAGE_SIZE,
        SEARCH_INDEX_MAX_PAGES,
      );
      return toIndex(items, complete);
    },
    staleTime: SEARCH_INDEX_STALE_TIME_MS,
  });
}
