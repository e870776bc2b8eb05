import { createFileRoute } from '@tanstack/react-router';
import { FleetMapPage } from '@/features/vehicles/fleet-map-page';

export const Route = createFileRoute('/_auth/fleet-map')({
  component: FleetMapPage,
});
