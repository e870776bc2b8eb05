import type {
  SafetyDateOption,
  SafetyEventIdFilters,
  SafetyEventQueueParams,
} from '@/api/safety-events';
import {
  addLocalDays,
  dayRangeInstants,
  checkedLocalDate,
  toLocalDateString,
} from '@/lib/local-date';
import { safeRedirectTarget } from '@/lib/safe-redirect';
import {
  compactSearch,
  readBoolean,
  readDay,
  readGuid,
  readIdList,
  readOneOf,
  readString,
} from '@/lib/search-params';

/** The `coach` filter's value for events no coach is assigned to. */
export const NO_COACH = 'none';

/**
 * The review queue's filters and order, kept in the URL of the queue and of every event opened
 * from it, so the order of "next" and "previous" is known on the event page too.
 */
export interface EventsSearch {
  /** First and last day of the range (YYYY-MM-DD, the reviewer's own days), inclusive. */
  from?: string;
  to?: string;
  dateOption?: SafetyDateOption;
  groupId?: string;
  /** Only written when false: the service includes subgroups by default. */
  subgroups?: boolean;
  triggers?: number[];
  /** Applied in the browser: the metadata list has no subtype filter. */
  subtypes?: number[];
  statuses?: number[];
  behaviors?: number[];
  /** Applied in the browser: neither list has a dynamic-risk filter. */
  risks?: number[];
  driverId?: string;
  vehicleId?: string;
  deviceId?: string;
  sortBy?: SafetyDateOption;
  sortDirection?: 'asc' | 'desc';
  /** Applied in the browser (no list filters on it): a coach's user ID, or `none`. */
  coach?: string;
  /** Applied in the browser: only events awaiting coaching (a coaching backlog). */
  awaitingCoaching?: boolean;
}

/** The queue page also remembers which event is selected, e.g. the one just reviewed. */
export interface EventsQueueSearch extends EventsSearch {
  selected?: string;
}

/** An event's page also says where its video starts, so a link can open it at a moment. */
export interface EventPageSearch extends EventsSearch {
  /** Whole seconds into the video. */
  t?: number;
  /** The page the event was opened from (a same-origin path with its search), e.g. a scorecard. */
  back?: string;
}

const DEFAULT_RANGE_DAYS = 7;
/** Event clips last seconds; a start beyond an hour is a broken link, not a position. */
const MAX_START_SECOND = 3600;
export const DEFAULT_DATE_OPTION: SafetyDateOption = 'recordDate';
export const DEFAULT_SORT_BY: SafetyDateOption = 'recordDate';
export const DEFAULT_SORT_DIRECTION = 'desc';

const dateOptions: readonly SafetyDateOption[] = ['recordDate', 'lastUpdatedDate'];

export function validateEventsSearch(search: Record<string, unknown>): EventsSearch {
  let from = readDay(search.from);
  let to = readDay(search.to);
  // A range that ends before it starts is a broken link: fall back to the default range.
  if (from && to && from > to) {
    from = undefined;
    to = undefined;
  }
  return compactSearch({
    from,
    to,
    dateOption: readOneOf(search.dateOption, dateOptions),
    groupId: readGuid(search.groupId),
    subgroups: readBoolean(search.subgroups) === false ? false : undefined,
    triggers: readIdList(search.triggers),
    subtypes: readIdList(search.subtypes),
    statuses: readIdList(search.statuses),
    behaviors: readIdList(search.behaviors),
    risks: readIdList(search.risks),
    driverId: readGuid(search.driverId),
    vehicleId: readGuid(search.vehicleId),
    // The service takes a device GUID or serial number, at most 50 characters.
    deviceId: readString(search.deviceId, 50),
    sortBy: readOneOf(search.sortBy, dateOptions),
    sortDirection: readOneOf(search.sortDirection, ['asc', 'desc'] as const),
    coach: search.coach === NO_COACH ? NO_COACH : readGuid(search.coach),
    awaitingCoaching: readBoolean(search.awaitingCoaching) === true ? true : undefined,
  });
}

export function validateEventsQueueSearch(search: Record<string, unknown>): EventsQueueSearch {
  return compactSearch({ ...validateEventsSearch(search), selected: readGuid(search.selected) });
}

export function validateEventPageSearch(search: Record<string, unknown>): EventPageSearch {
  return compactSearch({
    ...validateEventsSearch(search),
    t: readClipSecond(search.t),
    back: readBackPath(search.back),
  });
}

/**
 * Where the video starts, in seconds to the hundredth (the clock's own precision), so a link
 * copied at 0:03.96 opens at 0:03.96 rather than a second early.
 */
function readClipSecond(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return undefined;
  if (number < 0 || number > MAX_START_SECOND) return undefined;
  return Math.round(number * 100) / 100;
}

/** A page inside the console to return to; anything else (another site, the sign-in page) is dropped. */
function readBackPath(value: unknown): string | undefined {
  const text = readString(value, 2000);
  if (!text) return undefined;
  const target = safeRedirectTarget(text);
  return target === text ? target : undefined;
}

/** The filters without the queue page's own selection, to carry into an event's URL. */
export function filtersOf({ selected: _selected, ...filters }: EventsQueueSearch): EventsSearch {
  return filters;
}

/** True when any filter differs from the defaults (for "Clear filters" and empty-state wording). */
export function hasFilters(search: EventsSearch): boolean {
  return Object.values(search).some((value) => value !== undefined);
}

/** The range the queue shows: the URL's days, else the last seven days up to today. */
export function resolveDayRange(
  search: Pick<EventsSearch, 'from' | 'to'>,
  today: Date,
): { fromDay: string; toDay: string } {
  const todayValue = toLocalDateString(today);
  // A range starting in the future ends on its first day rather than before it.
  const toDayValue =
    search.to ?? (search.from && search.from > todayValue ? search.from : todayValue);
  if (search.from) return { fromDay: search.from, toDay: toDayValue };
  // Both days come from readDay or toLocalDateString, so they always parse.
  const first = addLocalDays(checkedLocalDate(toDayValue), -(DEFAULT_RANGE_DAYS - 1));
  return { fromDay: toLocalDateString(first), toDay: toDayValue };
}

/** What the service filters: everything but the browser-side subtype, risk and coaching filters. */
export function queueParams(search: EventsSearch, today: Date): SafetyEventQueueParams {
  return {
    ...dayRangeInstants(resolveDayRange(search, today)),
    dateOption: search.dateOption ?? DEFAULT_DATE_OPTION,
    groupId: search.groupId,
    includeSubgroups: search.groupId ? (search.subgroups ?? true) : undefined,
    triggers: search.triggers,
    statuses: search.statuses,
    behaviors: search.behaviors,
    driverId: search.driverId,
    vehicleId: search.vehicleId,
    deviceId: search.deviceId,
    sortBy: search.sortBy ?? DEFAULT_SORT_BY,
    sortDirection: search.sortDirection ?? DEFAULT_SORT_DIRECTION,
  };
}

/** The ID list can filter subtypes itself, so its total already includes that filter. */
export function countFilters(search: EventsSearch, today: Date): SafetyEventIdFilters {
  return { ...queueParams(search, today), triggerSubTypes: search.subtypes };
}
