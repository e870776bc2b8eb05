import { msg } from '@lingui/core/macro';
import { getFormatLocale } from '@/i18n/locale';
import { translate } from '@/i18n/translate';
import {
  browserTimeZone,
  getDisplayPreferences,
  type ClockFormat,
  type DisplayPreferences,
} from './display-preferences';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone times without a zone of their own are shown in: the chosen one, else the browser's
 * (in "where the event happened" mode only safety events have a zone of their own).
 */
export function displayTimeZone(preferences: DisplayPreferences = getDisplayPreferences()): string {
  return preferences.eventTimeZone === 'chosen' ? preferences.chosenTimeZone : browserTimeZone();
}

/** Whether times need their zone's name: when it is not the zone this browser's clock shows. */
function labelsTimeZone(preferences: DisplayPreferences = getDisplayPreferences()): boolean {
  return displayTimeZone(preferences) !== browserTimeZone();
}

// Intl refuses a zone name next to dateStyle/timeStyle, so labelled formats spell them out.
const DATE_STYLE_PARTS: Record<string, Intl.DateTimeFormatOptions> = {
  full: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  short: { year: '2-digit', month: 'numeric', day: 'numeric' },
};
const TIME_STYLE_PARTS: Record<string, Intl.DateTimeFormatOptions> = {
  full: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  long: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  medium: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  short: { hour: 'numeric', minute: '2-digit' },
};

function withZoneName(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  const { dateStyle, timeStyle, ...rest } = options;
  return {
    ...(dateStyle ? DATE_STYLE_PARTS[dateStyle] : {}),
    ...(timeStyle ? TIME_STYLE_PARTS[timeStyle] : {}),
    ...rest,
    timeZoneName: 'short',
  };
}

/**
 * A date-time format in the chosen language with the reader's clock (12 or 24 hours) and time zone
 * applied, built once per
 * option set: every date on every page goes through here, so a change in Settings reaches them all.
 * Times in a zone other than the browser's carry the zone's short name ("7:24 PM GMT+9"). Options
 * that name their own `timeZone` keep it, unlabelled.
 */
export function dateTimeFormat(
  options: Intl.DateTimeFormatOptions,
  clock: ClockFormat = getDisplayPreferences().clock,
): Intl.DateTimeFormat {
  const ownZone = options.timeZone !== undefined;
  const timeZone = ownZone ? options.timeZone : displayTimeZone();
  const hasTime = options.timeStyle !== undefined || options.hour !== undefined;
  const labelled = !ownZone && hasTime && labelsTimeZone();
  const locale = getFormatLocale();
  const key = `${locale}|${clock}|${timeZone}|${labelled}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      ...(labelled ? withZoneName(options) : options),
      timeZone,
      ...(hasTime ? { hourCycle: clock === '24h' ? 'h23' : 'h12' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** A date-time for people, in their own time zone; "—" for nothing, the raw text if unparsable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = Date.parse(value);
  return Number.isNaN(time)
    ? value
    : dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

/** A time of day with seconds (when a refresh happened or a wait ends), in the reader's clock. */
export function formatClockTime(time: number | Date): string {
  return dateTimeFormat({ timeStyle: 'medium' }).format(time);
}

/** A service date-time as a Date to sort or export by; null for nothing or unparsable text. */
export function parseDateTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

const KM_PER_MILE = 1.609344;
const KMH_PER_METRE_PER_SECOND = 3.6;
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number format in the chosen language, built once per option set: every count, distance and
 * speed goes through here ("12,345" in English and Spanish, "12 345" in French).
 */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = getFormatLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A count or other number for people, with the chosen language's separators: "12,345". */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value);
}

const WHOLE: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };

/** A distance in the reader's unit: "12,345 km" or "7,671 mi". */
export function formatDistance(km: number | null | undefined): string {
  if (km === null || km === undefined) return '—';
  return getDisplayPreferences().distance === 'mi'
    ? formatNumber(km / KM_PER_MILE, { ...WHOLE, style: 'unit', unit: 'mile' })
    : formatNumber(km, { ...WHOLE, style: 'unit', unit: 'kilometer' });
}

/** A speed the service sends in metres per second, in the reader's unit: "72 km/h" or "45 mph". */
export function formatSpeed(metresPerSecond: number | null | undefined): string {
  if (metresPerSecond === null || metresPerSecond === undefined) return '—';
  return formatNumber(speedInDisplayUnit(metresPerSecond), {
    ...WHOLE,
    style: 'unit',
    unit: getDisplayPreferences().distance === 'mi' ? 'mile-per-hour' : 'kilometer-per-hour',
  });
}

/** The number a chart or a table shows for a speed in metres per second. */
export function speedInDisplayUnit(metresPerSecond: number): number {
  const kmh = metresPerSecond * KMH_PER_METRE_PER_SECOND;
  return getDisplayPreferences().distance === 'mi' ? kmh / KM_PER_MILE : kmh;
}

/**
 * The legacy ECM API states no unit for its speeds. It gives its odometer in kilometres, and its
 * speeds read as road speeds in km/h, so the console takes them as km/h.
 */
export function legacySpeedUnitNote(): string {
  return translate(
    msg`The legacy ECM API does not state its speed unit: its speeds are taken as km/h, as its odometer is in km.`,
  );
}

/** A legacy ECM speed (taken as km/h, see legacySpeedUnitNote) in the reader's unit. */
export function formatLegacySpeed(kmh: number | null | undefined): string {
  if (kmh === null || kmh === undefined) return '—';
  return formatSpeed(kmh / KMH_PER_METRE_PER_SECOND);
}

/** The speed unit's short name in the chosen language, for chart axes and column headers. */
export function speedUnitLabel(): string {
  const unit = getDisplayPreferences().distance === 'mi' ? 'mile-per-hour' : 'kilometer-per-hour';
  const parts = numberFormat({ style: 'unit', unit }).formatToParts(1);
  return parts.find((part) => part.type === 'unit')?.value ?? unit;
}

/**
 * A wait in whole seconds, in words and in the chosen language: "1 second", "30 seconds". Intl
 * picks the plural, so English reads right before the catalogs load (see src/i18n/translate.ts).
 */
export function formatSeconds(seconds: number): string {
  return formatNumber(seconds, { style: 'unit', unit: 'second', unitDisplay: 'long' });
}

/** How long ago something was read, in words people use: "just now", "3 min ago", "2 days ago". */
export function formatAge(milliseconds: number): string {
  const minutes = Math.floor(Math.max(0, milliseconds) / 60_000);
  if (minutes < 1) return translate(msg`just now`);
  // "min" and "h" stay the same in the plural in the console's languages.
  if (minutes < 60) return translate(msg`${minutes} min ago`);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return translate(msg`${hours} h ago`);
  const days = Math.floor(hours / 24);
  // Intl's own plural ("1 day ago", "hace 2 días", "il y a 2 jours"): the catalogs' ICU plurals
  // are not read before they load, nor in the tests, and this reads the same in every language.
  return new Intl.RelativeTimeFormat(getFormatLocale(), { numeric: 'always' }).format(-days, 'day');
}
