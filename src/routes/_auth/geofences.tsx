import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '@/components/coming-next';

export const Route = createFileRoute('/_auth/geofences')({
  component: () => (
    <ComingNext
      title="Geofences"
      summary="The geofence map with drawing, editing and activations."
    />
  ),
});
