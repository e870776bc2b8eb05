import { QueryClient } from '@tanstack/react-query';

/** The app's one QueryClient; tests build their own through the same function. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // apiRequest already retries reads with backoff (network, 5xx, 429); a second layer would multiply waits.
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
