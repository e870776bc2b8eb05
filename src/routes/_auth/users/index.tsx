import { createFileRoute } from '@tanstack/react-router';
import { userListQueryOptions } from '@/api/users';
import { UsersPage } from '@/features/users/users-page';
import { userStatuses } from '@/features/users/user-status';
import { usersListParams, type UsersSearch } from '@/features/users/users-search';
import {
  compactSearch,
  readInt,
  readListColumns,
  readOneOf,
  readPageSize,
  readString,
  routeSearch,
} from '@/lib/search-params';

const validateSearch = routeSearch((search: Record<string, unknown>): UsersSearch =>
  compactSearch({
    q: readString(search.q, 100),
    groupId: readString(search.groupId, 64),
    roleId: readInt(search.roleId, { min: 0 }),
    status: readOneOf(search.status, userStatuses),
    page: readInt(search.page, { min: 1 }),
    pageSize: readPageSize(search.pageSize),
    columns: readListColumns(search.columns),
  }),
);

export const Route = createFileRoute('/_auth/users/')({
  validateSearch,
  // A shared link's columns are the list's business, not the loader's: they change no request.
  loaderDeps: ({ search: { columns: _columns, ...deps } }) => deps,
  // Only a hover preload waits for the list. Entering and filtering render at once with the table's
  // own loading state, so a pending screen never replaces the page while someone types a search.
  loader: ({ context, deps, cause }) => {
    const ready = context.queryClient.prefetchQuery(userListQueryOptions(usersListParams(deps)));
    return cause === 'preload' ? ready : undefined;
  },
  pendingMs: Infinity,
  component: UsersPage,
});
