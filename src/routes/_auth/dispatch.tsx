import { createFileRoute } from '@tanstack/react-router';
import { DispatchPage } from '@/features/dispatch/dispatch-page';
import { dispatchSearchSchema } from '@/features/dispatch/dispatch-search';

export const Route = createFileRoute('/_auth/dispatch')({
  validateSearch: dispatchSearchSchema,
  component: DispatchPage,
});
