import { msg } from '@lingui/core/macro';
import { deviceSortFields } from '@/api/device-sort-fields';
import { knownDeviceStatuses } from '@/api/device-statuses';
import type { DeviceListParams, DeviceScope, VehicleAssignmentRangeParams } from '@/api/devices';
import { translate } from '@/i18n/translate';
import { addLocalDays, dayStart, lastLocalDays, parseLocalDate } from '@/lib/local-date';
import {
  pageRequestOf,
  readDay,
  readGuid,
  readInt,
  readListColumns,
  readOneOf,
  readPageSize,
  readPageSizeParam,
  readString,
  searchSchema,
} from '@/lib/search-params';

/** Where a silent camera is: in a vehicle, or a spare (in none). */
export const silentCameraPlaces = ['vehicle', 'spare'] as const;

/** The lists of the camera-health tab, as the address names them. */
export const cameraHealthIssues = [
  'silent',
  'unassigned',
  'no-camera',
  'firmware',
  'groups',
] as const;
export type CameraHealthIssue = (typeof cameraHealthIssues)[number];
/** What a fleet admin is shown first: cameras quiet for a week. */
export const DEFAULT_SILENT_DAYS = 7;
const MAX_SILENT_DAYS = 365;

/** The devices page: its tab, the device list's filters, and the assignment-change filters. */
export const devicesSearchSchema = searchSchema({
  tab: (value) => readOneOf(value, ['changes', 'health'] as const),
  /** Applies to both tabs. */
  groupId: readGuid,
  /** One of the statuses the page offers; any other would filter on what it cannot show. */
  status: (value) => readOneOf(value, knownDeviceStatuses),
  /**
   * The start of a serial number, which the service cannot filter on: the list then shows what
   * the search index (the group's devices, read in the browser) matches.
   */
  serial: (value) => readString(value, 64),
  /** 1-based. */
  page: (value) => readInt(value, { min: 1 }),
  pageSize: (_value, search) => readPageSizeParam(search),
  sort: (value) => readOneOf(value, deviceSortFields),
  order: (value) => readOneOf(value, ['asc', 'desc'] as const),
  /** YYYY-MM-DD, local days, both included. */
  from: readDay,
  to: readDay,
  device: (value) => readString(value, 64),
  vehicle: (value) => readString(value, 64),
  /** 1-based page of the merged assignment changes. */
  changesPage: (value) => readInt(value, { min: 1 }),
  changesPageSize: (value) => readPageSize(value),
  /** Camera health: which list, and how many days without a connection make a camera silent. */
  issue: (value) => readOneOf(value, cameraHealthIssues),
  days: (value) => readInt(value, { min: 1, max: MAX_SILENT_DAYS }),
  /** The silent list: only cameras in a vehicle, or only spares. */
  silentIn: (value) => readOneOf(value, silentCameraPlaces),
  /** "ER-SF300 5.37": the firmware list shows that version's cameras instead of every older one. */
  firmware: (value) => readString(value, 100),
  healthPage: (value) => readInt(value, { min: 1 }),
  healthPageSize: (value) => readPageSize(value),
  /** A shared view's columns (of whichever tab the link opens). */
  columns: readListColumns,
});
export type DevicesSearch = ReturnType<typeof devicesSearchSchema>;

export const DEFAULT_DEVICES_PAGE_SIZE = 25;
const DEFAULT_CHANGE_RANGE_DAYS = 7;
/** Each 7-day window is one or more requests; this keeps a range to a few of them. */
export const MAX_CHANGE_RANGE_DAYS = 92;

export function devicesListParams(search: DevicesSearch): DeviceListParams {
  return {
    page: pageRequestOf(search, DEFAULT_DEVICES_PAGE_SIZE),
    status: search.status,
    groupId: search.groupId,
    includeSubgroups: search.groupId ? true : undefined,
    sort: search.sort,
    order: search.sort ? (search.order ?? 'asc') : undefined,
  };
}

/** The group the lists are narrowed to: a serial search reads this scope's devices. */
export function devicesScope(search: DevicesSearch): DeviceScope {
  const { groupId, includeSubgroups } = devicesListParams(search);
  return { groupId, includeSubgroups };
}

export type ChangeRange =
  | { ok: true; from: string; to: string; params: VehicleAssignmentRangeParams }
  | { ok: false; from: string; to: string; message: string };

/** The assignment-change range from the URL (the last 7 days by default), checked. */
export function changeRangeFromSearch(
  search: Pick<DevicesSearch, 'from' | 'to' | 'groupId'>,
  today: Date = new Date(),
): ChangeRange {
  const fallback = lastLocalDays(DEFAULT_CHANGE_RANGE_DAYS, today);
  const from = search.from ?? fallback.from;
  const to = search.to ?? fallback.to;
  const start = parseLocalDate(from);
  const lastDay = parseLocalDate(to);
  // The route checks the address with this too, so it loads with the sign-in page: `translate`.
  if (!start || !lastDay) {
    return { ok: false, from, to, message: translate(msg`Choose a start and an end day.`) };
  }
  if (start.getTime() > today.getTime()) {
    return { ok: false, from, to, message: translate(msg`The range cannot start in the future.`) };
  }
  if (start.getTime() > lastDay.getTime()) {
    return { ok: false, from, to, message: translate(msg`The range ends before it starts.`) };
  }
  if (addLocalDays(start, MAX_CHANGE_RANGE_DAYS - 1).getTime() < lastDay.getTime()) {
    const maxDays = MAX_CHANGE_RANGE_DAYS;
    return { ok: false, from, to, message: translate(msg`Choose at most ${maxDays} days.`) };
  }
  return {
    ok: true,
    from,
    to,
    params: {
      startDate: dayStart(start).toISOString(),
      // The end of the last day; it may lie ahead, which the service allows (only the start may not).
      endDate: dayStart(lastDay, 1).toISOString(),
      groupId: search.groupId,
      includeSubgroups: search.groupId ? true : undefined,
    },
  };
}
