import { createFileRoute, notFound } from '@tanstack/react-router';
import { userDetailQueryOptions } from '@/api/users';
import { startRouteRead } from '@/app/list-route';
import { RecordError, RecordNotFound } from '@/app/record-unavailable';
import { UserDetailPage } from '@/features/users/user-detail-page';
import { isGuid } from '@/lib/guid';

export const Route = createFileRoute('/_auth/users/$userId')({
  loader: ({ context, params, cause }) => {
    if (!isGuid(params.userId)) throw notFound();
    return startRouteRead(context.queryClient, cause, userDetailQueryOptions(params.userId));
  },
  // One chunk for the page and its fallbacks, which have no use without it: each chunk costs the
  // sign-in page's code a loader stub.
  codeSplitGroupings: [['loader'], ['component', 'errorComponent', 'notFoundComponent']],
  notFoundComponent: () => <RecordNotFound record="user" />,
  errorComponent: (props) => <RecordError record="user" {...props} />,
  component: UserDetailPage,
});
