import { apiRequest, type JsonRequest } from './client';
import {
  limitOffsetPaging,
  limitPagePaging,
  pagePageSizePaging,
  toPage,
  type Page,
  type PageRequest,
} from './paging';
import { readReportOf } from './read-report';
import type { QueryParams } from './transport';

/**
 * The three paging styles of the services (`limit`/`offset`, `limit`/`page` and the legacy ECM
 * API's `page`/`pageSize` parameters), behind one page request.
 */
type PagingStyle = 'limit-offset' | 'limit-page' | 'page-pageSize';

const pagingQuery: Record<PagingStyle, (page: PageRequest) => QueryParams> = {
  'limit-offset': (page) => ({ ...limitOffsetPaging.toParams(page) }),
  'limit-page': (page) => ({ ...limitPagePaging.toParams(page) }),
  'page-pageSize': (page) => ({ ...pagePageSizePaging.toParams(page) }),
};

export interface ListPageRequest<Response, Item> extends Omit<
  JsonRequest<Response>,
  'method' | 'body' | 'query' | 'responseKind'
> {
  paging: PagingStyle;
  page: PageRequest;
  /** The list's filters; paging parameters are added from `page`. */
  filters?: QueryParams;
  /** Where the envelope keeps the rows and the total (null or absent: not counted). */
  items: (response: Response) => readonly Item[] | null | undefined;
  total: (response: Response) => number | null | undefined;
}

/** One page of any list: every list fetcher is this call with its own envelope and filters. */
export async function requestListPage<Response, Item>({
  paging,
  page,
  filters,
  items,
  total,
  ...request
}: ListPageRequest<Response, Item>): Promise<Page<Item>> {
  const response = await apiRequest({
    ...request,
    query: { ...filters, ...pagingQuery[paging](page) },
  });
  return {
    ...toPage([...(items(response) ?? [])], total(response) ?? null, page),
    readReport: readReportOf(response),
  };
}

/**
 * The limit/offset lists' envelope, `{ data, metadata: { count } }` (e.g. Users API, GET /users).
 */
export interface OffsetListResponse<Item> {
  data?: Item[] | null;
  metadata?: { count?: number | null } | null;
}

/** How a limit/offset list reads its rows and total, and what its 204 means. */
export function offsetEnvelope<Item>() {
  return {
    paging: 'limit-offset' as const,
    items: (response: OffsetListResponse<Item>) => response.data,
    total: (response: OffsetListResponse<Item>) => response.metadata?.count,
    emptyValue: { data: [], metadata: { count: 0 } },
  };
}
