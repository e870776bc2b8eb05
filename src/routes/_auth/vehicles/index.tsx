import { createFileRoute } from '@tanstack/react-router';
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
  // A shared link's columns are the list's business, not the loader's: they change no request.
  loaderDeps: ({ search: { columns: _columns, ...deps } }) => deps,
  // Only a hover preload waits for the list. Entering and filtering render at once with the table's
  // own loading state, so a pending screen never replaces the page while someone types a filter.
  loader: ({ context, deps, cause }) => {
    // A search, sort or filter the service cannot do reads the group's vehicles once instead.
    const ready = readsWholeList(deps)
      ? context.queryClient.prefetchQuery(vehicleSearchIndexQueryOptions(vehiclesScope(deps)))
      : context.queryClient.prefetchQuery(vehicleListQueryOptions(vehiclesListParams(deps)));
    return cause === 'preload' ? ready : undefined;
  },
  pendingMs: Infinity,
  component: VehiclesPage,
});
