import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  fleetScorecardQueryOptions,
  scorecardKeys,
  type ScorecardProgress,
  type ScorecardScope,
} from './scorecard-queries';

const NO_SCOPE: ScorecardScope = { fromDay: '', toDay: '' };
const selectSnapshot = (progress: ScorecardProgress) => progress.snapshot;
const selectComplete = (progress: ScorecardProgress) => progress.complete;
const selectProgress = (progress: ScorecardProgress) => progress;

/**
 * A window's rankings, re-rendering only when a new snapshot arrives (a few times a second at
 * most), not on every page read: the count of events read has its own hook.
 */
export function useFleetScorecards(scope: ScorecardScope | null) {
  const options = fleetScorecardQueryOptions(scope ?? NO_SCOPE);
  const ranking = useQuery({ ...options, enabled: !!scope, select: selectSnapshot });
  return {
    snapshot: ranking.data ?? null,
    error: ranking.error,
    ...useFleetScorecardStatus(scope),
  };
}

/** Whether the read is under way or complete, and a way to start it over: rarely changes. */
export function useFleetScorecardStatus(scope: ScorecardScope | null) {
  const queryClient = useQueryClient();
  const options = fleetScorecardQueryOptions(scope ?? NO_SCOPE);
  const complete = useQuery({ ...options, enabled: !!scope, select: selectComplete });
  // Start over rather than keep what a failed read left. Stable while the scope is (the
  // memoised table takes it).
  const startOver = useCallback(
    () =>
      void queryClient.resetQueries({
        queryKey: scorecardKeys.fleet(scope ?? NO_SCOPE),
        exact: true,
      }),
    [queryClient, scope],
  );
  return {
    complete: complete.data ?? false,
    isFetching: complete.isFetching,
    startOver,
  };
}

/** How far the read of a window has come: changes with every page. */
export function useFleetScorecardProgress(scope: ScorecardScope | null) {
  return useQuery({
    ...fleetScorecardQueryOptions(scope ?? NO_SCOPE),
    enabled: !!scope,
    select: selectProgress,
  }).data;
}
