import type { SafetyEvent } from '@/api/safety-events';
import { speedInDisplayUnit, speedUnitLabel } from '@/lib/format';

/**
 * Recorders keep the seconds before a trigger and a few after it: 8 s and 4 s for the clips the
 * service sends. The event says nothing about where the trigger falls in its clip, so this is
 * where the timeline marks it.
 */
export const SECONDS_BEFORE_TRIGGER = 8;
/** The clip length assumed until the video says its own. */
export const TYPICAL_CLIP_SECONDS = 12;

/** The chart's plot area, shared by the chart and the seek layer drawn over it. */
export const timelineLayout = {
  height: 190,
  margin: { top: 22, right: 8, bottom: 0, left: 4 },
  gAxisWidth: 40,
  speedAxisWidth: 44,
  timeAxisHeight: 26,
} as const;

/** Where the trigger sits in a clip of `duration` seconds (null: not known yet). */
export function triggerSecond(duration: number | null): number {
  return duration === null ? SECONDS_BEFORE_TRIGGER : Math.min(SECONDS_BEFORE_TRIGGER, duration);
}

/** The second under a point `fraction` (0–1) of the way across the timeline. */
export function secondAtFraction(fraction: number, duration: number): number {
  return Math.min(Math.max(fraction, 0), 1) * duration;
}

const SMALL_SEEK_SECONDS = 1;
const LARGE_SEEK_SECONDS = 5;

/** Where a key pressed on the timeline moves the video, or null for keys it does not use. */
export function keyboardSeekTarget(key: string, current: number, duration: number): number | null {
  let target: number;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      target = current + SMALL_SEEK_SECONDS;
      break;
    case 'ArrowLeft':
    case 'ArrowDown':
      target = current - SMALL_SEEK_SECONDS;
      break;
    case 'PageUp':
      target = current + LARGE_SEEK_SECONDS;
      break;
    case 'PageDown':
      target = current - LARGE_SEEK_SECONDS;
      break;
    case 'Home':
      target = 0;
      break;
    case 'End':
      target = duration;
      break;
    default:
      return null;
  }
  return Math.min(Math.max(target, 0), duration);
}

/** Tick seconds for the time axis: about six labels whatever the clip length. */
export function timeTicks(duration: number): number[] {
  const step = duration <= 14 ? 2 : duration <= 35 ? 5 : duration <= 70 ? 10 : 30;
  const ticks: number[] = [];
  for (let second = 0; second <= duration + 1e-9; second += step) ticks.push(second);
  return ticks;
}

/** One g-force axis of the event: the peak the recorder measured and the device's threshold. */
export interface GForceReading {
  /** Signed as the service sends it (forward: negative is braking). */
  peak: number;
  threshold: number | null;
  exceeded: boolean;
}

/** What the service knows of the moment: one peak per g-force axis and the speed at the trigger. */
export interface TriggerReadings {
  forward: GForceReading | null;
  lateral: GForceReading | null;
  /** In the console's speed unit. */
  speed: { value: number; unit: string } | null;
}

function reading(
  peak: number | null | undefined,
  threshold: number | null | undefined,
): GForceReading | null {
  if (peak === null || peak === undefined) return null;
  const limit = threshold ?? null;
  return { peak, threshold: limit, exceeded: limit !== null && Math.abs(peak) >= limit };
}

export function triggerReadings(
  event: Pick<
    SafetyEvent,
    'forwardMax' | 'forwardThreshold' | 'lateralMax' | 'lateralThreshold' | 'speed'
  >,
): TriggerReadings {
  return {
    forward: reading(event.forwardMax, event.forwardThreshold),
    lateral: reading(event.lateralMax, event.lateralThreshold),
    speed:
      event.speed === null || event.speed === undefined
        ? null
        : { value: speedInDisplayUnit(event.speed), unit: speedUnitLabel() },
  };
}

/** The top of the g-force axis: room above the larger of the peaks and thresholds, in 0.25 g. */
export function gForceAxisTop(readings: TriggerReadings): number {
  const values = [readings.forward, readings.lateral].flatMap((item) =>
    item ? [Math.abs(item.peak), item.threshold ?? 0] : [],
  );
  const largest = Math.max(0.5, ...values);
  return Math.ceil((largest * 1.15) / 0.25) * 0.25;
}

/** The top of the speed axis, in steps of 20 of the shown unit. */
export function speedAxisTop(readings: TriggerReadings): number {
  const value = readings.speed?.value ?? 0;
  return Math.max(20, Math.ceil((value * 1.15) / 20) * 20);
}
