import { createFileRoute } from '@tanstack/react-router';
import { listLoaderDeps } from '@/app/list-route';
import { groupAuditLogListQueryOptions } from '@/api/groups';
import { GroupAuditLogPage } from '@/features/groups/group-audit-log-page';
import {
  auditWindow,
  groupAuditListParams,
  groupAuditSearchSchema,
} from '@/features/groups/group-audit-search';

export const Route = createFileRoute('/_auth/groups/audit')({
  validateSearch: groupAuditSearchSchema,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  loader: ({ context, deps }) => {
    const range = auditWindow(deps, new Date());
    // prefetch, not ensure: a refused filter (e.g. an unknown user) is shown beside the filters.
    if (range.ok) {
      return context.queryClient.prefetchQuery(
        groupAuditLogListQueryOptions(groupAuditListParams(deps, range)),
      );
    }
  },
  component: GroupAuditLogPage,
});
