import { collectPages, type CollectedList, type Page, type PageRequest } from './paging';

/** Under every sub-API's largest page (vehicles take 1,000), so one size serves every list. */
const LOAD_ALL_PAGE_SIZE = 500;
/** A bulk change of more rows than this is a job for an import, not a selection. */
const LOAD_ALL_MAX_ROWS = 5000;

/**
 * "Select all matching the filter": every row of the filtered list, read page by page with the
 * list's own call, up to `maxRows`. A list passes its current filters and the bulk menu gets rows:
 *
 *   const { items, complete } = await loadAllMatching((page) =>
 *     listVehicles({ groupId, name, includeSubgroups, page }, signal),
 *   );
 *
 * When `complete` is false the filter matched more than `maxRows`: the list says that only the
 * first `items.length` were selected (and that a narrower filter selects the rest).
 */
export async function loadAllMatching<Row>(
  fetchPage: (page: PageRequest) => Promise<Page<Row>>,
  options: { pageSize?: number; maxRows?: number } = {},
): Promise<CollectedList<Row>> {
  const pageSize = options.pageSize ?? LOAD_ALL_PAGE_SIZE;
  const maxRows = options.maxRows ?? LOAD_ALL_MAX_ROWS;
  const pageCount = Math.max(1, Math.ceil(maxRows / pageSize));
  const { items, complete } = await collectPages(fetchPage, pageSize, pageCount);
  return items.length > maxRows
    ? { items: items.slice(0, maxRows), complete: false }
    : { items, complete };
}
