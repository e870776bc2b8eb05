import { queryOptions } from '@tanstack/react-query';
import { z } from '@/api/zod';
import { namesBelowRoot, readGroupPath } from '@/lib/group-path';
import { apiRequest } from './client';
import { deviceSortFields, type DeviceSortField } from './device-sort-fields';
import { offsetEnvelope, requestListPage } from './list-request';
import {
  numberOrNumericString,
  offsetListMetadataSchema,
  type Page,
  type PageRequest,
} from './paging';
import { searchIndexQueryOptions } from './search-index';
export { deviceSortFields, type DeviceSortField };
export { knownDeviceStatuses } from './device-statuses';

// ---------------------------------------------------------------------------------------------
// Schemas and types (Devices API: the Device and VehicleAssignment schemas)
// ---------------------------------------------------------------------------------------------

const deviceSchema = z.object({
  // The console addresses devices by this; every other field may be missing.
  deviceId: z.string(),
  serialNumber: z.string().nullish(),
  deviceModel: z.string().nullish(),
  firmwareVersion: z.string().nullish(),
  build: z.number().nullish(),
  groupId: z.string().nullish(),
  groupName: z.string().nullish(),
  groupPath: z.string().nullish(),
  initialConnection: z.string().nullish(),
  status: z.string().nullish(),
  vehicleId: z.string().nullish(),
  vehicleName: z.string().nullish(),
  vin: z.string().nullish(),
  lastConnected: z.string().nullish(),
  createdDate: z.string().nullish(),
  updatedDate: z.string().nullish(),
});
export type Device = z.infer<typeof deviceSchema>;

const deviceListResponseSchema = z.object({
  data: z.array(deviceSchema).nullish(),
  metadata: offsetListMetadataSchema.nullish(),
});

/** The single device is still wrapped in `data`. */
const deviceDetailResponseSchema = z.object({ data: deviceSchema });

const vehicleAssignmentSchema = z.object({
  deviceId: z.string().nullish(),
  serialNumber: z.string().nullish(),
  deviceModel: z.string().nullish(),
  vehicleId: z.string().nullish(),
  vehicleName: z.string().nullish(),
  groupId: z.string().nullish(),
  groupName: z.string().nullish(),
  groupPath: z.string().nullish(),
  previousVehicleId: z.string().nullish(),
  previousVehicleName: z.string().nullish(),
  previousGroupId: z.string().nullish(),
  previousGroupName: z.string().nullish(),
  previousGroupPath: z.string().nullish(),
  updatedDate: z.string().nullish(),
});
export type VehicleAssignment = z.infer<typeof vehicleAssignmentSchema>;

/** GET /devices/vehicleAssignments (Devices API) types its paging values as strings. */
const vehicleAssignmentMetadataSchema = z.object({
  count: numberOrNumericString.nullish(),
  limit: numberOrNumericString.nullish(),
  offset: numberOrNumericString.nullish(),
});

/** The schema says `Metadata`, the examples `metadata`; read either. */
const vehicleAssignmentListResponseSchema = z
  .object({
    data: z.array(vehicleAssignmentSchema).nullish(),
    metadata: vehicleAssignmentMetadataSchema.nullish(),
    Metadata: vehicleAssignmentMetadataSchema.nullish(),
  })
  .transform(({ data, metadata, Metadata }) => ({ data, metadata: metadata ?? Metadata }));

export interface DeviceListParams {
  page: PageRequest;
  status?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  groupId?: string;
  includeSubgroups?: boolean;
}

export interface VehicleAssignmentListParams {
  page: PageRequest;
  /** Both or neither, at most 7 days apart; the service defaults to the last 24 hours. */
  startDate?: string;
  endDate?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  groupId?: string;
  includeSubgroups?: boolean;
}

export type VehicleAssignmentChangeKind = 'move' | 'addition' | 'removal';

/** Assignment changes over any period; fetched in windows the service accepts. */
export interface VehicleAssignmentRangeParams {
  /** ISO date-times. */
  startDate: string;
  endDate: string;
  groupId?: string;
  includeSubgroups?: boolean;
}

/** The longest window one request may cover (Devices API, GET /devices/vehicleAssignments). */
const VEHICLE_ASSIGNMENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** No maximum is published; large pages keep a 30-day history to a few requests. */
const VEHICLE_ASSIGNMENT_PAGE_SIZE = 1000;

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export function listDevices(params: DeviceListParams, signal?: AbortSignal): Promise<Page<Device>> {
  return requestListPage({
    service: 'devices',
    path: '/devices',
    ...offsetEnvelope<Device>(),
    page: params.page,
    filters: {
      status: params.status,
      sort: params.sort,
      order: params.order,
      groupId: params.groupId,
      includeSubgroups: params.includeSubgroups,
    },
    schema: deviceListResponseSchema,
    signal,
  });
}

/** Accepts a device ID, serial number or IMEI. */
export async function getDevice(deviceIdentifier: string, signal?: AbortSignal): Promise<Device> {
  const response = await apiRequest({
    service: 'devices',
    path: `/devices/${encodeURIComponent(deviceIdentifier)}`,
    schema: deviceDetailResponseSchema,
    signal,
  });
  return response.data;
}

export function listVehicleAssignments(
  params: VehicleAssignmentListParams,
  signal?: AbortSignal,
): Promise<Page<VehicleAssignment>> {
  return requestListPage({
    service: 'devices',
    path: '/devices/vehicleAssignments',
    ...offsetEnvelope<VehicleAssignment>(),
    page: params.page,
    filters: {
      startDate: params.startDate,
      endDate: params.endDate,
      sort: params.sort,
      order: params.order,
      groupId: params.groupId,
      includeSubgroups: params.includeSubgroups,
    },
    schema: vehicleAssignmentListResponseSchema,
    signal,
  });
}

/**
 * Splits [start, end] into windows of at most 7 days, newest first. Built backwards from the end
 * so no window starts in the future (the service refuses that), and they do not overlap.
 */
export function splitIntoAssignmentWindows(
  start: Date,
  end: Date,
): { startDate: string; endDate: string }[] {
  const windows: { startDate: string; endDate: string }[] = [];
  for (let windowEnd = end.getTime(); windowEnd > start.getTime();) {
    const windowStart = Math.max(start.getTime(), windowEnd - VEHICLE_ASSIGNMENT_WINDOW_MS);
    windows.push({
      startDate: new Date(windowStart).toISOString(),
      endDate: new Date(windowEnd).toISOString(),
    });
    windowEnd = windowStart - 1;
  }
  return windows;
}

/** Every change in the range, newest first: each window paged to its end, then merged. */
async function listVehicleAssignmentsInRange(
  params: VehicleAssignmentRangeParams,
  signal?: AbortSignal,
): Promise<VehicleAssignment[]> {
  const windows = splitIntoAssignmentWindows(new Date(params.startDate), new Date(params.endDate));
  const perWindow = await Promise.all(
    windows.map(async (window) => {
      const changes: VehicleAssignment[] = [];
      for (let pageIndex = 0; ; pageIndex++) {
        const page = await listVehicleAssignments(
          {
            page: { pageIndex, pageSize: VEHICLE_ASSIGNMENT_PAGE_SIZE },
            ...window,
            groupId: params.groupId,
            includeSubgroups: params.includeSubgroups,
          },
          signal,
        );
        changes.push(...page.items);
        if (!page.hasMore || page.items.length === 0) return changes;
      }
    }),
  );
  // A service that rounds the window edges to seconds could report a boundary change twice.
  const unique = new Map<string, VehicleAssignment>();
  for (const change of perWindow.flat()) {
    const key = [
      change.deviceId,
      change.updatedDate,
      change.previousVehicleId,
      change.vehicleId,
    ].join('|');
    unique.set(key, change);
  }
  return [...unique.values()].sort((a, b) =>
    (b.updatedDate ?? '').localeCompare(a.updatedDate ?? ''),
  );
}

/**
 * Additions and removals carry an unpublished sample vehicle ID on one side, so a side whose
 * vehicle is not a real one marks the kind (Devices API, GET /devices/vehicleAssignments).
 */
export function classifyVehicleAssignment(
  change: VehicleAssignment,
  isKnownVehicle: (vehicleId: string) => boolean,
): VehicleAssignmentChangeKind {
  const previousIsReal = !!change.previousVehicleId && isKnownVehicle(change.previousVehicleId);
  const currentIsReal = !!change.vehicleId && isKnownVehicle(change.vehicleId);
  if (!previousIsReal && currentIsReal) return 'addition';
  if (previousIsReal && !currentIsReal) return 'removal';
  return 'move';
}

// ---------------------------------------------------------------------------------------------
// Query keys and options (devices are read-only here)
// ---------------------------------------------------------------------------------------------

export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (params: DeviceListParams) => [...deviceKeys.lists(), params] as const,
  details: () => [...deviceKeys.all, 'detail'] as const,
  detail: (deviceIdentifier: string) => [...deviceKeys.details(), deviceIdentifier] as const,
  vehicleAssignments: () => [...deviceKeys.all, 'vehicle-assignments'] as const,
  vehicleAssignmentRange: (params: VehicleAssignmentRangeParams) =>
    [...deviceKeys.vehicleAssignments(), 'range', params] as const,
  // Under lists, so whatever refreshes the device lists refreshes the index (and serials) too.
  searchIndex: (scope: DeviceScope) => [...deviceKeys.lists(), 'search-index', scope] as const,
  // Under lists too: the whole fleet's cameras (and vehicles) read for the camera-health view.
  cameraHealth: (scope: DeviceScope) => [...deviceKeys.lists(), 'camera-health', scope] as const,
};

export function deviceListQueryOptions(params: DeviceListParams) {
  return queryOptions({
    queryKey: deviceKeys.list(params),
    queryFn: ({ signal }) => listDevices(params, signal),
  });
}

export type DeviceScope = Pick<DeviceListParams, 'groupId' | 'includeSubgroups'>;

/** What finding a camera by serial needs, and what tells two results apart. */
export type DeviceSearchEntry = Pick<
  Device,
  'deviceId' | 'serialNumber' | 'deviceModel' | 'vehicleName'
>;

/**
 * Every device of a scope (up to a cap), read once and searched on the client. It keeps whole
 * records, so the device list can show (and export) what a search found.
 */
export interface DeviceSearchIndex<Entry extends DeviceSearchEntry = Device> {
  devices: Entry[];
  /** False when the scope holds more devices than the index reads. */
  complete: boolean;
}

/** Device ID (lower case) → serial number, for lists that know only a device's ID. */
interface DeviceSerialIndex {
  serialById: Record<string, string>;
  /** False when the scope holds more devices than the index reads. */
  complete: boolean;
}

/** The devices of a scope for searching by serial, which the list endpoint cannot filter on. */
export function deviceSearchIndexQueryOptions(scope: DeviceScope = {}) {
  return searchIndexQueryOptions({
    queryKey: deviceKeys.searchIndex(scope),
    readPage: (page, signal) =>
      listDevices({ ...scope, page, sort: 'serialNumber', order: 'asc' }, signal),
    toIndex: (devices, complete): DeviceSearchIndex => ({ devices, complete }),
  });
}

function serialIndexOf(index: DeviceSearchIndex): DeviceSerialIndex {
  const serialById: Record<string, string> = {};
  for (const device of index.devices) {
    if (device.serialNumber) serialById[device.deviceId.toLowerCase()] = device.serialNumber;
  }
  return { serialById, complete: index.complete };
}

/** Serials from the search index: the vehicle list and the command palette share one read. */
export function deviceSerialIndexQueryOptions(scope: DeviceScope) {
  return queryOptions({ ...deviceSearchIndexQueryOptions(scope), select: serialIndexOf });
}

/**
 * Group ID (lower case) → ["Northwest Region", "Portland Depot", "Long Haul"]: the path below the
 * root that device records carry (`groupPath`, URL-encoded names joined by `/`). It names groups for
 * users who cannot read the group routes (they need Group Manager).
 */
function groupPathsOf(index: DeviceSearchIndex): Map<string, readonly string[]> {
  const paths = new Map<string, readonly string[]>();
  for (const device of index.devices) {
    if (!device.groupId || !device.groupPath || paths.has(device.groupId.toLowerCase())) continue;
    paths.set(
      device.groupId.toLowerCase(),
      namesBelowRoot(readGroupPath(device.groupPath, 'devices')),
    );
  }
  return paths;
}

/** The device index of a scope, read as group paths (one fetch shared with the serial index). */
export function deviceGroupPathsQueryOptions(scope: DeviceScope) {
  return queryOptions({ ...deviceSearchIndexQueryOptions(scope), select: groupPathsOf });
}

export function deviceDetailQueryOptions(deviceIdentifier: string) {
  return queryOptions({
    queryKey: deviceKeys.detail(deviceIdentifier),
    queryFn: ({ signal }) => getDevice(deviceIdentifier, signal),
  });
}

export function vehicleAssignmentRangeQueryOptions(params: VehicleAssignmentRangeParams) {
  return queryOptions({
    queryKey: deviceKeys.vehicleAssignmentRange(params),
    queryFn: ({ signal }) => listVehicleAssignmentsInRange(params, signal),
  });
}
