import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '@/components/coming-next';

export const Route = createFileRoute('/_auth/devices/')({
  component: () => (
    <ComingNext title="Devices" summary="Camera devices and their vehicle-assignment history." />
  ),
});
