import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '@/components/coming-next';

export const Route = createFileRoute('/_auth/groups')({
  component: () => (
    <ComingNext
      title="Groups"
      summary="The group tree with create, rename, move, bulk import and audit logs."
    />
  ),
});
