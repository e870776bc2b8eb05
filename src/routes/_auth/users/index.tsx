import { createFileRoute } from '@tanstack/react-router';
import { listLoaderDeps, prefetchListRead } from '@/app/list-route';
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
  loaderDeps: ({ search }) => listLoaderDeps(search),
  loader: ({ context, deps, cause }) =>
    prefetchListRead(context.queryClient, cause, userListQueryOptions(usersListParams(deps))),
  pendingMs: Infinity,
  component: UsersPage,
});
