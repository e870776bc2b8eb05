import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A list route's loader dependencies: its search without a shared link's columns, which are the
 * list's business (it applies them, then drops them) and change no request.
 */
export function listLoaderDeps<Search extends { columns?: string }>(
  search: Search,
): Omit<Search, 'columns'> {
  const { columns: _columns, ...deps } = search;
  return deps;
}

/**
 * A list route's loader: starts the read of the page the address names. Only a hover preload
 * waits for it. Entering and filtering render at once with the table's own loading state, so a
 * pending screen never replaces the page while someone types a filter; a failure (prefetch, not
 * ensure) is shown in the page, beside the filters that can fix it.
 */
export function prefetchListRead<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  cause: 'preload' | 'enter' | 'stay',
  options: FetchQueryOptions<Data, Error, Data, Key>,
): Promise<void> | undefined {
  const ready = queryClient.prefetchQuery(options);
  return cause === 'preload' ? ready : undefined;
}
