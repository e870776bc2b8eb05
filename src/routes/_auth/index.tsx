import { createFileRoute } from '@tanstack/react-router';
import { CameraHealthOverview } from '@/features/devices/camera-health-overview';
import { countFilters, queueParams } from '@/features/events/events-search';
import { OverviewPage } from '@/features/overview/overview-page';
import { prefetchOverview } from '@/features/overview/overview-queries';

const eventQueue = { countFilters, queueParams };

export const Route = createFileRoute('/_auth/')({
  // One chunk for both, so the code sign-in preloads during the token request holds the loader
  // too: a separate loader chunk would be fetched only once the token has arrived.
  codeSplitGroupings: [['loader', 'component']],
  // Every request starts as the route is entered (right after sign-in, before the page draws);
  // nothing waits for them: the page shows each card's own loading state.
  loader: ({ context: { queryClient, runtime } }) =>
    prefetchOverview(
      queryClient,
      eventQueue,
      runtime.session.getSnapshot().session?.username ?? null,
    ),
  component: () => (
    <OverviewPage
      eventQueue={eventQueue}
      cameraHealth={({ groupId }) => <CameraHealthOverview groupId={groupId} />}
    />
  ),
});
