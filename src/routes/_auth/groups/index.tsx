import { createFileRoute } from '@tanstack/react-router';
import { isApiError } from '@/api/api-error';
import { allGroupsQueryOptions } from '@/api/groups';
import { GroupsPage } from '@/features/groups/groups-page';
import { groupsSearchSchema } from '@/features/groups/groups-search';

export const Route = createFileRoute('/_auth/groups/')({
  validateSearch: groupsSearchSchema,
  // Only a hover preload waits for the tree; entering paints the page (heading, navigation) at
  // once and the tree shows its own loading state.
  loader: ({ context, cause }) => {
    const ready = context.queryClient
      .ensureQueryData(allGroupsQueryOptions())
      .catch((error: unknown) => {
        // A missing Group Manager role is explained by the groups layout, not the error view.
        if (isApiError(error) && error.code === 'FORBIDDEN') return null;
        throw error;
      });
    return cause === 'preload' ? ready : void ready.catch(() => undefined);
  },
  component: GroupsPage,
});
