import {
  readGuid,
  readInt,
  readListColumns,
  readOneOf,
  readPageSize,
  readPageSizeParam,
  searchSchema,
} from '@/lib/search-params';

/** The coach key of events no coach is assigned to (the queue's `coach=none`). */
export const NO_COACH_KEY = 'none';

/** How far back the backlog looks for events awaiting coaching (days recorded, today included). */
export const BACKLOG_WINDOWS = [30, 90, 180, 365] as const;
export { DEFAULT_BACKLOG_DAYS } from '@/api/coaching-backlog-window';

/** IDs as keys: the service writes a GUID in either case. */
const readGuidKey = (value: unknown) => readGuid(value)?.toLowerCase();

const readers = {
  /** What the backlogs are counted by. */
  by: (value: unknown) => readOneOf(value, ['group'] as const),
  days: (value: unknown) => {
    const days = readInt(value);
    return BACKLOG_WINDOWS.find((allowed) => allowed === days);
  },
  /** One coach's backlog (a user ID, or `none` for events no coach has): the events list shows it. */
  coach: (value: unknown) => (value === NO_COACH_KEY ? NO_COACH_KEY : readGuidKey(value)),
  /** One group's backlog. */
  group: readGuidKey,
  /** 1-based page of the backlogs; its size under the list's one name. */
  page: (value: unknown) => readInt(value, { min: 1 }),
  pageSize: (_value: unknown, search: Record<string, unknown>) => readPageSizeParam(search),
  eventsPage: (value: unknown) => readInt(value, { min: 1 }),
  eventsPageSize: (value: unknown) => readPageSize(value),
  columns: readListColumns,
};

/** The coaching backlog page: its grouping, window, the backlog chosen, and the two lists' pages. */
export const coachingSearchSchema = searchSchema(readers);
export type CoachingSearch = ReturnType<typeof coachingSearchSchema>;
