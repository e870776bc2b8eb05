import '@mantine/charts/styles.layer.css';
import { BarChart, Sparkline } from '@mantine/charts';

// The chart library is the heaviest code of the scorecards: it loads after the rows it decorates.

export function RiskSparkline({
  trend,
  color,
  label,
}: {
  trend: number[];
  color: string;
  label: string;
}) {
  return (
    <Sparkline
      w={88}
      h={28}
      data={trend}
      color={color}
      fillOpacity={0.25}
      strokeWidth={1.5}
      areaProps={{ isAnimationActive: false }}
      role="img"
      aria-label={label}
    />
  );
}

export function RiskBarChart({
  data,
  seriesLabel,
  titleId,
  summaryId,
}: {
  data: { label: string; riskScore: number }[];
  /** The series' name in the reader's language, for the bars' tooltip. */
  seriesLabel: string;
  titleId: string;
  summaryId: string;
}) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="label"
      series={[{ name: 'riskScore', label: seriesLabel, color: 'orange.6' }]}
      tickLine="y"
      gridAxis="y"
      barProps={{ isAnimationActive: false }}
      // The summary beside it says what the bars show; the chart is one image to a screen reader.
      accessibilityLayer={false}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
    />
  );
}
