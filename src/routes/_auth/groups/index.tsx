import { createFileRoute } from '@tanstack/react-router';
import { isApiError } from '@/api/api-error';
import { allGroupsQueryOptions } from '@/api/groups';
import { GroupsPage } from '@/features/groups/groups-page';
import { compactSearch, readString, routeSearch } from '@/lib/search-params';

export interface GroupsSearch {
  /** The group shown in the detail panel. */
  groupId?: string;
}

const validateSearch = routeSearch((search: Record<string, unknown>): GroupsSearch =>
  compactSearch({ groupId: readString(search.groupId, 64) }),
);

export const Route = createFileRoute('/_auth/groups/')({
  validateSearch,
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
