import { createFileRoute } from '@tanstack/react-router';
import { prefetchSafetyLookups } from '@/features/events/use-safety-lookups';
import { DriverScorecardPage } from '@/features/scorecards/driver-scorecard-page';
import { validateDriverScorecardSearch } from '@/features/scorecards/scorecards-search';

export const Route = createFileRoute('/_auth/scorecards/drivers/$driverId')({
  validateSearch: validateDriverScorecardSearch,
  // The page draws at once with its own loading states; the names of behaviours come along.
  loader: ({ context: { queryClient } }) => void prefetchSafetyLookups(queryClient),
  component: DriverScorecardPage,
});
