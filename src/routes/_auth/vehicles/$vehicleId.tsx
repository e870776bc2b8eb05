import { createFileRoute } from '@tanstack/react-router';
import { vehicleDetailQueryOptions } from '@/api/vehicles';
import { VehicleDetailPage } from '@/features/vehicles/vehicle-detail-page';
import { vehicleEcmTabs, type VehicleEcmTab } from '@/features/vehicles/vehicles-search';
import { compactSearch, readOneOf } from '@/lib/search-params';

export const Route = createFileRoute('/_auth/vehicles/$vehicleId')({
  validateSearch: (search: Record<string, unknown>): { tab?: VehicleEcmTab } =>
    compactSearch({ tab: readOneOf(search.tab, vehicleEcmTabs) }),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(vehicleDetailQueryOptions(params.vehicleId)),
  component: VehicleDetailPage,
});
