import { createFileRoute } from '@tanstack/react-router';
import { geofenceCollectionQuery } from '@/features/geofences/geofence-collection-query';
import { GeofencesPage } from '@/features/geofences/geofences-page';
import {
  geofenceCollectionFilter,
  type GeofencesSearch,
} from '@/features/geofences/geofences-search';
import { compactSearch, readString, routeSearch } from '@/lib/search-params';

const validateSearch = routeSearch((search: Record<string, unknown>): GeofencesSearch =>
  compactSearch({
    selected: readString(search.selected, 64),
    groupId: readString(search.groupId, 64),
    q: readString(search.q, 100),
  }),
);

export const Route = createFileRoute('/_auth/geofences/')({
  validateSearch,
  loaderDeps: ({ search }) => geofenceCollectionFilter(search),
  // Started, not awaited: the map stays on screen while another group loads, and a failure is
  // shown in the side list rather than as an error page.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(geofenceCollectionQuery(deps));
  },
  component: GeofencesPage,
});
