import { createFileRoute } from '@tanstack/react-router';
import {
  activationEndReasonsQueryOptions,
  geofenceActivationListQueryOptions,
} from '@/api/geofences';
import { listLoaderDeps } from '@/app/list-route';
import { ActivationsPage } from '@/features/geofences/activations-page';
import {
  activationListParams,
  activationsSearchSchema,
} from '@/features/geofences/activations-search';

export const Route = createFileRoute('/_auth/geofences/activations')({
  validateSearch: activationsSearchSchema,
  loaderDeps: ({ search }) => listLoaderDeps(search),
  // Started, not awaited: filters and paging keep the table (and the typed filter) on screen.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(
      geofenceActivationListQueryOptions(activationListParams(deps)),
    );
    void context.queryClient.prefetchQuery(activationEndReasonsQueryOptions());
  },
  component: ActivationsPage,
});
