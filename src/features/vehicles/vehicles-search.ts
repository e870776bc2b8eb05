import type { VehicleListParams, VehicleScope } from '@/api/vehicles';
import {
  pageRequestOf,
  readBoolean,
  readGuid,
  readIdList,
  readInt,
  readListColumns,
  readOneOf,
  readPageSizeParam,
  readString,
  searchSchema,
} from '@/lib/search-params';

/** The columns the list sorts by (in the browser, over the whole filtered list). */
export const vehicleSortFields = [
  'name',
  'groupId',
  'status',
  'type',
  'licensePlateNumber',
  'vin',
  'make',
  'model',
  'year',
  'lastConnected',
] as const;
export type VehicleSortField = (typeof vehicleSortFields)[number];

export const DEFAULT_VEHICLES_PAGE_SIZE = 25;
export const VEHICLES_PAGE_SIZES = [10, 25, 50, 100];

/** The vehicle list's filters and paging, in the URL under the API's own names. */
export const vehiclesSearchSchema = searchSchema({
  groupId: readGuid,
  /** Only `false` is kept: the service includes subgroups by default. */
  includeSubgroups: (value): boolean | undefined =>
    readBoolean(value) === false ? false : undefined,
  name: (value) => readString(value, 50),
  /**
   * The start of a VIN or plate, which the service cannot filter on: the list then shows what the
   * search index (the group's vehicles, read in the browser) matches.
   */
  vinOrPlate: (value) => readString(value, 50),
  /**
   * Status IDs, any of which a vehicle may have; the service cannot filter on status, so the
   * whole list is read (see `readsWholeList`).
   */
  status: (value) => readIdList(value, { min: 0 }),
  /** Type IDs; read like `status`. */
  type: (value) => readIdList(value, { min: 0 }),
  /** The column the list is sorted by: the service cannot sort, so the whole list is read. */
  sort: (value) => readOneOf(value, vehicleSortFields),
  order: (value) => readOneOf(value, ['asc', 'desc'] as const),
  /** 1-based. */
  page: (value) => readInt(value, { min: 1 }),
  pageSize: (_value, search) => readPageSizeParam(search, VEHICLES_PAGE_SIZES),
  /** A shared view's columns. */
  columns: readListColumns,
});
export type VehiclesSearch = ReturnType<typeof vehiclesSearchSchema>;

/**
 * Whether the list shows what the browser found in the scope's whole list (read once, up to a
 * cap) rather than the service's page: the service can neither sort nor filter by VIN, plate,
 * status or type, and a page sorted or filtered on its own would mislead.
 */
export function readsWholeList(search: VehiclesSearch): boolean {
  return !!(
    search.vinOrPlate ||
    search.status !== undefined ||
    search.type !== undefined ||
    search.sort
  );
}

export function vehiclesListParams(search: VehiclesSearch): VehicleListParams {
  return {
    page: pageRequestOf(search, DEFAULT_VEHICLES_PAGE_SIZE),
    groupId: search.groupId,
    name: search.name,
    // The flag means nothing without a group, so it stays out of the request (and the cache key).
    includeSubgroups: search.groupId ? (search.includeSubgroups ?? true) : undefined,
  };
}

/** The group the list is narrowed to: a VIN or plate search reads this scope's vehicles. */
export function vehiclesScope(search: VehiclesSearch): VehicleScope {
  const { groupId, includeSubgroups } = vehiclesListParams(search);
  return { groupId, includeSubgroups };
}

/** Vehicle detail tabs for the legacy ECM data. */
export const vehicleEcmTabs = ['location', 'odometer', 'data'] as const;
export type VehicleEcmTab = (typeof vehicleEcmTabs)[number];
