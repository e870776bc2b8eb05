import { createFileRoute } from '@tanstack/react-router';
import { listLoaderDeps, prefetchListRead } from '@/app/list-route';
import { deviceSortFields } from '@/api/device-sort-fields';
import { deviceListQueryOptions, deviceSearchIndexQueryOptions } from '@/api/devices';
import { DevicesPage } from '@/features/devices/devices-page';
import {
  devicesListParams,
  devicesScope,
  type DevicesSearch,
} from '@/features/devices/devices-search';
import {
  compactSearch,
  readDay,
  readInt,
  readListColumns,
  readOneOf,
  readPageSize,
  readString,
  routeSearch,
} from '@/lib/search-params';

const validateSearch = routeSearch((search: Record<string, unknown>): DevicesSearch =>
  compactSearch({
    tab: readOneOf(search.tab, ['changes'] as const),
    groupId: readString(search.groupId, 64),
    status: readString(search.status, 100),
    serial: readString(search.serial, 64),
    page: readInt(search.page, { min: 1 }),
    pageSize: readPageSize(search.pageSize),
    sort: readOneOf(search.sort, deviceSortFields),
    order: readOneOf(search.order, ['asc', 'desc'] as const),
    from: readDay(search.from),
    to: readDay(search.to),
    device: readString(search.device, 64),
    vehicle: readString(search.vehicle, 64),
    changesPage: readInt(search.changesPage, { min: 1 }),
    changesPageSize: readPageSize(search.changesPageSize),
    columns: readListColumns(search.columns),
  }),
);

export const Route = createFileRoute('/_auth/devices/')({
  validateSearch,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  // The changes tab reads its own (windowed) data. A serial search reads the group's devices once
  // instead of the service's page.
  loader: ({ context, deps, cause }) => {
    if (deps.tab === 'changes') return undefined;
    return deps.serial
      ? prefetchListRead(
          context.queryClient,
          cause,
          deviceSearchIndexQueryOptions(devicesScope(deps)),
        )
      : prefetchListRead(
          context.queryClient,
          cause,
          deviceListQueryOptions(devicesListParams(deps)),
        );
  },
  pendingMs: Infinity,
  component: DevicesPage,
});
