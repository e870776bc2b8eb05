import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import { lazy, memo, Suspense } from 'react';
import { describeTrendChange, formatCount } from './scorecard-format';
import { useStaggeredMount } from './use-staggered-mount';

const RiskSparkline = lazy(() =>
  import('./scorecard-charts').then((module) => ({ default: module.RiskSparkline })),
);
const RiskBarChart = lazy(() =>
  import('./scorecard-charts').then((module) => ({ default: module.RiskBarChart })),
);

/** Risk rising is the bad direction: red up, teal down. */
function trendColor(change: number): string {
  return change > 0 ? 'red' : change < 0 ? 'teal' : 'gray';
}

/** What a row's "▲ 190" is; the ranking's legend and each figure's tooltip say it. */
export const TREND_EXPLANATION = msg`▲ or ▼ and a number is how much the risk score of the second half of the window is above or below its first half`;

/** A ranking row's risk score over the window, small, with its change in words. */
export const TrendSparkline = memo(function TrendSparkline({
  trend,
  change,
}: {
  trend: number[];
  change: number;
}) {
  const { t } = useLingui();
  const words = describeTrendChange(change);
  const ready = useStaggeredMount();
  return (
    <Group gap={6} wrap="nowrap">
      {ready ? (
        <Suspense fallback={<Box w={88} h={28} />}>
          <RiskSparkline
            trend={trend}
            color={trendColor(change)}
            label={t`Risk score over the window, ${words} in its second half against the first`}
          />
        </Suspense>
      ) : (
        <Box w={88} h={28} />
      )}
      {/* Said to assistive technology by the chart's label; the tooltip is for the eye. */}
      <Tooltip
        label={t`Risk score, second half of the window against the first: ${words}`}
        multiline
        w={240}
      >
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} aria-hidden="true">
          {change > 0 ? '▲' : change < 0 ? '▼' : '–'}{' '}
          {change === 0 ? '' : formatCount(Math.abs(change))}
        </Text>
      </Tooltip>
    </Group>
  );
});

/** The larger chart on a driver's or vehicle's scorecard: risk score per day (or run of days). */
export function ScorecardTrendChart({
  labels,
  riskScores,
  change,
}: {
  labels: string[];
  riskScores: number[];
  change: number;
}) {
  const { t } = useLingui();
  const data = labels.map((label, index) => ({ label, riskScore: riskScores[index] ?? 0 }));
  const peak = riskScores.reduce(
    (best, score, index) => (score > best.score ? { score, index } : best),
    { score: 0, index: -1 },
  );
  const highest = formatCount(peak.score);
  const highestLabel = labels[peak.index];
  const trendWords = describeTrendChange(change);
  const summary =
    peak.index < 0
      ? t`No risk recorded in this window.`
      : t`Highest ${highest} (${highestLabel}); second half of the window against the first: ${trendWords}.`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="scorecard-trend-title">
      <Title order={3} size="h5" id="scorecard-trend-title">
        <Trans>Risk score over time</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="sm" id="scorecard-trend-summary">
        {summary}
      </Text>
      <Suspense fallback={<Box h={220} />}>
        <RiskBarChart
          data={data}
          seriesLabel={t`Risk score`}
          titleId="scorecard-trend-title"
          summaryId="scorecard-trend-summary"
        />
      </Suspense>
    </Paper>
  );
}
