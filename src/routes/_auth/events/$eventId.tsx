import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { isApiError } from '@/api/api-error';
import { safetyEventDetailQueryOptions } from '@/api/safety-events';
import { RouteErrorView } from '@/app/route-error-view';
import { EventDetailPage } from '@/features/events/event-detail-page';
import { EventUnavailable } from '@/features/events/event-unavailable';
import { validateEventPageSearch } from '@/features/events/events-search';
import { prefetchSafetyLookups } from '@/features/events/use-safety-lookups';

export const Route = createFileRoute('/_auth/events/$eventId')({
  // The queue's filters travel with the event, so next and previous follow the same order; `t`
  // opens the video at a second.
  validateSearch: validateEventPageSearch,
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(safetyEventDetailQueryOptions(params.eventId)),
      prefetchSafetyLookups(queryClient),
    ]),
  errorComponent: (props: ErrorComponentProps) =>
    isApiError(props.error) &&
    (props.error.code === 'NOT_FOUND' || props.error.code === 'FORBIDDEN') ? (
      <EventUnavailable error={props.error} />
    ) : (
      <RouteErrorView {...props} />
    ),
  component: EventDetailPage,
});
