import { createFileRoute } from '@tanstack/react-router';
import { GroupsLayout } from '@/features/groups/groups-layout';

/** The group area: the Group Manager check and the views (tree, audit log) below it. */
export const Route = createFileRoute('/_auth/groups')({
  component: GroupsLayout,
});
