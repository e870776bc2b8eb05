import { createFileRoute, notFound } from '@tanstack/react-router';
import { safetyEventDetailQueryOptions, safetyEventFileQueryOptions } from '@/api/safety-events';
import { startRouteRead } from '@/app/list-route';
import { RecordError, RecordNotFound } from '@/app/record-unavailable';
import { EventDetailPage } from '@/features/events/event-detail-page';
import { validateEventPageSearch } from '@/features/events/events-search';
import { prefetchSafetyLookups } from '@/features/events/use-safety-lookups';
import { isGuid } from '@/lib/guid';
import { routeSearch } from '@/lib/search-params';

const validateSearch = routeSearch(validateEventPageSearch);

export const Route = createFileRoute('/_auth/events/$eventId')({
  // The queue's filters travel with the event, so next and previous follow the same order; `t`
  // opens the video at a second.
  validateSearch,
  loader: ({ context: { queryClient }, params, cause }) => {
    if (!isGuid(params.eventId)) throw notFound();
    // The video starts beside the details instead of after them (the player asks once it draws),
    // kept until the page has drawn; not on a hover's preload, where a file of several MB is no
    // cheap guess.
    if (cause === 'enter') {
      void queryClient.prefetchQuery({
        ...safetyEventFileQueryOptions(params.eventId, 'mp4'),
        gcTime: 10_000,
      });
    }
    void prefetchSafetyLookups(queryClient);
    return startRouteRead(queryClient, cause, safetyEventDetailQueryOptions(params.eventId));
  },
  // One chunk for the page and its fallbacks, which have no use without it: each chunk costs the
  // sign-in page's code a loader stub.
  codeSplitGroupings: [['loader'], ['component', 'errorComponent', 'notFoundComponent']],
  notFoundComponent: () => <RecordNotFound record="event" />,
  errorComponent: (props) => <RecordError record="event" {...props} />,
  component: EventDetailPage,
});
