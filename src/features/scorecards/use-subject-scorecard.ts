import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocale } from '@/i18n/locale';
import { scorecardRowById } from './aggregate';
import { subjectScorecardQueryOptions, type ScorecardScope } from './scorecard-queries';
import { bucketLabels, DETAIL_CHART_POINTS, trendBuckets } from './scorecard-window';

export type SubjectScope = ScorecardScope & ({ driverId: string } | { vehicleId: string });

/** One driver's or vehicle's scorecard for a window (null while the window is not valid). */
export function useSubjectScorecard(scope: SubjectScope | null) {
  const queryClient = useQueryClient();
  const options = subjectScorecardQueryOptions(scope ?? { fromDay: '', toDay: '', driverId: '' });
  const query = useQuery({ ...options, enabled: !!scope });
  const snapshot = query.data?.snapshot ?? null;
  const subjectId = scope ? (scope.driverId ?? scope.vehicleId ?? '') : '';
  const row = useMemo(() => {
    if (!snapshot || !scope) return null;
    const table = scope.driverId ? snapshot.drivers : snapshot.vehicles;
    return scorecardRowById(snapshot, table, subjectId);
  }, [snapshot, scope, subjectId]);
  // Day names in the chosen language: a new one names them again.
  const locale = useLocale();
  const labels = useMemo(
    () => (scope ? bucketLabels(trendBuckets(scope, DETAIL_CHART_POINTS)) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale: see above
    [scope, locale],
  );
  return {
    query,
    row,
    labels,
    // Start over rather than keep what a failed read left.
    retry: () => void queryClient.resetQueries({ queryKey: options.queryKey, exact: true }),
  };
}
