import { createFileRoute } from '@tanstack/react-router';
import { driverAssignmentListQueryOptions } from '@/api/driver-assignments';
import { listLoaderDeps, startRouteRead } from '@/app/list-route';
import { DriverAssignmentsPage } from '@/features/driver-assignments/driver-assignments-page';
import {
  driverAssignmentListParams,
  driverAssignmentsSearchSchema,
} from '@/features/driver-assignments/driver-assignments-search';

export const Route = createFileRoute('/_auth/driver-assignments')({
  validateSearch: driverAssignmentsSearchSchema,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  // A filter naming a deleted driver (404) is shown in the page.
  loader: ({ context, deps, cause }) =>
    startRouteRead(
      context.queryClient,
      cause,
      driverAssignmentListQueryOptions(driverAssignmentListParams(deps)),
    ),
  component: DriverAssignmentsPage,
});
