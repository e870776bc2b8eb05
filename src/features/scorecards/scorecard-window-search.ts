import { readDay, readInt } from '@/lib/search-params';

// Read by the routes' search validation, which loads with /login: this module stays small.

/** The preset windows a manager picks from; anything else is a custom range. */
export const scorecardPresetDays = [7, 30, 90] as const;
export type ScorecardPresetDays = (typeof scorecardPresetDays)[number];
export const DEFAULT_SCORECARD_DAYS: ScorecardPresetDays = 30;
/** A year and a day: past that a trend's points would each cover weeks. */
export const MAX_SCORECARD_DAYS = 366;

/** A window as the URL keeps it: a preset, or the first and last day of a custom range. */
export interface ScorecardWindowSearch {
  days?: ScorecardPresetDays;
  /** YYYY-MM-DD, the manager's own days, both included. */
  from?: string;
  to?: string;
}

function readPresetDays(value: unknown): ScorecardPresetDays | undefined {
  const days = readInt(value, { min: 1 });
  return scorecardPresetDays.find((preset) => preset === days);
}

/**
 * The window from URL values. A custom range needs both days; a half or reversed range is a
 * broken link and falls back to the preset (or the default).
 */
export function readScorecardWindow(values: {
  days?: unknown;
  from?: unknown;
  to?: unknown;
}): ScorecardWindowSearch {
  const from = readDay(values.from);
  const to = readDay(values.to);
  if (from && to && from <= to) return { from, to };
  const days = readPresetDays(values.days);
  return days === undefined || days === DEFAULT_SCORECARD_DAYS ? {} : { days };
}

/** The window's readers, for a route's `searchSchema` (with `settleScorecardWindow`). */
export const scorecardWindowReaders = { days: readPresetDays, from: readDay, to: readDay };

/** Keeps a whole custom range or a preset, as `readScorecardWindow` does, in a route's search. */
export function settleScorecardWindow<Search extends ScorecardWindowSearch>(
  search: Search,
): Search {
  const window = readScorecardWindow(search);
  return { ...search, days: window.days, from: window.from, to: window.to };
}
