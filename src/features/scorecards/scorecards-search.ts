import {
  compactSearch,
  readInt,
  readOneOf,
  readPageSizeParam,
  readString,
} from '@/lib/search-params';
import { scorecardMetrics, type ScorecardMetric } from './scorecard-metrics';
import { readScorecardWindow, type ScorecardWindowSearch } from './scorecard-window-search';

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

/** The scorecards page: its window, group, which ranking, its order and page. */
export interface ScorecardsSearch extends ScorecardWindowSearch {
  view?: 'vehicles';
  groupId?: string;
  sort?: RankingSortField;
  order?: 'asc' | 'desc';
  /** 1-based. */
  page?: number;
  pageSize?: number;
  /** A shared view's columns. */
  columns?: string;
}

const orders = ['asc', 'desc'] as const;

export function validateScorecardsSearch(search: Record<string, unknown>): ScorecardsSearch {
  return compactSearch({
    ...readScorecardWindow(search),
    view: readOneOf(search.view, ['vehicles'] as const),
    groupId: readString(search.groupId, 64),
    sort: readOneOf(search.sort, rankingSortFields),
    order: readOneOf(search.order, orders),
    page: readInt(search.page, { min: 1 }),
    pageSize: readPageSizeParam(search, RANKING_PAGE_SIZES),
    columns: readString(search.columns, 600),
  });
}

/** A driver's scorecard page: the window and the page of their events. */
export interface DriverScorecardSearch extends ScorecardWindowSearch {
  /** 1-based page of the driver's events. */
  page?: number;
  pageSize?: number;
  /** Order of the driver's events by the time they happened. */
  order?: 'asc' | 'desc';
}

export function validateDriverScorecardSearch(
  search: Record<string, unknown>,
): DriverScorecardSearch {
  return compactSearch({
    ...readScorecardWindow(search),
    page: readInt(search.page, { min: 1 }),
    pageSize: readPageSizeParam(search),
    order: readOneOf(search.order, orders),
  });
}

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
