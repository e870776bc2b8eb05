import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '@/components/coming-next';

export const Route = createFileRoute('/_auth/')({
  component: () => <ComingNext title="Overview" summary="Counts and recent events." />,
});
