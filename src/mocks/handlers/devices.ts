import { http, HttpResponse } from 'msw';
import type { DeviceRecord, MockDb, VehicleAssignmentRecord, VehicleRecord } from '../db';
import { indexGroups, type GroupIndex } from '../group-tree';
import {
  groupAndDescendantIds,
  isGuid,
  pageByOffset,
  readBoolParam,
  readIntParam,
  sameId,
  withAuth,
  type ParsedParam,
} from '../http';
import { parseIsoDate, readOrder, sortBy, type SortOrder } from './list-query';

const STYLE = 'plain';
const DEFAULT_LIMIT = 100;
const DAY_MS = 86_400_000;
const MAX_WINDOW_MS = 7 * DAY_MS;

/** The device API names its error kinds differently from the others (its 400 and 404 bodies). */
function deviceError(status: 400 | 404, message: string): Response {
  const error = status === 400 ? 'Bad Request Error' : 'Not Found Error';
  return HttpResponse.json({ error, message }, { status });
}

/** Names, paths and vehicles looked up once per request. */
interface Lookups {
  groups: GroupIndex;
  vehicles: Map<string, VehicleRecord>;
}

function lookups(db: MockDb): Lookups {
  return {
    groups: indexGroups(db.groups),
    vehicles: new Map(db.vehicles.map((vehicle) => [vehicle.id, vehicle])),
  };
}

/** The group's name and its path: URL-encoded names from the root joined by `/`. */
function groupFields(lookup: Lookups, groupId: string | null) {
  const group = groupId ? lookup.groups.byId(groupId) : undefined;
  if (!group) return { name: null, path: null };
  const path = lookup.groups
    .ancestry(group)
    .map((member) => encodeURIComponent(member.name))
    .join('/');
  return { name: group.name, path };
}

function deviceFields(device: DeviceRecord, lookup: Lookups) {
  const group = groupFields(lookup, device.groupId);
  const vehicle = device.vehicleId ? lookup.vehicles.get(device.vehicleId) : undefined;
  return {
    deviceId: device.deviceId,
    serialNumber: device.serialNumber,
    deviceModel: device.deviceModel,
    firmwareVersion: device.firmwareVersion,
    build: device.build,
    groupId: device.groupId,
    groupName: group.name,
    groupPath: group.path,
    initialConnection: device.initialConnection,
    status: device.status,
    vehicleId: vehicle ? vehicle.id : null,
    vehicleName: vehicle ? vehicle.name : null,
    vin: vehicle ? vehicle.vin : null,
  };
}

function assignmentItem(
  change: VehicleAssignmentRecord,
  device: DeviceRecord | undefined,
  lookup: Lookups,
) {
  const group = groupFields(lookup, change.groupId);
  const previousGroup = groupFields(lookup, change.previousGroupId);
  return {
    deviceId: change.deviceId,
    serialNumber: device ? device.serialNumber : null,
    deviceModel: device ? device.deviceModel : null,
    vehicleId: change.vehicleId,
    vehicleName: change.vehicleName,
    groupId: change.groupId,
    groupName: group.name,
    groupPath: group.path,
    previousVehicleId: change.previousVehicleId,
    previousVehicleName: change.previousVehicleName,
    previousGroupId: change.previousGroupId,
    previousGroupName: previousGroup.name,
    previousGroupPath: previousGroup.path,
    updatedDate: change.updatedDate,
  };
}

/** The contract's example sends the group as `urn:uuid:<guid>`; the bare GUID works too. */
function readGroupFilter(db: MockDb, url: URL): ParsedParam<Set<string> | null> {
  const includeSubgroups = readBoolParam(url, 'includeSubgroups', true);
  if (!includeSubgroups.ok) return includeSubgroups;
  const raw = url.searchParams.get('groupId');
  if (raw === null || raw === '') return { ok: true, value: null };
  const groupId = raw.replace(/^urn:uuid:/i, '');
  if (!isGuid(groupId)) return { ok: false, message: 'The groupId must be a valid UUID.' };
  if (includeSubgroups.value) return { ok: true, value: groupAndDescendantIds(db, groupId) };
  const group = db.groups.find((candidate) => sameId(candidate.id, groupId));
  return { ok: true, value: new Set(group ? [group.id] : []) };
}

type SortKey<T> = (item: T) => string | number | null;

/** Reads `sort` (property names, any case) and `order`. */
function readSort<T>(
  url: URL,
  keys: Record<string, SortKey<T>>,
  fallback: { key: SortKey<T>; order: SortOrder },
): ParsedParam<{ key: SortKey<T>; order: SortOrder }> {
  const raw = url.searchParams.get('sort');
  if (raw === null || raw.trim() === '') {
    const order = readOrder(url, fallback.order);
    return order.ok ? { ok: true, value: { key: fallback.key, order: order.value } } : order;
  }
  const key = keys[raw.trim().toLowerCase()];
  if (!key) {
    return {
      ok: false,
      message: `The sort field is not valid. Use one of: ${Object.keys(keys).join(', ')}.`,
    };
  }
  const order = readOrder(url);
  return order.ok ? { ok: true, value: { key, order: order.value } } : order;
}

function readPaging(url: URL): ParsedParam<{ limit: number; offset: number }> {
  const limit = readIntParam(url, 'limit', { min: 1, defaultValue: DEFAULT_LIMIT });
  if (!limit.ok) return limit;
  const offset = readIntParam(url, 'offset', { min: 0, defaultValue: 0 });
  if (!offset.ok) return offset;
  return { ok: true, value: { limit: limit.value, offset: offset.value } };
}

type DeviceRow = ReturnType<typeof deviceFields> & { lastConnected: string | null };

const deviceSortKeys = {
  serialnumber: (row) => row.serialNumber,
  devicemodel: (row) => row.deviceModel,
  firmwareversion: (row) => row.firmwareVersion,
  build: (row) => row.build,
  status: (row) => row.status,
  groupname: (row) => row.groupName,
  vehiclename: (row) => row.vehicleName,
  vin: (row) => row.vin,
  initialconnection: (row) => row.initialConnection,
  lastconnected: (row) => row.lastConnected,
  deviceid: (row) => row.deviceId,
} satisfies Record<string, SortKey<DeviceRow>>;

type AssignmentRow = ReturnType<typeof assignmentItem>;

const assignmentSortKeys = {
  updateddate: (row) => row.updatedDate,
  serialnumber: (row) => row.serialNumber,
  devicemodel: (row) => row.deviceModel,
  vehiclename: (row) => row.vehicleName,
  previousvehiclename: (row) => row.previousVehicleName,
  groupname: (row) => row.groupName,
  previousgroupname: (row) => row.previousGroupName,
} satisfies Record<string, SortKey<AssignmentRow>>;

/**
 * The window of the assignment-change query: both dates or neither, at most 7 days, not starting
 * in the future, end after start; the last 24 hours by default. Messages as the contract gives them.
 */
function readChangeWindow(url: URL, nowMs: number): ParsedParam<{ from: number; to: number }> {
  const rawStart = url.searchParams.get('startDate') || null;
  const rawEnd = url.searchParams.get('endDate') || null;
  if (rawStart === null && rawEnd === null) {
    return { ok: true, value: { from: nowMs - DAY_MS, to: nowMs } };
  }
  if (rawEnd === null) {
    return {
      ok: false,
      message:
        'The endDate is required with the startDate. The endDate must be within 7 days after the startDate.',
    };
  }
  if (rawStart === null) {
    return {
      ok: false,
      message:
        'The startDate is required with the endDate. The startDate must be within 7 days before the endDate.',
    };
  }
  const from = parseIsoDate(rawStart);
  if (from === null) return { ok: false, message: 'The startDate must be an ISO 8601 date-time.' };
  const to = parseIsoDate(rawEnd);
  if (to === null) return { ok: false, message: 'The endDate must be an ISO 8601 date-time.' };
  if (from > nowMs) return { ok: false, message: 'The startDate cannot be in the future.' };
  if (to <= from) return { ok: false, message: 'The endDate must be after the startDate.' };
  if (to - from > MAX_WINDOW_MS) {
    return { ok: false, message: 'The endDate must be within 7 days after the startDate.' };
  }
  return { ok: true, value: { from, to } };
}

const base = '*/v1/devices';

export const devicesHandlers = [
  http.get(
    base,
    withAuth(STYLE, ({ url, db }) => {
      const paging = readPaging(url);
      if (!paging.ok) return deviceError(400, paging.message);
      const groupFilter = readGroupFilter(db, url);
      if (!groupFilter.ok) return deviceError(400, groupFilter.message);
      const sort = readSort(url, deviceSortKeys, {
        key: deviceSortKeys.serialnumber,
        order: 'asc',
      });
      if (!sort.ok) return deviceError(400, sort.message);
      const status = url.searchParams.get('status')?.trim().toLowerCase() || null;

      const lookup = lookups(db);
      const groupIds = groupFilter.value;
      const rows: DeviceRow[] = db.devices
        .filter(
          (device) =>
            (!groupIds || groupIds.has(device.groupId)) &&
            (!status || device.status.toLowerCase() === status),
        )
        .map((device) => ({
          ...deviceFields(device, lookup),
          lastConnected: device.lastConnected,
        }));
      const sorted = sortBy(rows, sort.value.key, sort.value.order);
      const { limit, offset } = paging.value;
      return HttpResponse.json({
        data: pageByOffset(sorted, limit, offset),
        metadata: { count: sorted.length, limit, offset },
      });
    }),
  ),

  http.get(
    `${base}/vehicleAssignments`,
    withAuth(STYLE, ({ url, db }) => {
      const window = readChangeWindow(url, Date.now());
      if (!window.ok) return deviceError(400, window.message);
      const paging = readPaging(url);
      if (!paging.ok) return deviceError(400, paging.message);
      const groupFilter = readGroupFilter(db, url);
      if (!groupFilter.ok) return deviceError(400, groupFilter.message);
      const sort = readSort(url, assignmentSortKeys, {
        key: assignmentSortKeys.updateddate,
        order: 'desc',
      });
      if (!sort.ok) return deviceError(400, sort.message);

      const lookup = lookups(db);
      const devices = new Map(db.devices.map((device) => [device.deviceId, device]));
      const { from, to } = window.value;
      const groupIds = groupFilter.value;
      const rows = db.vehicleAssignments
        .filter((change) => {
          const at = Date.parse(change.updatedDate);
          if (at < from || at > to) return false;
          if (!groupIds) return true;
          return (
            (change.groupId !== null && groupIds.has(change.groupId)) ||
            (change.previousGroupId !== null && groupIds.has(change.previousGroupId))
          );
        })
        .map((change) => assignmentItem(change, devices.get(change.deviceId), lookup));
      const sorted = sortBy(rows, sort.value.key, sort.value.order);
      const { limit, offset } = paging.value;
      return HttpResponse.json({
        data: pageByOffset(sorted, limit, offset),
        metadata: { count: sorted.length, limit, offset },
      });
    }),
  ),

  http.get<{ deviceIdentifier: string }>(
    `${base}/:deviceIdentifier`,
    withAuth<{ deviceIdentifier: string }>(STYLE, ({ params, db }) => {
      const identifier = params.deviceIdentifier.trim();
      const lowered = identifier.toLowerCase();
      // A device answers to its ID, its serial number or its modem's IMEI.
      const device = db.devices.find(
        (candidate) =>
          sameId(candidate.deviceId, identifier) ||
          candidate.serialNumber.toLowerCase() === lowered ||
          candidate.imei === identifier,
      );
      if (!device) return deviceError(404, "The requested resource doesn't exist.");
      return HttpResponse.json({
        data: {
          ...deviceFields(device, lookups(db)),
          createdDate: device.createdDate,
          updatedDate: device.updatedDate,
        },
      });
    }),
  ),
];
