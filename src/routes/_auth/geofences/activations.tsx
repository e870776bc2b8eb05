import { createFileRoute } from '@tanstack/react-router';
import { listLoaderDeps } from '@/app/list-route';
import {
  activationEndReasonsQueryOptions,
  geofenceActivationListQueryOptions,
} from '@/api/geofences';
import { ActivationsPage } from '@/features/geofences/activations-page';
import {
  activationListParams,
  type ActivationsSearch,
} from '@/features/geofences/activations-search';
import {
  compactSearch,
  readDay,
  readInt,
  readListColumns,
  readPageSize,
  readString,
  routeSearch,
} from '@/lib/search-params';

const validateSearch = routeSearch((search: Record<string, unknown>): ActivationsSearch => {
  const from = readDay(search.from);
  const to = readDay(search.to);
  const ordered = !from || !to || from <= to;
  return compactSearch({
    geofenceId: readString(search.geofenceId, 64),
    vehicleId: readString(search.vehicleId, 64),
    from: ordered ? from : undefined,
    to: ordered ? to : undefined,
    page: readInt(search.page, { min: 1 }),
    pageSize: readPageSize(search.pageSize),
    columns: readListColumns(search.columns),
  });
});

export const Route = createFileRoute('/_auth/geofences/activations')({
  validateSearch,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  // Started, not awaited: filters and paging keep the table (and the typed filter) on screen.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(
      geofenceActivationListQueryOptions(activationListParams(deps)),
    );
    void context.queryClient.prefetchQuery(activationEndReasonsQueryOptions());
  },
  component: ActivationsPage,
});
