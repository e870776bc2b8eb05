import { createFileRoute, notFound } from '@tanstack/react-router';
import { userDetailQueryOptions } from '@/api/users';
import { startRouteRead } from '@/app/list-route';
import { recordPageFallbacks } from '@/app/record-unavailable';
import { UserDetailPage } from '@/features/users/user-detail-page';
import { isGuid } from '@/lib/guid';

export const Route = createFileRoute('/_auth/users/$userId')({
  loader: ({ context, params, cause }) => {
    if (!isGuid(params.userId)) throw notFound();
    return startRouteRead(context.queryClient, cause, userDetailQueryOptions(params.userId));
  },
  ...recordPageFallbacks({ noun: 'user', backTo: '/users', backLabel: 'Back to users' }),
  component: UserDetailPage,
});
