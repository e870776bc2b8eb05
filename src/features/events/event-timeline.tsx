import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  lazy,
  Suspense,
  useMemo,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { SafetyEvent } from '@/api/safety-events';
import { formatNumber } from '@/lib/format';
import { formatClipTime, formatGForce } from './event-format';
import { timelineColors } from './event-timeline-colors';
import {
  keyboardSeekTarget,
  SECONDS_BEFORE_TRIGGER,
  secondAtFraction,
  timelineLayout,
  triggerReadings,
  triggerSecond,
  TYPICAL_CLIP_SECONDS,
  type GForceReading,
} from './event-timeline-scale';
import classes from './event-timeline.module.css';
import { seekVideo, useVideoClock } from './video-playback';

const EventTimelineChart = lazy(() =>
  import('./event-timeline-chart').then((module) => ({ default: module.EventTimelineChart })),
);

const { margin, gAxisWidth, speedAxisWidth, timeAxisHeight } = timelineLayout;
/** The seek layer covers exactly the chart's plot area, so a click lands on the second drawn there. */
const plotArea: CSSProperties = {
  top: margin.top,
  bottom: margin.bottom + timeAxisHeight,
  left: margin.left + gAxisWidth,
  right: margin.right + speedAxisWidth,
};

/**
 * The clip as a timeline under the video: the trigger, the g-force peaks against their
 * thresholds, the speed, and a playhead that follows the video and seeks it (click, drag or keys).
 */
export function EventTimeline({
  event,
  video,
  videoMissing,
}: {
  event: SafetyEvent;
  video: HTMLVideoElement | null;
  /** The event has no playable video: the timeline shows the readings without a playhead. */
  videoMissing: boolean;
}) {
  const { t } = useLingui();
  const clock = useVideoClock(video);
  const duration = clock.duration ?? TYPICAL_CLIP_SECONDS;
  const trigger = triggerSecond(clock.duration);
  const readings = useMemo(() => triggerReadings(event), [event]);
  const seekable = video !== null && clock.duration !== null;
  const position = Math.min(clock.currentTime, duration);

  const seek = (second: number) => {
    if (video && seekable) seekVideo(video, second);
  };
  const seekToPointer = (pointer: PointerEvent<HTMLDivElement>) => {
    const box = pointer.currentTarget.getBoundingClientRect();
    seek(secondAtFraction((pointer.clientX - box.left) / box.width, duration));
  };
  const onKeyDown = (key: KeyboardEvent<HTMLDivElement>) => {
    if (!seekable || key.altKey || key.ctrlKey || key.metaKey) return;
    const target = keyboardSeekTarget(key.key, clock.currentTime, duration);
    if (target === null) return;
    key.preventDefault();
    seek(target);
  };

  let seekHint: string;
  if (videoMissing) seekHint = t`There is no video to follow, so the timeline cannot seek.`;
  else if (!seekable) seekHint = t`The playhead appears when the video has loaded.`;
  else {
    seekHint = t`Click or drag on the timeline to move the video; when it has focus, the arrow keys move 1 s, Page Up and Page Down 5 s, Home and End to either end.`;
  }
  const positionText = formatClipTime(position);
  const durationText = formatClipTime(duration);
  const secondsBefore = formatNumber(SECONDS_BEFORE_TRIGGER);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="event-timeline-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="event-timeline-title">
            <Trans>Timeline</Trans>
          </Title>
          <Button
            variant="default"
            size="xs"
            disabled={!seekable}
            onMouseDown={(mouse) => mouse.preventDefault()}
            onClick={() => seek(trigger)}
          >
            <Trans>Go to the trigger</Trans>
          </Button>
        </Group>
        <div className={classes.chart} style={{ height: timelineLayout.height }}>
          <div className={classes.chartLayer} aria-hidden="true">
            <Suspense fallback={<Skeleton height={timelineLayout.height} radius="sm" />}>
              <EventTimelineChart duration={duration} trigger={trigger} readings={readings} />
            </Suspense>
          </div>
          <div
            className={classes.seekLayer}
            style={plotArea}
            role="slider"
            tabIndex={seekable ? 0 : -1}
            aria-label={t`Video position`}
            aria-describedby="event-timeline-hint"
            aria-disabled={!seekable}
            aria-valuemin={0}
            aria-valuemax={Math.round(duration * 100) / 100}
            aria-valuenow={Math.round(position * 100) / 100}
            aria-valuetext={t`${positionText} of ${durationText}`}
            data-seekable={seekable || undefined}
            onKeyDown={onKeyDown}
            onPointerDown={(pointer) => {
              if (!seekable || pointer.button !== 0) return;
              pointer.currentTarget.setPointerCapture(pointer.pointerId);
              seekToPointer(pointer);
            }}
            onPointerMove={(pointer) => {
              if (pointer.currentTarget.hasPointerCapture(pointer.pointerId))
                seekToPointer(pointer);
            }}
          >
            {seekable ? (
              <div
                className={classes.playhead}
                style={{ left: `${(position / duration) * 100}%` }}
              />
            ) : null}
          </div>
        </div>
        <TimelineLegend readings={readings} trigger={trigger} />
        <Text size="xs" c="dimmed">
          <Trans>
            The service reports one peak for each g-force and the speed at the trigger, not readings
            through the clip, so each is marked at the trigger. Peaks are drawn by size; the text
            gives their direction. The trigger is placed {secondsBefore} s in, where recorders put
            it.
          </Trans>
        </Text>
        <Text size="xs" c="dimmed" id="event-timeline-hint">
          {seekHint}
        </Text>
      </Stack>
    </Paper>
  );
}

function TimelineLegend({
  readings,
  trigger,
}: {
  readings: ReturnType<typeof triggerReadings>;
  trigger: number;
}) {
  const { t } = useLingui();
  const { forward, lateral, speed } = readings;
  const triggerAt = formatClipTime(trigger);
  const speedValue = speed ? formatNumber(Math.round(speed.value)) : '';
  const speedUnit = speed?.unit ?? '';
  return (
    <ul className={classes.legend} aria-label={t`Timeline readings`}>
      <li>
        <span className={classes.swatchLine} style={{ background: timelineColors.trigger }} />
        <Trans>Trigger at {triggerAt}</Trans>
      </li>
      <li>
        <span className={classes.swatchDot} style={{ background: timelineColors.forward }} />
        <GForceText axis="forward" reading={forward} thresholdLine="dashed" />
      </li>
      <li>
        <span className={classes.swatchDiamond} style={{ background: timelineColors.lateral }} />
        <GForceText axis="lateral" reading={lateral} thresholdLine="dotted" />
      </li>
      <li>
        <span className={classes.swatchSquare} style={{ background: timelineColors.speed }} />
        {speed ? t`Speed at the trigger: ${speedValue} ${speedUnit}` : t`No speed recorded`}
      </li>
    </ul>
  );
}

function GForceText({
  axis,
  reading,
  thresholdLine,
}: {
  axis: 'forward' | 'lateral';
  reading: GForceReading | null;
  /** How the chart draws this threshold, so the legend can name it. */
  thresholdLine: 'dashed' | 'dotted';
}) {
  const { t } = useLingui();
  const forward = axis === 'forward';
  if (!reading) {
    return <>{forward ? t`Forward g-force: not recorded` : t`Lateral g-force: not recorded`}</>;
  }
  const peak = formatGForce(reading.peak);
  let peakText: string;
  if (!forward) peakText = t`Lateral peak ${peak}`;
  else if (reading.peak < 0) peakText = t`Forward peak ${peak} braking`;
  else if (reading.peak > 0) peakText = t`Forward peak ${peak} accelerating`;
  else peakText = t`Forward peak ${peak}`;
  const threshold = reading.threshold === null ? null : formatGForce(reading.threshold);
  return (
    <>
      {peakText}
      {threshold !== null ? (
        <>
          {' · '}
          {thresholdLine === 'dashed'
            ? t`threshold ${threshold} (dashed)`
            : t`threshold ${threshold} (dotted)`}
          {reading.exceeded ? (
            <Text span size="xs" fw={700}>
              {' · '}
              <Trans>exceeded</Trans>
            </Text>
          ) : null}
        </>
      ) : (
        ` · ${t`no threshold set`}`
      )}
    </>
  );
}
