import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayPreferences } from './display-preferences';
import {
  addLocalDays,
  dayRangeInstants,
  dayStart,
  formatOffset,
  lastLocalDays,
  parseLocalDate,
  toLocalDateString,
  toLocalIsoDateTime,
  toOffsetIsoDateTime,
  today,
} from './local-date';

describe('local dates', () => {
  it('writes a calendar day as YYYY-MM-DD, in the browser’s zone or a given one', () => {
    expect(toLocalDateString(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    // 23:30 UTC on 24 November is already the 25th in Tokyo and still the 24th in Los Angeles.
    const lateEvening = new Date(Date.UTC(2026, 10, 24, 23, 30));
    expect(toLocalDateString(lateEvening, 'Asia/Tokyo')).toBe('2026-11-25');
    expect(toLocalDateString(lateEvening, 'America/Los_Angeles')).toBe('2026-11-24');
  });

  it('reads back only real days', () => {
    expect(parseLocalDate('2026-03-09')).toEqual(new Date(2026, 2, 9));
    expect(parseLocalDate('2026-02-30')).toBeNull();
    expect(parseLocalDate('2026-3-9')).toBeNull();
  });

  it('counts calendar days, today included, back from today', () => {
    expect(toLocalDateString(addLocalDays(new Date(2026, 11, 31, 12), 1))).toBe('2027-01-01');
    expect(lastLocalDays(7, new Date(2026, 2, 3, 8))).toEqual({
      from: '2026-02-25',
      to: '2026-03-03',
    });
  });

  it('writes wall-clock times without a zone, and with the zone’s offset then', () => {
    const moment = new Date(Date.UTC(2026, 10, 24, 14, 5, 9, 250));
    expect(toLocalIsoDateTime(moment, 'UTC')).toBe('2026-11-24T14:05:09.250');
    expect(toOffsetIsoDateTime(moment, 'Asia/Tokyo')).toBe('2026-11-24T23:05:09+09:00');
    expect(toOffsetIsoDateTime(moment, 'America/St_Johns')).toBe('2026-11-24T10:35:09-03:30');
  });

  it('writes an offset from UTC with the minus sign asked for', () => {
    expect(formatOffset(330)).toBe('+05:30');
    expect(formatOffset(-420)).toBe('-07:00');
    expect(formatOffset(-420, '−')).toBe('−07:00');
    expect(formatOffset(0)).toBe('+00:00');
  });
});

describe("days where the reader's clock is", () => {
  afterEach(() => setDisplayPreferences({ eventTimeZone: 'mine' }));

  it('covers whole days of the browser zone, first second to last second', () => {
    const { from, to } = dayRangeInstants({ fromDay: '2025-03-06', toDay: '2025-03-12' });
    expect(from).toEqual(new Date(2025, 2, 6, 0, 0, 0));
    expect(to).toEqual(new Date(2025, 2, 12, 23, 59, 59));
  });

  it("takes today and the days' bounds from the zone chosen in Settings", () => {
    setDisplayPreferences({ eventTimeZone: 'chosen', chosenTimeZone: 'America/Los_Angeles' });
    // 6:56 PM on Nov 28 in Los Angeles is already Nov 29 in UTC.
    const now = new Date('2026-11-29T02:56:00Z');
    expect(toLocalDateString(today(now))).toBe('2026-11-28');
    expect(dayRangeInstants({ fromDay: '2026-11-28', toDay: '2026-11-28' })).toEqual({
      from: new Date('2026-11-28T08:00:00Z'),
      to: new Date('2026-11-29T07:59:59Z'),
    });
    // The day the clocks go back lasts 25 hours.
    expect(dayStart('2026-11-01').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(dayStart('2026-11-01', 1).toISOString()).toBe('2026-11-02T08:00:00.000Z');
  });
});
