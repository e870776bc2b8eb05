import { msg } from '@lingui/core/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { vehicleDetailQueryOptions } from '@/api/vehicles';
import { startRouteRead } from '@/app/list-route';
import { RecordError, RecordNotFound } from '@/app/record-unavailable';
import { PageLoader } from '@/components/page-loader';
import {
  toVehicleScorecardSearch,
  validateVehicleScorecardSearch,
  vehicleScorecardWindow,
  type VehicleScorecardSearch,
} from '@/features/scorecards/scorecards-search';
import { VehicleDetailPage } from '@/features/vehicles/vehicle-detail-page';
import { vehicleEcmTabs, type VehicleEcmTab } from '@/features/vehicles/vehicles-search';
import { translate } from '@/i18n/translate';
import { isGuid } from '@/lib/guid';
import { compactSearch, readOneOf, routeSearch } from '@/lib/search-params';

// The scorecard's charts load with the section, not with the vehicle page's first paint.
const VehicleScorecardSection = lazy(() =>
  import('@/features/scorecards/vehicle-scorecard-section').then((module) => ({
    default: module.VehicleScorecardSection,
  })),
);

const validateSearch = routeSearch(
  (search: Record<string, unknown>): { tab?: VehicleEcmTab } & VehicleScorecardSearch =>
    compactSearch({
      tab: readOneOf(search.tab, vehicleEcmTabs),
      ...validateVehicleScorecardSearch(search),
    }),
);

export const Route = createFileRoute('/_auth/vehicles/$vehicleId')({
  validateSearch,
  loader: ({ context, params, cause }) => {
    if (!isGuid(params.vehicleId)) throw notFound();
    return startRouteRead(context.queryClient, cause, vehicleDetailQueryOptions(params.vehicleId));
  },
  // One chunk for the page and its fallbacks, which have no use without it: each chunk costs the
  // sign-in page's code a loader stub.
  codeSplitGroupings: [['loader'], ['component', 'errorComponent', 'notFoundComponent']],
  notFoundComponent: () => <RecordNotFound record="vehicle" />,
  errorComponent: (props) => <RecordError record="vehicle" {...props} />,
  component: VehicleDetailWithScorecard,
});

function VehicleDetailWithScorecard() {
  const { vehicleId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <VehicleDetailPage
      safetyScorecard={
        <Suspense fallback={<PageLoader label={translate(msg`Loading the safety scorecard`)} />}>
          <VehicleScorecardSection
            vehicleId={vehicleId}
            window={vehicleScorecardWindow(search)}
            onWindowChange={(window) =>
              void navigate({
                search: (previous) => ({ ...previous, ...toVehicleScorecardSearch(window) }),
                replace: true,
              })
            }
          />
        </Suspense>
      }
    />
  );
}
