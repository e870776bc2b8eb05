import { describe, expect, it } from 'vitest';
import { parseScheduleDateTime, toServiceDateTime, type DateTimeOptions } from './parse-date-time';

const utc: DateTimeOptions = { timeZone: 'UTC', dateOrder: 'month-first' };
const losAngeles: DateTimeOptions = { timeZone: 'America/Los_Angeles', dateOrder: 'month-first' };

function iso(text: string, options: DateTimeOptions = utc): string {
  const parsed = parseScheduleDateTime(text, options);
  if (!parsed.ok) throw new Error(parsed.message);
  return toServiceDateTime(parsed.epochMs);
}

function problem(text: string, options: DateTimeOptions = utc): string {
  const parsed = parseScheduleDateTime(text, options);
  if (parsed.ok) throw new Error(`${text} was read as ${toServiceDateTime(parsed.epochMs)}`);
  return parsed.message;
}

describe('parseScheduleDateTime', () => {
  it('reads ISO 8601 with its own offset, whatever zone is chosen', () => {
    expect(iso('2026-11-24T06:00:00Z', losAngeles)).toBe('2026-11-24T06:00:00Z');
    expect(iso('2026-11-24T06:00-08:00', utc)).toBe('2026-11-24T14:00:00Z');
    expect(iso('2026-11-24T06:00:30.500+0530', utc)).toBe('2026-11-24T00:30:30Z');
  });

  it('reads times without an offset in the chosen zone', () => {
    expect(iso('2026-11-24 06:00', utc)).toBe('2026-11-24T06:00:00Z');
    expect(iso('2026-11-24 06:00', losAngeles)).toBe('2026-11-24T14:00:00Z');
    // Summer time: Los Angeles is 7 hours behind.
    expect(iso('2026-07-01T06:00', losAngeles)).toBe('2026-07-01T13:00:00Z');
    expect(iso('2026/11/24 6:00 PM', utc)).toBe('2026-11-24T18:00:00Z');
  });

  it('reads US month-first dates with a 12-hour clock', () => {
    expect(iso('11/24/2026 6:00 AM')).toBe('2026-11-24T06:00:00Z');
    expect(iso('11/24/2026 12:00 AM')).toBe('2026-11-24T00:00:00Z');
    expect(iso('11/24/2026 12:30 pm')).toBe('2026-11-24T12:30:00Z');
    expect(iso('3/4/2026 18:45')).toBe('2026-03-04T18:45:00Z');
  });

  it('reads day-first dates when asked, and points to the option when the order looks wrong', () => {
    const dayFirst: DateTimeOptions = { timeZone: 'UTC', dateOrder: 'day-first' };
    expect(iso('24/11/2026 06:00', dayFirst)).toBe('2026-11-24T06:00:00Z');
    expect(iso('3/4/2026 18:45', dayFirst)).toBe('2026-04-03T18:45:00Z');
    expect(problem('24/11/2026 06:00')).toMatch(/day\/month\/year/);
  });

  it('reads Excel serial numbers as wall-clock times in the chosen zone', () => {
    expect(iso('46350.25')).toBe('2026-11-24T06:00:00Z');
    expect(iso('46350.25', losAngeles)).toBe('2026-11-24T14:00:00Z');
    // Binary fractions are rounded to the second.
    expect(iso('46350.2916666666')).toBe('2026-11-24T07:00:00Z');
    expect(problem('12345')).toMatch(/too far from today/);
  });

  it('refuses a wall-clock time the clocks skip', () => {
    expect(problem('2026-03-08 02:30', losAngeles)).toMatch(
      /does not exist in America\/Los_Angeles/,
    );
  });

  it('explains impossible or incomplete values', () => {
    expect(problem('')).toBe('A date-time is required.');
    expect(problem('2026-11-24')).toMatch(/no time of day/);
    expect(problem('2026-02-30 06:00')).toMatch(/no day 30/);
    expect(problem('2026-13-01 06:00')).toMatch(/no month 13/);
    expect(problem('2026-11-24 25:00')).toMatch(/no hour 25/);
    expect(problem('2026-11-24 13:00 PM')).toMatch(/12-hour clock/);
    expect(problem('tomorrow morning')).toMatch(/use a date and a time/);
    expect(problem('=NOW()')).toMatch(/not a date-time/);
    expect(problem('1900-01-01 06:00')).toMatch(/year 1900/);
  });
});
