import { createFileRoute } from '@tanstack/react-router';
import { VehicleCreatePage } from '@/features/vehicles/vehicle-create-page';

export const Route = createFileRoute('/_auth/vehicles/new')({
  component: VehicleCreatePage,
});
