import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { ListEmptyState } from '@/components/list/list-states';
import { LoadingStatus } from '@/components/page-loader';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { SectionBoundary } from '@/components/section-boundary';
import type { SafetyLookups } from '@/features/events/use-safety-lookups';
import { ScorecardLoadProgress } from './scorecard-load-progress';
import { ScorecardBreakdowns, ScorecardStats } from './scorecard-summary';
import { ScorecardTrendChart } from './scorecard-trend';
import type { useSubjectScorecard } from './use-subject-scorecard';

/**
 * A driver's or vehicle's scorecard for the chosen window: its numbers, the larger trend chart
 * and the behaviours and risks, with the states of its read.
 */
export function SubjectScorecard({
  scorecard,
  lookups,
  subject,
}: {
  scorecard: ReturnType<typeof useSubjectScorecard>;
  lookups: SafetyLookups;
  /** Whose scorecard it is, for the empty state. */
  subject: 'driver' | 'vehicle';
}) {
  const { t } = useLingui();
  const { query, row, labels, retry } = scorecard;
  if (query.error) {
    return (
      <QueryErrorAlert
        title={t`The scorecard could not be loaded`}
        error={query.error}
        onRetry={retry}
      />
    );
  }
  if (!query.data || !query.data.complete) {
    return (
      <Stack gap="xs">
        {query.data && query.data.loadedEvents > 0 && (
          <ScorecardLoadProgress progress={query.data} />
        )}
        <LoadingStatus label={t`Loading the scorecard`} />
      </Stack>
    );
  }
  if (!row) {
    return (
      <ListEmptyState
        title={
          subject === 'driver'
            ? t`No safety events for this driver in this window`
            : t`No safety events for this vehicle in this window`
        }
      >
        <Trans>Choose a longer window to look further back.</Trans>
      </ListEmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <ScorecardLoadProgress progress={query.data} />
      <ScorecardStats row={row} label={t`Scorecard totals`} />
      <SectionBoundary what={t`The trend chart`}>
        <ScorecardTrendChart
          labels={labels}
          riskScores={row.trend}
          change={row.metrics.trendChange}
        />
      </SectionBoundary>
      <ScorecardBreakdowns row={row} behaviorNames={lookups.behaviors} riskNames={lookups.risks} />
    </Stack>
  );
}
