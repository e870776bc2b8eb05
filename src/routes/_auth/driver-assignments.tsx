import { createFileRoute } from '@tanstack/react-router';
import { listLoaderDeps, prefetchListRead } from '@/app/list-route';
import { driverAssignmentListQueryOptions } from '@/api/driver-assignments';
import { DriverAssignmentsPage } from '@/features/driver-assignments/driver-assignments-page';
import {
  ASSIGNMENT_SORT_COLUMNS,
  driverAssignmentListParams,
  type DriverAssignmentsSearch,
} from '@/features/driver-assignments/driver-assignments-search';
import {
  compactSearch,
  readInt,
  readListColumns,
  readDay,
  readOneOf,
  readPageSize,
  readString,
  routeSearch,
} from '@/lib/search-params';

const validateSearch = routeSearch((search: Record<string, unknown>): DriverAssignmentsSearch => {
  const from = readDay(search.from);
  const to = readDay(search.to);
  // A hand-edited range given backwards is read the right way round.
  const [first, last] = from && to && from > to ? [to, from] : [from, to];
  return compactSearch({
    groupId: readString(search.groupId, 64),
    driverId: readString(search.driverId, 64),
    vehicleId: readString(search.vehicleId, 64),
    from: first,
    to: last,
    sort: readOneOf(search.sort, ASSIGNMENT_SORT_COLUMNS),
    order: readOneOf(search.order, ['asc', 'desc'] as const),
    page: readInt(search.page, { min: 1 }),
    pageSize: readPageSize(search.pageSize),
    columns: readListColumns(search.columns),
  });
});

export const Route = createFileRoute('/_auth/driver-assignments')({
  validateSearch,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  // A filter naming a deleted driver (404) is shown in the page.
  loader: ({ context, deps, cause }) =>
    prefetchListRead(
      context.queryClient,
      cause,
      driverAssignmentListQueryOptions(driverAssignmentListParams(deps)),
    ),
  component: DriverAssignmentsPage,
});
