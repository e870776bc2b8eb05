import { afterEach, describe, expect, it } from 'vitest';
import { resetDisplayPreferencesCache, setDisplayPreferences } from '@/lib/display-preferences';
import {
  eventFileName,
  formatBytes,
  formatClipTime,
  formatEventTime,
  formatGForce,
  formatRecordTime,
  formatShortRecordTime,
  formatUtcOffset,
} from './event-format';

describe('event values', () => {
  it('shows g-forces with two decimals and a real minus sign', () => {
    expect(formatGForce(-0.625)).toMatch(/^−0\.6[23] g$/);
    expect(formatGForce(0.4)).toBe('0.40 g');
    expect(formatGForce(null)).toBe('—');
  });

  it('writes clip positions to the hundredth of a second', () => {
    expect(formatClipTime(0)).toBe('0:00.00');
    expect(formatClipTime(8.4666)).toBe('0:08.47');
    expect(formatClipTime(1 / 30)).toBe('0:00.03');
    expect(formatClipTime(59.999)).toBe('1:00.00');
    expect(formatClipTime(75.5)).toBe('1:15.50');
    expect(formatClipTime(Number.NaN)).toBe('0:00.00');
  });

  it('writes signed UTC offsets', () => {
    expect(formatUtcOffset(-420)).toBe('UTC−07:00');
    expect(formatUtcOffset(330)).toBe('UTC+05:30');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
  });

  it('writes byte counts for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('record time', () => {
  const event = {
    recordDateUTC: '2025-03-03T22:03:22Z',
    recordDateUTCOffset: -480,
    recordDateTZ: 'PST',
  };

  it('shows the wall-clock time where the event happened, with its zone', () => {
    const text = formatRecordTime(event);
    expect(text).toContain('2:03:22');
    expect(text).toContain('3');
    expect(text.endsWith(' PST')).toBe(true);
    expect(formatShortRecordTime(event)).toMatch(/2:03.*PST$/);
  });

  it('crosses midnight with the offset', () => {
    expect(formatShortRecordTime({ ...event, recordDateUTC: '2025-03-04T03:00:00Z' })).toMatch(
      /Mar 3.*7:00.*PST$/,
    );
  });

  it('shows the raw text when the date cannot be read', () => {
    expect(formatRecordTime({ ...event, recordDateUTC: 'soon' })).toBe('soon');
  });

  it('names the offset where the service sends no zone name', () => {
    expect(formatShortRecordTime({ ...event, recordDateTZ: '' })).toBe('Mar 3, 2:03 PM UTC−08:00');
  });
});

describe('event time as Settings says', () => {
  const event = {
    recordDateUTC: '2025-03-04T02:24:00Z',
    recordDateUTCOffset: -420,
    recordDateTZ: 'MST',
  };
  afterEach(() => {
    resetDisplayPreferencesCache();
  });

  it('shows the time in the chosen zone with its name, short and long', () => {
    setDisplayPreferences({
      clock: '12h',
      eventTimeZone: 'chosen',
      chosenTimeZone: 'America/Denver',
    });
    expect(formatEventTime(event, 'short')).toBe('Mar 3, 7:24 PM MST');
    expect(formatEventTime(event)).toBe('Mar 3, 2025, 7:24:00 PM MST');
    setDisplayPreferences({ chosenTimeZone: 'Asia/Tokyo' });
    expect(formatEventTime(event, 'short')).toBe('Mar 4, 11:24 AM GMT+9');
    expect(formatEventTime(event)).toBe('Mar 4, 2025, 11:24:00 AM GMT+9');
  });

  it('shows the time where the event happened, whatever zone was chosen before', () => {
    setDisplayPreferences({ clock: '12h', eventTimeZone: 'event', chosenTimeZone: 'Asia/Tokyo' });
    expect(formatEventTime(event, 'short')).toBe('Mar 3, 7:24 PM MST');
  });
});

describe('file names', () => {
  it('uses the customer event ID like the service does, safe for file systems', () => {
    expect(eventFileName({ id: 'x', customerEventId: 'EVT-2025-000123' }, 'mp4')).toBe(
      'EVT-2025-000123.mp4',
    );
    expect(eventFileName({ id: 'x', customerEventId: 'a/b:c' }, 'dce')).toBe('a-b-c.dce');
    expect(eventFileName({ id: 'guid', customerEventId: ' ' }, 'dce')).toBe('guid.dce');
  });
});
