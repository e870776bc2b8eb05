import type { GeofenceActivationListParams } from '@/api/geofences';

/** The activations table's filters and paging, kept in the address. */
export interface ActivationsSearch {
  geofenceId?: string;
  vehicleId?: string;
  /** First day shown, YYYY-MM-DD in the user's time zone. */
  from?: string;
  /** Last day shown (inclusive), YYYY-MM-DD. */
  to?: string;
  /** 1-based. */
  page?: number;
  pageSize?: number;
  /** A shared view's columns. */
  columns?: string;
}

export const DEFAULT_ACTIVATIONS_PAGE_SIZE = 25;

/** Midnight at the start of that local day, as an ISO instant (`plusDays` shifts the day). */
function startOfLocalDay(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

export function activationListParams(search: ActivationsSearch): GeofenceActivationListParams {
  return {
    page: {
      pageIndex: (search.page ?? 1) - 1,
      pageSize: search.pageSize ?? DEFAULT_ACTIVATIONS_PAGE_SIZE,
    },
    geofenceIdentifier: search.geofenceId,
    vehicleIdentifier: search.vehicleId,
    startDate: search.from ? startOfLocalDay(search.from) : undefined,
    // The end is exclusive: the day after the last day shown.
    endDate: search.to ? startOfLocalDay(search.to, 1) : undefined,
    order: 'desc',
  };
}
