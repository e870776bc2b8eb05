import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { RegisteredRouter, RouteIds } from '@tanstack/react-router';
import type { Page } from '@/api/paging';
import {
  useListUrl,
  useStayWithinPages,
  type ListPagingKeys,
  type ListRouteApi,
  type ListUrl,
  type RouteSearch,
} from './use-list-url';

/**
 * A list the service pages: its state in the URL and the query for the page the URL names. The
 * rows shown stay while the next page or filter loads, so the table does not empty and jump.
 */
export function useListQuery<
  TId extends RouteIds<RegisteredRouter['routeTree']>,
  Row,
  Key extends QueryKey,
  Search extends object = RouteSearch<TId>,
>(
  route: ListRouteApi<TId>,
  options: {
    keys: ListPagingKeys<NoInfer<Search>>;
    defaultPageSize: number;
    query: (search: NoInfer<Search>) => UseQueryOptions<Page<Row>, Error, Page<Row>, Key>;
  },
): { url: ListUrl<Search>; query: UseQueryResult<Page<Row>> } {
  const url = useListUrl<TId, Search>(route, options);
  const query = useQuery({ ...options.query(url.search), placeholderData: keepPreviousData });
  useStayWithinPages(url, query.isPlaceholderData ? undefined : query.data);
  return { url, query };
}
