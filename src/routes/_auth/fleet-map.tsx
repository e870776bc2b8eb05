import { createFileRoute } from '@tanstack/react-router';
import { FleetMapPage, type FleetMapSearch } from '@/features/vehicles/fleet-map-page';
import { compactSearch, readBoolean, readString, routeSearch } from '@/lib/search-params';

// The search and a paused map stay in the address, so Back from a vehicle returns to them.
const validateSearch = routeSearch((search: Record<string, unknown>): FleetMapSearch =>
  compactSearch({
    q: readString(search.q, 100),
    paused: readBoolean(search.paused) === true ? true : undefined,
  }),
);

export const Route = createFileRoute('/_auth/fleet-map')({
  validateSearch,
  component: FleetMapPage,
});
