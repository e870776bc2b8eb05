import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { safetyEventQueueQueryOptions, type SafetyEvent } from '@/api/safety-events';
import { applyBrowserFilters, hasBrowserFilters } from './browser-filters';
import { queueParams, type EventsSearch } from './events-search';

/** Small enough for quick first rows, large enough that reviewers rarely wait for the next page. */
export const QUEUE_PAGE_SIZE = 200;

/**
 * The queue as the service pages it, with the browser-side filters applied over what is loaded.
 * The queue page and the event page share it (same key), so the order is fetched once.
 */
export function useEventQueue(search: EventsSearch, today: Date) {
  const params = useMemo(() => queueParams(search, today), [search, today]);
  const query = useInfiniteQuery(safetyEventQueueQueryOptions(params, QUEUE_PAGE_SIZE));
  const loaded = useMemo(() => uniqueEvents(query.data?.pages ?? []), [query.data]);
  const { subtypes, risks, coach, awaitingCoaching } = search;
  const events = useMemo(
    () => applyBrowserFilters(loaded, { subtypes, risks, coach, awaitingCoaching }),
    [loaded, subtypes, risks, coach, awaitingCoaching],
  );
  return {
    query,
    loaded,
    events,
    browserFiltered: hasBrowserFilters({ subtypes, risks, coach, awaitingCoaching }),
  };
}

/** New events arriving between page loads shift the pages: keep each event once. */
function uniqueEvents(pages: readonly { items: SafetyEvent[] }[]): SafetyEvent[] {
  const seen = new Set<string>();
  const events: SafetyEvent[] = [];
  for (const page of pages) {
    for (const event of page.items) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      events.push(event);
    }
  }
  return events;
}
