import { createFileRoute } from '@tanstack/react-router';
import { geofenceCollectionQuery } from '@/features/geofences/geofence-collection-query';
import { GeofencesPage } from '@/features/geofences/geofences-page';
import {
  geofenceCollectionFilter,
  geofencesSearchSchema,
} from '@/features/geofences/geofences-search';

export const Route = createFileRoute('/_auth/geofences/')({
  validateSearch: geofencesSearchSchema,
  loaderDeps: ({ search }) => geofenceCollectionFilter(search),
  // Started, not awaited: the map stays on screen while another group loads, and a failure is
  // shown in the side list rather than as an error page.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(geofenceCollectionQuery(deps));
  },
  component: GeofencesPage,
});
