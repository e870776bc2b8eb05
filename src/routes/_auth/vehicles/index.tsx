import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '@/components/coming-next';

export const Route = createFileRoute('/_auth/vehicles/')({
  component: () => (
    <ComingNext
      title="Vehicles"
      summary="The vehicle list with filters, create, edit and delete, and legacy ECM data per vehicle."
    />
  ),
});
