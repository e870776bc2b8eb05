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

/** The same local time `days` calendar days later (or earlier), across daylight-saving changes. */
export function addLocalDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** The last `days` calendar days up to and including today. */
export function lastLocalDays(
  days: number,
  today: Date = new Date(),
): { from: string; to: string } {
  return {
    from: toLocalDateString(addLocalDays(today, -(days - 1))),
    to: toLocalDateString(today),
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
