import { createFileRoute } from '@tanstack/react-router';
import { prefetchSafetyLookups } from '@/features/events/use-safety-lookups';
import { ScorecardsPage } from '@/features/scorecards/scorecards-page';
import { validateScorecardsSearch } from '@/features/scorecards/scorecards-search';
import { routeSearch } from '@/lib/search-params';

const validateSearch = routeSearch(validateScorecardsSearch);

export const Route = createFileRoute('/_auth/scorecards/')({
  validateSearch,
  // The page draws at once and fills in as events arrive; only the lookups are asked for here.
  loader: ({ context: { queryClient } }) => void prefetchSafetyLookups(queryClient),
  component: ScorecardsPage,
});
