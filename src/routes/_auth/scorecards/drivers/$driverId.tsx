import { createFileRoute, notFound } from '@tanstack/react-router';
import { RecordError, RecordNotFound } from '@/app/record-unavailable';
import { prefetchSafetyLookups } from '@/features/events/use-safety-lookups';
import { DriverScorecardPage } from '@/features/scorecards/driver-scorecard-page';
import { driverScorecardSearchSchema } from '@/features/scorecards/scorecards-search';
import { isGuid } from '@/lib/guid';

export const Route = createFileRoute('/_auth/scorecards/drivers/$driverId')({
  validateSearch: driverScorecardSearchSchema,
  // The page draws at once with its own loading states; the names of behaviours come along.
  loader: ({ context: { queryClient }, params }) => {
    if (!isGuid(params.driverId)) throw notFound();
    void prefetchSafetyLookups(queryClient);
  },
  // One chunk for the page and its fallbacks, which have no use without it: each chunk costs the
  // sign-in page's code a loader stub.
  codeSplitGroupings: [['loader'], ['component', 'errorComponent', 'notFoundComponent']],
  notFoundComponent: () => <RecordNotFound record="driver" />,
  errorComponent: (props) => <RecordError record="driver" {...props} />,
  component: DriverScorecardPage,
});
