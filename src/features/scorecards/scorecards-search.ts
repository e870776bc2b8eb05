import {
  compactSearch,
  readGuid,
  readInt,
  readOneOf,
  readPageSizeParam,
  readString,
  searchSchema,
} from '@/lib/search-params';
import { scorecardMetrics, type ScorecardMetric } from './scorecard-metrics';
import {
  readScorecardWindow,
  scorecardWindowReaders,
  settleScorecardWindow,
  type ScorecardWindowSearch,
} from './scorecard-window-search';

/** The numbers a ranking sorts by (the last event's time is shown on the detail only). */
export const rankingSortFields = scorecardMetrics.filter(
  (metric): metric is Exclude<ScorecardMetric, 'lastEventMs'> => metric !== 'lastEventMs',
);
export type RankingSortField = (typeof rankingSortFields)[number];
export const DEFAULT_RANKING_SORT: RankingSortField = 'riskScore';

export const rankingViews = ['drivers', 'vehicles'] as const;
export type RankingView = (typeof rankingViews)[number];

export const DEFAULT_RANKING_PAGE_SIZE = 25;
export const RANKING_PAGE_SIZES = [10, 25, 50, 100];

const orders = ['asc', 'desc'] as const;

/** The scorecards page: its window, group, which ranking, its order and page. */
export const scorecardsSearchSchema = searchSchema(
  {
    ...scorecardWindowReaders,
    view: (value) => readOneOf(value, ['vehicles'] as const),
    groupId: readGuid,
    sort: (value) => readOneOf(value, rankingSortFields),
    order: (value) => readOneOf(value, orders),
    /** 1-based. */
    page: (value) => readInt(value, { min: 1 }),
    pageSize: (_value, search) => readPageSizeParam(search, RANKING_PAGE_SIZES),
    /** A shared view's columns. */
    columns: (value) => readString(value, 600),
  },
  settleScorecardWindow,
);
export type ScorecardsSearch = ReturnType<typeof scorecardsSearchSchema>;

/** A driver's scorecard page: the window and the page of their events. */
export const driverScorecardSearchSchema = searchSchema(
  {
    ...scorecardWindowReaders,
    /** 1-based page of the driver's events. */
    page: (value) => readInt(value, { min: 1 }),
    pageSize: (_value, search) => readPageSizeParam(search),
    /** Order of the driver's events by the time they happened. */
    order: (value) => readOneOf(value, orders),
  },
  settleScorecardWindow,
);

/**
 * A vehicle's scorecard window on the vehicle's own page, under names of its own so they never
 * meet the page's other parameters.
 */
export interface VehicleScorecardSearch {
  scorecardDays?: ScorecardWindowSearch['days'];
  scorecardFrom?: string;
  scorecardTo?: string;
}

export function validateVehicleScorecardSearch(
  search: Record<string, unknown>,
): VehicleScorecardSearch {
  const window = readScorecardWindow({
    days: search.scorecardDays,
    from: search.scorecardFrom,
    to: search.scorecardTo,
  });
  return compactSearch({
    scorecardDays: window.days,
    scorecardFrom: window.from,
    scorecardTo: window.to,
  });
}

export function vehicleScorecardWindow(search: VehicleScorecardSearch): ScorecardWindowSearch {
  return compactSearch({
    days: search.scorecardDays,
    from: search.scorecardFrom,
    to: search.scorecardTo,
  });
}

export function toVehicleScorecardSearch(window: ScorecardWindowSearch): VehicleScorecardSearch {
  return { scorecardDays: window.days, scorecardFrom: window.from, scorecardTo: window.to };
}
