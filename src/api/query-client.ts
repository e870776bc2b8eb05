import { QueryClient } from '@tanstack/react-query';

/** The app's one QueryClient; tests build their own through the same function. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // apiRequest is the one retry policy for reads (network and 5xx with backoff; a 429 holds
        // every read of that service until Retry-After). A second layer here would multiply waits.
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** Lookup lists (roles, statuses, types, end reasons …) are fetched once per session. */
export const sessionLookupQueryDefaults = { staleTime: Infinity, gcTime: Infinity } as const;
