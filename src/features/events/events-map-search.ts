import { compactSearch, readOneOf } from '@/lib/search-params';
import { validateEventsSearch, type EventsSearch } from './events-search';

export type EventsMapLayer = 'clusters' | 'heat';

/** The queue's own filters, plus how the map draws the events (clusters unless it says heat). */
export interface EventsMapSearch extends EventsSearch {
  layer?: 'heat';
}

export function validateEventsMapSearch(search: Record<string, unknown>): EventsMapSearch {
  return compactSearch({
    ...validateEventsSearch(search),
    layer: readOneOf(search.layer, ['heat'] as const),
  });
}

/** The queue's filters without the map's own choice, for the queue and the events opened here. */
export function queueFiltersOf({ layer: _layer, ...filters }: EventsMapSearch): EventsSearch {
  return filters;
}
