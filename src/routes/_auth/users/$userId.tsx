import { createFileRoute } from '@tanstack/react-router';
import { userDetailQueryOptions } from '@/api/users';
import { UserDetailPage } from '@/features/users/user-detail-page';

export const Route = createFileRoute('/_auth/users/$userId')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(userDetailQueryOptions(params.userId)),
  component: UserDetailPage,
});
