import { QueryClient, replaceEqualDeep } from '@tanstack/react-query';
import { readReportOf } from './read-report';

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
        // Sharing copies changed records as plain objects, which would drop the marks on fields
        // the console could not read: an answer with any such mark is kept as it was read.
        structuralSharing: (previous: unknown, next: unknown) =>
          hasReadMarks(next) ? next : replaceEqualDeep(previous, next),
      },
      mutations: {
        retry: false,
        // A change is sent now or refused now (the API client refuses it offline), never queued
        // to be sent later behind the user's back.
        networkMode: 'always',
      },
    },
  });
}

/** Lookup lists (roles, statuses, types, end reasons …) are fetched once per session. */
export const sessionLookupQueryDefaults = { staleTime: Infinity, gcTime: Infinity } as const;

/** Whether an answer carries marks on fields the console could not read. */
export function hasReadMarks(data: unknown): boolean {
  if (readReportOf(data)) return true;
  const report = (data as { readReport?: unknown } | null | undefined)?.readReport;
  return typeof data === 'object' && data !== null && report !== null && report !== undefined;
}
