import { createFileRoute } from '@tanstack/react-router';
import { EventsMapPage } from '@/features/events/events-map-page';
import { validateEventsMapSearch } from '@/features/events/events-map-search';
import { prefetchSafetyLookups } from '@/features/events/use-safety-lookups';
import { routeSearch } from '@/lib/search-params';

const validateSearch = routeSearch(validateEventsMapSearch);

export const Route = createFileRoute('/_auth/events/map')({
  // The queue's filters, so the map and the list show the same events.
  validateSearch,
  loader: ({ context: { queryClient } }) => {
    void prefetchSafetyLookups(queryClient);
  },
  component: EventsMapPage,
});
