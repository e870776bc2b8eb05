import { createFileRoute } from '@tanstack/react-router';
import { listLoaderDeps, prefetchListRead } from '@/app/list-route';
import { vehicleListQueryOptions, vehicleSearchIndexQueryOptions } from '@/api/vehicles';
import { VehiclesPage } from '@/features/vehicles/vehicles-page';
import {
  readsWholeList,
  VEHICLES_PAGE_SIZES,
  vehicleSortFields,
  vehiclesListParams,
  vehiclesScope,
  type VehiclesSearch,
} from '@/features/vehicles/vehicles-search';
import {
  compactSearch,
  readBoolean,
  readInt,
  readListColumns,
  readOneOf,
  readPageSizeParam,
  readString,
  routeSearch,
} from '@/lib/search-params';

const validateSearch = routeSearch((search: Record<string, unknown>): VehiclesSearch =>
  compactSearch({
    groupId: readString(search.groupId, 64),
    includeSubgroups: readBoolean(search.includeSubgroups) === false ? false : undefined,
    name: readString(search.name, 50),
    vinOrPlate: readString(search.vinOrPlate, 50),
    status: readInt(search.status, { min: 0 }),
    type: readInt(search.type, { min: 0 }),
    sort: readOneOf(search.sort, vehicleSortFields),
    order: readOneOf(search.order, ['asc', 'desc'] as const),
    page: readInt(search.page, { min: 1 }),
    pageSize: readPageSizeParam(search, VEHICLES_PAGE_SIZES),
    columns: readListColumns(search.columns),
  }),
);

export const Route = createFileRoute('/_auth/vehicles/')({
  validateSearch,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  // A search, sort or filter the service cannot do reads the group's vehicles once instead.
  loader: ({ context, deps, cause }) =>
    readsWholeList(deps)
      ? prefetchListRead(
          context.queryClient,
          cause,
          vehicleSearchIndexQueryOptions(vehiclesScope(deps)),
        )
      : prefetchListRead(
          context.queryClient,
          cause,
          vehicleListQueryOptions(vehiclesListParams(deps)),
        ),
  pendingMs: Infinity,
  component: VehiclesPage,
});
