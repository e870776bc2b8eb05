import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { CartesianGrid, ComposedChart, ReferenceLine, Scatter, XAxis, YAxis } from 'recharts';
import { timelineColors } from './event-timeline-colors';
import {
  gForceAxisTop,
  speedAxisTop,
  timelineLayout,
  timeTicks,
  type TriggerReadings,
} from './event-timeline-scale';

const tickStyle = { fill: 'var(--mantine-color-dimmed)', fontSize: 11 };
const axisLine = { stroke: 'var(--mantine-color-default-border)' };
/** Units above their axes, so the ticks stay one short number each. */
const axisLabel = {
  position: 'top',
  offset: 8,
  fill: 'var(--mantine-color-dimmed)',
  fontSize: 11,
} as const;

/**
 * The clip's time axis with the trigger, the g-force thresholds and the peaks the service
 * reports. Loaded lazily, so the chart library stays off every other page. Purely visual: the
 * timeline around it carries the slider and the same facts in words. Memoised: the playhead
 * moves every frame, the chart only when the clip or the event changes.
 */
export const EventTimelineChart = memo(function EventTimelineChart({
  duration,
  trigger,
  readings,
}: {
  duration: number;
  trigger: number;
  readings: TriggerReadings;
}) {
  const { t } = useLingui();
  const { forward, lateral, speed } = readings;
  const gTop = gForceAxisTop(readings);
  const speedTop = speedAxisTop(readings);
  return (
    <ComposedChart
      responsive
      width="100%"
      height={timelineLayout.height}
      margin={timelineLayout.margin}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke="var(--mantine-color-default-border)" strokeDasharray="3 3" />
      <XAxis
        type="number"
        dataKey="second"
        domain={[0, duration]}
        ticks={timeTicks(duration)}
        tickFormatter={(second: number) => t`${second} s`}
        height={timelineLayout.timeAxisHeight}
        tick={tickStyle}
        axisLine={axisLine}
        tickLine={axisLine}
        allowDataOverflow
      />
      <YAxis
        yAxisId="g"
        type="number"
        domain={[0, gTop]}
        width={timelineLayout.gAxisWidth}
        tick={tickStyle}
        label={{ ...axisLabel, value: 'g' }}
        axisLine={axisLine}
        tickLine={axisLine}
      />
      {/* Kept without a speed too: the plot area must not move under the seek layer. */}
      <YAxis
        yAxisId="speed"
        type="number"
        orientation="right"
        domain={[0, speedTop]}
        width={timelineLayout.speedAxisWidth}
        tick={speed ? tickStyle : false}
        label={speed ? { ...axisLabel, value: speed.unit } : undefined}
        axisLine={axisLine}
        tickLine={speed ? axisLine : false}
      />
      {forward?.threshold ? (
        <ReferenceLine
          yAxisId="g"
          y={forward.threshold}
          stroke={timelineColors.forward}
          strokeDasharray="6 4"
          strokeWidth={1.5}
        />
      ) : null}
      {lateral?.threshold ? (
        <ReferenceLine
          yAxisId="g"
          y={lateral.threshold}
          stroke={timelineColors.lateral}
          strokeDasharray="2 3"
          strokeWidth={1.5}
        />
      ) : null}
      <ReferenceLine
        yAxisId="g"
        x={trigger}
        stroke={timelineColors.trigger}
        strokeWidth={2}
        label={{
          value: t`Trigger`,
          position: 'top',
          fill: timelineColors.trigger,
          fontSize: 11,
          fontWeight: 600,
        }}
      />
      {forward ? (
        <Scatter
          yAxisId="g"
          data={[{ second: trigger, value: Math.abs(forward.peak) }]}
          dataKey="value"
          fill={timelineColors.forward}
          shape="circle"
          isAnimationActive={false}
        />
      ) : null}
      {lateral ? (
        <Scatter
          yAxisId="g"
          data={[{ second: trigger, value: Math.abs(lateral.peak) }]}
          dataKey="value"
          fill={timelineColors.lateral}
          shape="diamond"
          isAnimationActive={false}
        />
      ) : null}
      {speed ? (
        <Scatter
          yAxisId="speed"
          data={[{ second: trigger, value: speed.value }]}
          dataKey="value"
          fill={timelineColors.speed}
          shape="square"
          isAnimationActive={false}
        />
      ) : null}
    </ComposedChart>
  );
});
