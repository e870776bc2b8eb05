import { displayTimeZone } from './format';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Calendar days as the user sees them (local time), written YYYY-MM-DD for URLs and date pickers. */
export function toLocalDateString(date: Date, timeZone?: string): string {
  if (timeZone) {
    const wall = wallClockIn(date, timeZone);
    return `${wall.year}-${twoDigits(wall.month)}-${twoDigits(wall.day)}`;
  }
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** Local midnight at the start of a YYYY-MM-DD day; null for anything else. */
export function parseLocalDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toLocalDateString(date) === value ? date : null;
}

/**
 * `parseLocalDate` for a day that was already checked (read by `readDay`, or written by
 * `toLocalDateString`): a described error instead of null if that ever stops being true.
 */
export function checkedLocalDate(value: string): Date {
  const date = parseLocalDate(value);
  if (!date) throw new RangeError(`Expected a calendar day (YYYY-MM-DD), got "${value}".`);
  return date;
}

/** The same local time `days` calendar days later (or earlier), across daylight-saving changes. */
export function addLocalDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/**
 * Today where the reader's clock is (the zone chosen in Settings, else the browser's), as local
 * midnight of that date: calendar arithmetic stays on the browser's Date, and `dayStart` turns a
 * day into the instant it begins in that zone.
 */
export function today(now: Date = new Date()): Date {
  return checkedLocalDate(toLocalDateString(now, displayTimeZone()));
}

/**
 * The instant `day` (YYYY-MM-DD, or local midnight of a date) begins, `plusDays` later, where the
 * reader's clock is: midnight in Los Angeles is 08:00 UTC, whatever zone the browser is in.
 */
export function dayStart(day: string | Date, plusDays = 0, timeZone = displayTimeZone()): Date {
  const date = typeof day === 'string' ? parseLocalDate(day) : day;
  if (!date) return new Date(Number.NaN);
  const shifted = addLocalDays(date, plusDays);
  const utcMidnight = Date.UTC(shifted.getFullYear(), shifted.getMonth(), shifted.getDate());
  let instant = utcMidnight - wallClockIn(new Date(utcMidnight), timeZone).offset * 60_000;
  // Again at the guess: the offset can differ on a day the clocks change.
  instant = utcMidnight - wallClockIn(new Date(instant), timeZone).offset * 60_000;
  return new Date(instant);
}

/** From the first moment of the first day to the last second of the last day, where the reader's clock is. */
export function dayRangeInstants(days: { fromDay: string; toDay: string }): {
  from: Date;
  to: Date;
} {
  return { from: dayStart(days.fromDay), to: new Date(dayStart(days.toDay, 1).getTime() - 1000) };
}

/** The last `days` calendar days up to and including today (where the reader's clock is). */
export function lastLocalDays(
  days: number,
  todayDate: Date = today(),
): { from: string; to: string } {
  return {
    from: toLocalDateString(addLocalDays(todayDate, -(days - 1))),
    to: toLocalDateString(todayDate),
  };
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes ahead of UTC. */
  offset: number;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** What a clock in `timeZone` (an IANA zone) shows at `date`, and its offset from UTC then. */
export function wallClockIn(date: Date, timeZone: string): WallClock {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = new Map(format.formatToParts(date).map((part) => [part.type, Number(part.value)]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0;
  const millisecond = date.getUTCMilliseconds();
  const wall = {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
    millisecond,
  };
  const asUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
    millisecond,
  );
  return { ...wall, offset: Math.round((asUtc - date.getTime()) / 60_000) };
}

/**
 * The wall-clock time in `timeZone` without a zone, "2026-11-24T14:05:09.250", for spreadsheet
 * dates (which hold no zone); the browser's zone when none is given.
 */
export function toLocalIsoDateTime(date: Date, timeZone?: string): string {
  const wall = timeZone ? wallClockIn(date, timeZone) : browserWallClock(date);
  return (
    `${wall.year}-${twoDigits(wall.month)}-${twoDigits(wall.day)}T${twoDigits(wall.hour)}:` +
    `${twoDigits(wall.minute)}:${twoDigits(wall.second)}.${String(wall.millisecond).padStart(3, '0')}`
  );
}

/** ISO 8601 with the offset `timeZone` had then, "2026-11-24T23:05:09+09:00": exact in any zone. */
export function toOffsetIsoDateTime(date: Date, timeZone: string): string {
  const wall = wallClockIn(date, timeZone);
  return (
    `${wall.year}-${twoDigits(wall.month)}-${twoDigits(wall.day)}T` +
    `${twoDigits(wall.hour)}:${twoDigits(wall.minute)}:${twoDigits(wall.second)}` +
    formatOffset(wall.offset)
  );
}

/** An offset from UTC in minutes as "+09:00" or "-07:00"; `minus` for text a person reads ("−"). */
export function formatOffset(offsetMinutes: number, minus = '-'): string {
  const sign = offsetMinutes < 0 ? minus : '+';
  const offset = Math.abs(offsetMinutes);
  return `${sign}${twoDigits(Math.floor(offset / 60))}:${twoDigits(offset % 60)}`;
}

function browserWallClock(date: Date): WallClock {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
    millisecond: date.getMilliseconds(),
    offset: -date.getTimezoneOffset(),
  };
}
