import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '@/components/coming-next';

export const Route = createFileRoute('/_auth/driver-assignments')({
  component: () => (
    <ComingNext
      title="Driver assignments"
      summary="Actual driver usage of vehicles, filterable by group, driver, vehicle and time."
    />
  ),
});
