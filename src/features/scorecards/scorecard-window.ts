import { t } from '@lingui/core/macro';
import { getFormatLocale } from '@/i18n/locale';
import {
  addLocalDays,
  checkedLocalDate,
  dayRangeInstants,
  dayStart,
  parseLocalDate,
  toLocalDateString,
} from '@/lib/local-date';
import {
  DEFAULT_SCORECARD_DAYS,
  MAX_SCORECARD_DAYS,
  type ScorecardPresetDays,
  type ScorecardWindowSearch,
} from './scorecard-window-search';

export type ResolvedScorecardWindow =
  | {
      ok: true;
      fromDay: string;
      toDay: string;
      dayCount: number;
      /** The preset this window is, or null for a custom range. */
      preset: ScorecardPresetDays | null;
    }
  | { ok: false; fromDay: string; toDay: string; message: string };

function dayCountOf(first: Date, last: Date): number {
  // Whole calendar days: rounding absorbs a daylight-saving hour.
  return Math.round((last.getTime() - first.getTime()) / 86_400_000) + 1;
}

/** The days a window covers, up to today for a preset, checked for a custom range. */
export function resolveScorecardWindow(
  search: ScorecardWindowSearch,
  today: Date,
): ResolvedScorecardWindow {
  const todayDay = toLocalDateString(today);
  if (search.from && search.to) {
    // readDay checked both days when the search was read.
    const first = checkedLocalDate(search.from);
    const last = checkedLocalDate(search.to);
    const base = { fromDay: search.from, toDay: search.to };
    if (search.from > todayDay) {
      return { ok: false, ...base, message: t`The range cannot start after today.` };
    }
    const dayCount = dayCountOf(first, last);
    if (dayCount > MAX_SCORECARD_DAYS) {
      const maxDays = MAX_SCORECARD_DAYS;
      return { ok: false, ...base, message: t`Choose at most ${maxDays} days.` };
    }
    return { ok: true, ...base, dayCount, preset: null };
  }
  const preset = search.days ?? DEFAULT_SCORECARD_DAYS;
  const lastDay = checkedLocalDate(todayDay);
  return {
    ok: true,
    fromDay: toLocalDateString(addLocalDays(lastDay, -(preset - 1))),
    toDay: todayDay,
    dayCount: preset,
    preset,
  };
}

/** From the first moment of the first day to the last second of the last day, where the reader's clock is. */
export function windowInstants(window: { fromDay: string; toDay: string }): {
  from: Date;
  to: Date;
} {
  return dayRangeInstants(window);
}

/**
 * How a window is cut into trend points: equal runs of whole local days (the last run may be
 * shorter), so every point of a driver's trend covers the same days as everyone else's.
 */
export interface TrendBuckets {
  /** Local midnight at the start of each point's first day, in milliseconds, ascending. */
  startsMs: number[];
  /** The moment after the window's last day. */
  endMs: number;
  /** Days per point. */
  daysPerBucket: number;
}

/** The row sparklines stay readable at this many points. */
export const SPARKLINE_POINTS = 30;
/** The detail chart shows a day per bar up to about three months. */
export const DETAIL_CHART_POINTS = 92;

export function trendBuckets(
  window: { fromDay: string; toDay: string },
  maxPoints: number,
): TrendBuckets {
  const first = checkedLocalDate(window.fromDay);
  const end = addLocalDays(checkedLocalDate(window.toDay), 1);
  const dayCount = dayCountOf(first, addLocalDays(end, -1));
  const daysPerBucket = Math.max(1, Math.ceil(dayCount / Math.max(1, maxPoints)));
  const startsMs: number[] = [];
  for (let day = 0; day < dayCount; day += daysPerBucket) {
    startsMs.push(dayStart(first, day).getTime());
  }
  return { startsMs, endMs: dayStart(end).getTime(), daysPerBucket };
}

/** The point a moment falls in; moments outside the window go to the nearest end. */
export function bucketIndexOf(buckets: TrendBuckets, timeMs: number): number {
  const starts = buckets.startsMs;
  let low = 0;
  let high = starts.length - 1;
  if (high < 0) return -1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    const start = starts[middle]; // always there: low <= middle <= high < starts.length
    if (start !== undefined && start <= timeMs) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** "Nov 3", or "Nov 3 – Nov 5" when a point covers several days: the chart's axis and tooltip. */
export function bucketLabels(buckets: TrendBuckets): string[] {
  // Local days, not instants: the browser's zone, in the chosen language.
  const bucketDayFormat = new Intl.DateTimeFormat(getFormatLocale(), {
    month: 'short',
    day: 'numeric',
  });
  return buckets.startsMs.map((startMs, index) => {
    const first = new Date(startMs);
    if (buckets.daysPerBucket === 1) return bucketDayFormat.format(first);
    const nextStart = buckets.startsMs[index + 1] ?? buckets.endMs;
    const last = addLocalDays(new Date(nextStart), -1);
    return toLocalDateString(first) === toLocalDateString(last)
      ? bucketDayFormat.format(first)
      : `${bucketDayFormat.format(first)} – ${bucketDayFormat.format(last)}`;
  });
}

/** "Last 30 days" or "Mar 3 – Apr 2, 2026": how the page names a window. */
export function describeScorecardWindow(window: ResolvedScorecardWindow): string {
  if (window.ok && window.preset) {
    const presetDays = window.preset;
    return t`Last ${presetDays} days`;
  }
  const format = new Intl.DateTimeFormat(getFormatLocale(), { dateStyle: 'medium' });
  const first = parseLocalDate(window.fromDay);
  const last = parseLocalDate(window.toDay);
  return first && last ? `${format.format(first)} – ${format.format(last)}` : t`Custom range`;
}
