import { createFileRoute } from '@tanstack/react-router';
import { userListQueryOptions } from '@/api/users';
import { listLoaderDeps, startRouteRead } from '@/app/list-route';
import { UsersPage } from '@/features/users/users-page';
import { usersListParams, usersSearchSchema } from '@/features/users/users-search';

export const Route = createFileRoute('/_auth/users/')({
  validateSearch: usersSearchSchema,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  loader: ({ context, deps, cause }) =>
    startRouteRead(context.queryClient, cause, userListQueryOptions(usersListParams(deps))),
  pendingMs: Infinity,
  component: UsersPage,
});
