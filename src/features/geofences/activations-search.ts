import type { GeofenceActivationListParams } from '@/api/geofences';
import { dayStart } from '@/lib/local-date';
import {
  pageRequestOf,
  readDay,
  readInt,
  readListColumns,
  readPageSizeParam,
  readString,
  searchSchema,
} from '@/lib/search-params';

/** The activations table's filters and paging, kept in the address. */
export const activationsSearchSchema = searchSchema(
  {
    geofenceId: (value) => readString(value, 64),
    vehicleId: (value) => readString(value, 64),
    /** First day shown, YYYY-MM-DD in the user's time zone. */
    from: readDay,
    /** Last day shown (inclusive), YYYY-MM-DD. */
    to: readDay,
    /** 1-based. */
    page: (value) => readInt(value, { min: 1 }),
    pageSize: (_value, search) => readPageSizeParam(search),
    /** A shared view's columns. */
    columns: readListColumns,
  },
  // A range given backwards is no range: both days are dropped.
  (search) =>
    search.from && search.to && search.from > search.to
      ? { ...search, from: undefined, to: undefined }
      : search,
);
type ActivationsSearch = ReturnType<typeof activationsSearchSchema>;

export const DEFAULT_ACTIVATIONS_PAGE_SIZE = 25;

/** Midnight at the start of that day where the reader's clock is, as an ISO instant. */
function startOfLocalDay(day: string, plusDays = 0): string {
  return dayStart(day, plusDays).toISOString();
}

export function activationListParams(search: ActivationsSearch): GeofenceActivationListParams {
  return {
    page: pageRequestOf(search, DEFAULT_ACTIVATIONS_PAGE_SIZE),
    geofenceIdentifier: search.geofenceId,
    vehicleIdentifier: search.vehicleId,
    startDate: search.from ? startOfLocalDay(search.from) : undefined,
    // The end is exclusive: the day after the last day shown.
    endDate: search.to ? startOfLocalDay(search.to, 1) : undefined,
    order: 'desc',
  };
}
