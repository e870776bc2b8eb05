import { createFileRoute } from '@tanstack/react-router';
import { FleetMapPage } from '@/features/vehicles/fleet-map-page';
import { fleetMapSearchSchema } from '@/features/vehicles/fleet-map-search';

export const Route = createFileRoute('/_auth/fleet-map')({
  validateSearch: fleetMapSearchSchema,
  component: FleetMapPage,
});
