import { createFileRoute } from '@tanstack/react-router';
import { CoachingPage } from '@/features/coaching/coaching-page';
import { coachingSearchSchema } from '@/features/coaching/coaching-search';

export const Route = createFileRoute('/_auth/coaching')({
  validateSearch: coachingSearchSchema,
  // The page draws at once and shows its own loading state while the window is read.
  component: CoachingPage,
});
