import { createFileRoute } from '@tanstack/react-router';
import { prefetchSafetyLookups } from '@/features/events/use-safety-lookups';
import { ScorecardsPage } from '@/features/scorecards/scorecards-page';
import { scorecardsSearchSchema } from '@/features/scorecards/scorecards-search';

export const Route = createFileRoute('/_auth/scorecards/')({
  validateSearch: scorecardsSearchSchema,
  // The page draws at once and fills in as events arrive; only the lookups are asked for here.
  loader: ({ context: { queryClient } }) => void prefetchSafetyLookups(queryClient),
  component: ScorecardsPage,
});
