import type { DriverAssignment, DriverAssignmentListParams } from '@/api/driver-assignments';
import { dayStart } from '@/lib/local-date';
import {
  pageRequestOf,
  readDay,
  readGuid,
  readInt,
  readListColumns,
  readOneOf,
  readPageSizeParam,
  searchSchema,
} from '@/lib/search-params';

export const ASSIGNMENT_SORT_COLUMNS = [
  'driver',
  'employeeNumber',
  'vehicleName',
  'serialNumber',
  'licensePlate',
  'start',
  'end',
] as const;
export type AssignmentSortColumn = (typeof ASSIGNMENT_SORT_COLUMNS)[number];

/**
 * Sort keys the service accepts (`sort` of GET /v1/driver-assignments, Driver Assignment API), by
 * the table column that shows them.
 */
const ASSIGNMENT_SORT_KEYS: Record<AssignmentSortColumn, string> = {
  driver: 'lastName',
  employeeNumber: 'employeeNumber',
  vehicleName: 'vehicleName',
  serialNumber: 'SerialNumber',
  licensePlate: 'licensePlate',
  start: 'assignmentStartDate',
  end: 'assignmentEndDate',
};

/** The assignment list's filters, sort and paging, kept in the URL so a view can be shared. */
export const driverAssignmentsSearchSchema = searchSchema(
  {
    groupId: readGuid,
    /** User ID of the driver (the service's userIdentifier). */
    driverId: readGuid,
    /** Vehicle ID (the service's vehicleIdentifier). */
    vehicleId: readGuid,
    /** First and last day, YYYY-MM-DD, in the browser's time zone. */
    from: readDay,
    to: readDay,
    sort: (value) => readOneOf(value, ASSIGNMENT_SORT_COLUMNS),
    order: (value) => readOneOf(value, ['asc', 'desc'] as const),
    /** 1-based. */
    page: (value) => readInt(value, { min: 1 }),
    pageSize: (_value, search) => readPageSizeParam(search),
    /** A shared view's columns. */
    columns: readListColumns,
  },
  // A hand-edited range given backwards is read the right way round.
  (search) =>
    search.from && search.to && search.from > search.to
      ? { ...search, from: search.to, to: search.from }
      : search,
);
export type DriverAssignmentsSearch = ReturnType<typeof driverAssignmentsSearchSchema>;

export const DEFAULT_ASSIGNMENTS_PAGE_SIZE = 25;

export function driverAssignmentListParams(
  search: DriverAssignmentsSearch,
): DriverAssignmentListParams {
  return {
    page: pageRequestOf(search, DEFAULT_ASSIGNMENTS_PAGE_SIZE),
    groupIdentifier: search.groupId,
    includeSubgroups: search.groupId ? true : undefined,
    userIdentifier: search.driverId,
    vehicleIdentifier: search.vehicleId,
    // Whole local days: from the first day's midnight to the midnight after the last day.
    startDate: search.from ? dayStart(search.from).toISOString() : undefined,
    endDate: search.to ? dayStart(search.to, 1).toISOString() : undefined,
    sort: ASSIGNMENT_SORT_KEYS[search.sort ?? 'start'],
    order: search.order ?? 'desc',
  };
}

/** One table row per assignment; the service groups them per driver. */
export interface AssignmentRow {
  key: string;
  userId: string | null;
  driverName: string;
  lastName: string | null;
  employeeNumber: string | null;
  vehicleId: string | null;
  vehicleName: string | null;
  serialNumber: string | null;
  licensePlate: string | null;
  start: string | null;
  /** Null while the driver still has the vehicle. */
  end: string | null;
}

const SORT_VALUE: Record<AssignmentSortColumn, (row: AssignmentRow) => string | null> = {
  driver: (row) => row.lastName,
  employeeNumber: (row) => row.employeeNumber,
  vehicleName: (row) => row.vehicleName,
  serialNumber: (row) => row.serialNumber,
  licensePlate: (row) => row.licensePlate,
  start: (row) => row.start,
  end: (row) => row.end,
};

/**
 * One row per assignment, in the order the service sorted them: it pages sorted records but
 * groups each page per driver, so the page is sorted again the same way (empty values last).
 */
export function assignmentRows(
  drivers: readonly DriverAssignment[],
  sort: AssignmentSortColumn = 'start',
  order: 'asc' | 'desc' = 'desc',
): AssignmentRow[] {
  const valueOf = SORT_VALUE[sort];
  const direction = order === 'asc' ? 1 : -1;
  return flattenAssignments(drivers).sort((a, b) => {
    const first = valueOf(a)?.toLowerCase() ?? null;
    const second = valueOf(b)?.toLowerCase() ?? null;
    if (first === second) return 0;
    if (first === null) return 1;
    if (second === null) return -1;
    return (first < second ? -1 : 1) * direction;
  });
}

function flattenAssignments(drivers: readonly DriverAssignment[]): AssignmentRow[] {
  return drivers.flatMap((driver, driverIndex) =>
    driver.vehicles.map((vehicle, vehicleIndex) => ({
      key: `${driver.userId ?? driverIndex}|${vehicle.id ?? ''}|${vehicle.assignmentStartDate ?? vehicleIndex}`,
      userId: driver.userId ?? null,
      driverName: [driver.firstName, driver.lastName].filter(Boolean).join(' ') || '(no name)',
      lastName: driver.lastName ?? null,
      employeeNumber: driver.employeeNumber ?? null,
      vehicleId: vehicle.id ?? null,
      vehicleName: vehicle.vehicleName ?? null,
      serialNumber: vehicle.SerialNumber ?? null,
      licensePlate: vehicle.licensePlate ?? null,
      start: vehicle.assignmentStartDate ?? null,
      end: vehicle.assignmentEndDate ?? null,
    })),
  );
}
