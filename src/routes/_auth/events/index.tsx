import { createFileRoute } from '@tanstack/react-router';
import { safetyEventQueueQueryOptions } from '@/api/safety-events';
import { EventsPage } from '@/features/events/events-page';
import { queueParams, validateEventsQueueSearch } from '@/features/events/events-search';
import { QUEUE_PAGE_SIZE } from '@/features/events/use-event-queue';
import { prefetchSafetyLookups } from '@/features/events/use-safety-lookups';
import { routeSearch } from '@/lib/search-params';

const validateSearch = routeSearch(validateEventsQueueSearch);

export const Route = createFileRoute('/_auth/events/')({
  validateSearch,
  // Only what the service filters reloads the route; selection and browser-side filters do not.
  loaderDeps: ({ search: { selected: _selected, subtypes: _subtypes, risks: _risks, ...deps } }) =>
    deps,
  // Only a hover preload waits; entering paints the page at once with the queue's loading state.
  loader: ({ context: { queryClient }, deps, cause }) => {
    const ready = Promise.all([
      // Cached pages are shown as they are (refetching every loaded page would hold the route),
      // and a failure is not thrown: the page shows it beside the filters that can fix it.
      queryClient
        .ensureInfiniteQueryData(
          safetyEventQueueQueryOptions(queueParams(deps, new Date()), QUEUE_PAGE_SIZE),
        )
        .catch(() => undefined),
      prefetchSafetyLookups(queryClient),
    ]);
    return cause === 'preload' ? ready : void ready.catch(() => undefined);
  },
  component: EventsPage,
});
