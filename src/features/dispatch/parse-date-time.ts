/**
 * Date-times as dispatchers type them in spreadsheets, read as wall-clock times of a chosen time
 * zone (unless they carry their own offset) and turned into instants for the service.
 */

import { t } from '@lingui/core/macro';
import { wallClockIn, type WallClock as ZonedWallClock } from '@/lib/local-date';

/** How to read "03/04/2026": US month first, or day first as most of the world writes it. */
export type DateOrder = 'month-first' | 'day-first';

export interface DateTimeOptions {
  /** IANA zone for times without an offset, e.g. "America/Los_Angeles". */
  timeZone: string;
  dateOrder: DateOrder;
}

export type ParsedDateTime = { ok: true; epochMs: number } | { ok: false; message: string };

/** A time as a schedule's cell gives it: to the second, its zone not yet applied. */
type WallClock = Omit<ZonedWallClock, 'millisecond' | 'offset'>;

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;
/** Offsets change on quarter hours (UTC) in every zone, so one cached value per quarter is exact. */
const OFFSET_CACHE_BUCKET_MS = 15 * MS_PER_MINUTE;
const OFFSET_CACHE_LIMIT = 50_000;
const MS_PER_DAY = 86_400_000;
/** Excel's serial for 1970-01-01 (1900 date system). */
const EXCEL_UNIX_EPOCH_SERIAL = 25_569;
/** Serials from 1960 to 2100: wider is more likely a stray number than a date. */
const EXCEL_SERIAL_MIN = 21_916;
const EXCEL_SERIAL_MAX = 73_416;
const YEAR_MIN = 1970;
const YEAR_MAX = 2100;

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:\s*([AaPp])\.?[Mm]\.?)?`;
const ISO_LIKE = new RegExp(
  String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s]+${TIME})?\s*(Z|[+-]\d{2}:?\d{2})?$`,
);
const NUMERIC_DATE = new RegExp(
  String.raw`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[T\s,]+${TIME})?$`,
);
const EXCEL_SERIAL = /^\d{5}(?:\.\d+)?$/;

/** The formats to suggest, in the page's language (messages are written once it is set). */
const example = () => t`e.g. 2026-11-24 06:00 or 11/24/2026 6:00 AM`;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Builds a wall clock from matched text, or says which part is impossible. */
function wallClock(
  year: number,
  month: number,
  day: number,
  time: { hour?: string; minute?: string; second?: string; meridiem?: string },
): WallClock | string {
  if (year < YEAR_MIN || year > YEAR_MAX) return t`the year ${year} is out of range`;
  if (month < 1 || month > 12) return t`there is no month ${month}`;
  if (day < 1 || day > daysInMonth(year, month)) return t`there is no day ${day} in that month`;
  if (time.hour === undefined) {
    const formats = example();
    return t`it has no time of day (${formats})`;
  }
  let hour = Number(time.hour);
  const minute = Number(time.minute);
  const second = Number(time.second ?? 0);
  if (time.meridiem) {
    if (hour < 1 || hour > 12) return t`${hour} is not an hour on a 12-hour clock`;
    const pm = time.meridiem.toLowerCase() === 'p';
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 23) return t`there is no hour ${hour}`;
  if (minute > 59 || second > 59) return t`the minutes or seconds are out of range`;
  return { year, month, day, hour, minute, second };
}

const offsetCache = new Map<string, number>();

/** The zone's UTC offset at an instant; cached, as a 10,000-row file asks for ~40,000 of them. */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const bucketKey = `${timeZone}|${Math.floor(epochMs / OFFSET_CACHE_BUCKET_MS)}`;
  const cached = offsetCache.get(bucketKey);
  if (cached !== undefined) return cached;
  const offset = wallClockIn(new Date(epochMs), timeZone).offset * 60_000;
  if (offsetCache.size >= OFFSET_CACHE_LIMIT) offsetCache.clear();
  offsetCache.set(bucketKey, offset);
  return offset;
}

/** The instant the wall clock would name in UTC; offsets are applied from there. */
function wallClockAsUtcMs(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

/** The instant a wall-clock time in `timeZone` names, or a message when the clocks skip it. */
function zonedWallClockToEpoch(clock: WallClock, timeZone: string): ParsedDateTime {
  const asUtc = wallClockAsUtcMs(clock);
  let epochMs = asUtc - zoneOffsetMs(asUtc, timeZone);
  const corrected = asUtc - zoneOffsetMs(epochMs, timeZone);
  if (corrected !== epochMs) epochMs = corrected;
  if (epochMs + zoneOffsetMs(epochMs, timeZone) !== asUtc) {
    return {
      ok: false,
      message: t`this time does not exist in ${timeZone} (the clocks go forward then)`,
    };
  }
  return { ok: true, epochMs };
}

function parseOffsetMs(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return (
    sign * (Number(digits.slice(0, 2)) * MS_PER_HOUR + Number(digits.slice(2)) * MS_PER_MINUTE)
  );
}

/** An Excel serial (days since 1899-12-30, fraction = time of day) as a wall clock. */
function excelSerialToWallClock(serial: number): WallClock {
  // Round to the second: serials carry binary fractions such as 0.2499999.
  const epochMs = Math.round(((serial - EXCEL_UNIX_EPOCH_SERIAL) * MS_PER_DAY) / 1000) * 1000;
  const date = new Date(epochMs);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

function describe(problem: string, text: string): ParsedDateTime {
  return { ok: false, message: t`"${text}" is not a date-time we can read: ${problem}.` };
}

/**
 * Reads ISO 8601 (with or without an offset), "2026-11-24 06:00", "11/24/2026 6:00 AM" (or day
 * first), and Excel serial numbers. Times without an offset are wall-clock times in `timeZone`.
 */
export function parseScheduleDateTime(raw: string, options: DateTimeOptions): ParsedDateTime {
  const text = raw.trim();
  if (!text) return { ok: false, message: t`A date-time is required.` };

  const iso = ISO_LIKE.exec(text);
  if (iso) {
    const [, year, month, day, hour, minute, second, meridiem, offset] = iso;
    const clock = wallClock(Number(year), Number(month), Number(day), {
      hour,
      minute,
      second,
      meridiem,
    });
    if (typeof clock === 'string') return describe(clock, text);
    if (offset) {
      return { ok: true, epochMs: wallClockAsUtcMs(clock) - parseOffsetMs(offset) };
    }
    return withZoneMessage(zonedWallClockToEpoch(clock, options.timeZone), text);
  }

  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const [, first, second, year, hour, minute, secondOfMinute, meridiem] = numeric;
    const monthFirst = options.dateOrder === 'month-first';
    const month = Number(monthFirst ? first : second);
    const day = Number(monthFirst ? second : first);
    if (month > 12 && day <= 12) {
      return describe(
        t`there is no month ${month}; if the day comes first, choose day/month/year`,
        text,
      );
    }
    const clock = wallClock(Number(year), month, day, {
      hour,
      minute,
      second: secondOfMinute,
      meridiem,
    });
    if (typeof clock === 'string') return describe(clock, text);
    return withZoneMessage(zonedWallClockToEpoch(clock, options.timeZone), text);
  }

  if (EXCEL_SERIAL.test(text)) {
    const serial = Number(text);
    if (serial < EXCEL_SERIAL_MIN || serial > EXCEL_SERIAL_MAX) {
      return describe(t`the number is too far from today to be an Excel date`, text);
    }
    return withZoneMessage(
      zonedWallClockToEpoch(excelSerialToWallClock(serial), options.timeZone),
      text,
    );
  }

  const formats = example();
  return describe(t`use a date and a time, ${formats}`, text);
}

function withZoneMessage(result: ParsedDateTime, text: string): ParsedDateTime {
  return result.ok ? result : describe(result.message, text);
}

/** ISO 8601 in UTC at second precision, the way the service writes its dates. */
export function toServiceDateTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
