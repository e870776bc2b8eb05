import { createFileRoute } from '@tanstack/react-router';
import { DispatchPage } from '@/features/dispatch/dispatch-page';
import { compactSearch, readInt, routeSearch } from '@/lib/search-params';

interface DispatchSearch {
  /** A submitted batch to follow (re-opened from the recent submissions). */
  batch?: number;
}

const validateSearch = routeSearch((search: Record<string, unknown>): DispatchSearch =>
  compactSearch({ batch: readInt(search.batch, { min: 1 }) }),
);

export const Route = createFileRoute('/_auth/dispatch')({
  validateSearch,
  component: DispatchPage,
});
