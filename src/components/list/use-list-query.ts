import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { Page } from '@/api/paging';
import { useListUrl, type ListPagingKeys, type ListRoute, type ListUrl } from './use-list-url';

/**
 * A list the service pages: its state in the URL and the query for the page the URL names. The
 * rows shown stay while the next page or filter loads, so the table does not empty and jump.
 */
export function useListQuery<Search extends object, Row, Key extends QueryKey>(
  route: ListRoute<Search>,
  options: {
    keys: ListPagingKeys<Search>;
    defaultPageSize: number;
    query: (search: Search) => UseQueryOptions<Page<Row>, Error, Page<Row>, Key>;
  },
): { url: ListUrl<Search>; query: UseQueryResult<Page<Row>> } {
  const url = useListUrl(route, options);
  const query = useQuery({ ...options.query(url.search), placeholderData: keepPreviousData });
  return { url, query };
}
