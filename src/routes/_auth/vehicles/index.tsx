import { createFileRoute } from '@tanstack/react-router';
import { vehicleListQueryOptions, vehicleSearchIndexQueryOptions } from '@/api/vehicles';
import { listLoaderDeps, startRouteRead } from '@/app/list-route';
import { VehiclesPage } from '@/features/vehicles/vehicles-page';
import {
  readsWholeList,
  vehiclesListParams,
  vehiclesScope,
  vehiclesSearchSchema,
} from '@/features/vehicles/vehicles-search';

export const Route = createFileRoute('/_auth/vehicles/')({
  validateSearch: vehiclesSearchSchema,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  // A search, sort or filter the service cannot do reads the group's vehicles once instead.
  loader: ({ context, deps, cause }) =>
    readsWholeList(deps)
      ? startRouteRead(
          context.queryClient,
          cause,
          vehicleSearchIndexQueryOptions(vehiclesScope(deps)),
        )
      : startRouteRead(
          context.queryClient,
          cause,
          vehicleListQueryOptions(vehiclesListParams(deps)),
        ),
  pendingMs: Infinity,
  component: VehiclesPage,
});
