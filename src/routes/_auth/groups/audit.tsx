import { createFileRoute } from '@tanstack/react-router';
import { groupAuditLogListQueryOptions } from '@/api/groups';
import { listLoaderDeps, startRouteRead } from '@/app/list-route';
import { GroupAuditLogPage } from '@/features/groups/group-audit-log-page';
import {
  auditWindow,
  groupAuditListParams,
  groupAuditSearchSchema,
} from '@/features/groups/group-audit-search';

export const Route = createFileRoute('/_auth/groups/audit')({
  validateSearch: groupAuditSearchSchema,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  loader: ({ context, deps, cause }) => {
    const range = auditWindow(deps, new Date());
    // Started, not awaited (a busy service's Retry-After would hold the whole shell): the page
    // shows the wait or the failure beside its filters, as every list does.
    if (range.ok) {
      return startRouteRead(
        context.queryClient,
        cause,
        groupAuditLogListQueryOptions(groupAuditListParams(deps, range)),
      );
    }
  },
  component: GroupAuditLogPage,
});
