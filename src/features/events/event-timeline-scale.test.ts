import { beforeEach, describe, expect, it } from 'vitest';
import { setDisplayPreferences } from '@/lib/display-preferences';
import {
  gForceAxisTop,
  keyboardSeekTarget,
  secondAtFraction,
  speedAxisTop,
  timeTicks,
  triggerReadings,
  triggerSecond,
} from './event-timeline-scale';

// The expected speeds are in km/h; the unit is the reader's choice.
beforeEach(() => setDisplayPreferences({ distance: 'km' }));

const braking = {
  forwardMax: -0.62,
  forwardThreshold: 0.4,
  lateralMax: 0.12,
  lateralThreshold: 0.45,
  speed: 15,
};

describe('the event timeline', () => {
  it('marks the trigger 8 s in, or at the end of a shorter clip', () => {
    expect(triggerSecond(null)).toBe(8);
    expect(triggerSecond(12)).toBe(8);
    expect(triggerSecond(5)).toBe(5);
  });

  it('turns a point across the timeline into a second of the clip', () => {
    expect(secondAtFraction(0.5, 12)).toBe(6);
    expect(secondAtFraction(-0.2, 12)).toBe(0);
    expect(secondAtFraction(1.3, 12)).toBe(12);
  });

  it('moves 1 s with the arrows, 5 s with the page keys, and to either end, within the clip', () => {
    expect(keyboardSeekTarget('ArrowRight', 3, 12)).toBe(4);
    expect(keyboardSeekTarget('ArrowUp', 3, 12)).toBe(4);
    expect(keyboardSeekTarget('ArrowLeft', 3, 12)).toBe(2);
    expect(keyboardSeekTarget('ArrowDown', 0.5, 12)).toBe(0);
    expect(keyboardSeekTarget('PageUp', 9, 12)).toBe(12);
    expect(keyboardSeekTarget('PageDown', 9, 12)).toBe(4);
    expect(keyboardSeekTarget('Home', 9, 12)).toBe(0);
    expect(keyboardSeekTarget('End', 1, 12)).toBe(12);
    expect(keyboardSeekTarget('j', 1, 12)).toBeNull();
  });

  it('labels the time axis every 2 s for a recorder clip, wider for long ones', () => {
    expect(timeTicks(12)).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(timeTicks(12.07)).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(timeTicks(30)).toEqual([0, 5, 10, 15, 20, 25, 30]);
  });

  it('keeps the peaks the service reports, signed, against their thresholds, and the speed in km/h', () => {
    const readings = triggerReadings(braking);
    expect(readings.forward).toEqual({ peak: -0.62, threshold: 0.4, exceeded: true });
    expect(readings.lateral).toEqual({ peak: 0.12, threshold: 0.45, exceeded: false });
    expect(readings.speed).toEqual({ value: 54, unit: 'km/h' });
  });

  it('says nothing was recorded rather than drawing zeros', () => {
    const readings = triggerReadings({
      forwardMax: null,
      forwardThreshold: 0.4,
      lateralMax: 0.3,
      lateralThreshold: null,
      speed: null,
    });
    expect(readings.forward).toBeNull();
    expect(readings.lateral).toEqual({ peak: 0.3, threshold: null, exceeded: false });
    expect(readings.speed).toBeNull();
  });

  it('sizes the axes above the largest peak or threshold', () => {
    expect(gForceAxisTop(triggerReadings(braking))).toBe(0.75);
    expect(gForceAxisTop(triggerReadings({ ...braking, forwardMax: -2.4 }))).toBe(3);
    expect(gForceAxisTop(triggerReadings({ ...braking, forwardMax: 0.01 }))).toBe(0.75);
    expect(speedAxisTop(triggerReadings(braking))).toBe(80);
    expect(speedAxisTop(triggerReadings({ ...braking, speed: null }))).toBe(20);
  });
});
