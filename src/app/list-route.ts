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
 * A route's loader read (a list's page, a record): starts it, and only a hover preload waits for
 * it. Entering and filtering render at once inside the shell, the page showing its own loading
 * state (a list's table, a record page's spinner under the app's "service is busy" notice), so a
 * slow or rate-limited read never holds the whole console behind the splash; a failure (prefetch,
 * not ensure) is shown in the page, beside what can fix it.
 */
export function startRouteRead<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  cause: 'preload' | 'enter' | 'stay',
  options: FetchQueryOptions<Data, Error, Data, Key>,
): Promise<void> | undefined {
  const ready = queryClient.prefetchQuery(options);
  return cause === 'preload' ? ready : undefined;
}
