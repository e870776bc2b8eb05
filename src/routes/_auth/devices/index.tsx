import { createFileRoute } from '@tanstack/react-router';
import { deviceListQueryOptions, deviceSearchIndexQueryOptions } from '@/api/devices';
import { listLoaderDeps, startRouteRead } from '@/app/list-route';
import { DevicesPage } from '@/features/devices/devices-page';
import {
  devicesListParams,
  devicesScope,
  devicesSearchSchema,
} from '@/features/devices/devices-search';

export const Route = createFileRoute('/_auth/devices/')({
  validateSearch: devicesSearchSchema,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  // The changes and camera-health tabs read their own data. A serial search reads the group's
  // devices once instead of the service's page.
  loader: ({ context, deps, cause }) => {
    if (deps.tab === 'changes' || deps.tab === 'health') return undefined;
    return deps.serial
      ? startRouteRead(
          context.queryClient,
          cause,
          deviceSearchIndexQueryOptions(devicesScope(deps)),
        )
      : startRouteRead(context.queryClient, cause, deviceListQueryOptions(devicesListParams(deps)));
  },
  pendingMs: Infinity,
  component: DevicesPage,
});
