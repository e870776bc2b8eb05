import { msg } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { z } from '@/api/zod';
import { translate } from '@/i18n/translate';
import { describeError, isApiError } from './api-error';
import { apiRequest } from './client';
import { requestListPage } from './list-request';
import { collectPages, type CollectedList, type Page, type PageRequest } from './paging';
import { sessionLookupQueryDefaults } from './query-client';
import type { EcmAccess } from './transport';

// ---------------------------------------------------------------------------------------------
// Schemas and types (legacy "ECM API": Location, VehicleLocation, VehicleLocationPage): the
// legacy API keyed by X-APIKey, integer vehicle IDs
// ---------------------------------------------------------------------------------------------

const ecmLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  gpsDateTime: z.string().nullish(),
  /** Heading in degrees. */
  direction: z.number().nullish(),
  speed: z.number().nullish(),
});
export type EcmLocation = z.infer<typeof ecmLocationSchema>;

const ecmVehicleSchema = z.object({
  vehicleId: z.number().int(),
  /** Entered by hand. */
  vin: z.string().nullish(),
  /** Captured by the device. */
  deviceVin: z.string().nullish(),
  /** Kilometres. */
  odometer: z.number().nullish(),
  location: ecmLocationSchema.nullish(),
});
export type EcmVehicle = z.infer<typeof ecmVehicleSchema>;

const ecmVehiclePageSchema = z.object({
  currentPage: z.number().int().nullish(),
  pageSize: z.number().int().nullish(),
  totalRecords: z.number().int().nullish(),
  vehicles: z.array(ecmVehicleSchema).nullish(),
});

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** pageSize is always sent: the declared default is 1. */
export function listEcmVehicles(
  page: PageRequest,
  signal?: AbortSignal,
  /** A key and address to try before they are saved; the saved ones when absent. */
  ecmAccess?: EcmAccess,
): Promise<Page<EcmVehicle>> {
  return requestListPage({
    service: 'ecm',
    path: '/vehicles',
    paging: 'page-pageSize',
    page,
    schema: ecmVehiclePageSchema,
    items: (response) => response.vehicles,
    total: (response) => response.totalRecords,
    signal,
    ecmAccess,
  });
}

export function getEcmVehicle(vehicleId: number, signal?: AbortSignal): Promise<EcmVehicle> {
  return apiRequest({
    service: 'ecm',
    path: `/vehicles/${vehicleId}`,
    schema: ecmVehicleSchema,
    signal,
  });
}

/** 204 = the vehicle has no ECM data yet. */
export function getEcmOdometer(
  vehicleId: number,
  signal?: AbortSignal,
): Promise<EcmVehicle | null> {
  return apiRequest<EcmVehicle | null>({
    service: 'ecm',
    path: `/vehicles/${vehicleId}/odometer`,
    schema: ecmVehicleSchema,
    emptyValue: null,
    signal,
  });
}

/** Without `time`, the latest position; with it, the position closest to that moment. */
export function getEcmLocation(
  vehicleId: number,
  time?: Date,
  signal?: AbortSignal,
): Promise<EcmLocation> {
  return apiRequest({
    service: 'ecm',
    path: `/vehicles/${vehicleId}/location`,
    query: { time: time?.toISOString() },
    schema: ecmLocationSchema,
    signal,
  });
}

/**
 * A 401 here means the key or the deployment is wrong, not the console session, so the client's
 * generic wording ("sign in again") would mislead.
 */
export function describeEcmError(error: unknown, shownIn: 'settings' | 'page' = 'page'): string {
  if (isApiError(error) && error.status === 401) {
    return shownIn === 'settings'
      ? translate(
          msg`The legacy API refused the key: it is wrong, or it belongs to another regional deployment. Check the key and the deployment above.`,
        )
      : translate(
          msg`The legacy API refused the key: it is wrong, or it belongs to another regional deployment. Check both in Settings.`,
        );
  }
  return describeError(error);
}

// ---------------------------------------------------------------------------------------------
// Query keys and options (read-only). The data depends on the chosen deployment and key, so
// Settings removes `ecmKeys.all` when either changes.
// ---------------------------------------------------------------------------------------------

export const ecmKeys = {
  all: ['ecm'] as const,
  vehicleLists: () => [...ecmKeys.all, 'vehicle-list'] as const,
  vehicleList: (page: PageRequest) => [...ecmKeys.vehicleLists(), page] as const,
  vehicles: () => [...ecmKeys.all, 'vehicle'] as const,
  vehicle: (vehicleId: number) => [...ecmKeys.vehicles(), vehicleId] as const,
  odometer: (vehicleId: number) => [...ecmKeys.vehicle(vehicleId), 'odometer'] as const,
  location: (vehicleId: number, time?: Date) =>
    [...ecmKeys.vehicle(vehicleId), 'location', time?.toISOString() ?? 'latest'] as const,
  /** The legacy vehicle carrying a VIN (ECM API, GET /vehicles; its vehicle IDs are integers). */
  vinMatch: (vin: string) => [...ecmKeys.all, 'vin-match', vin] as const,
  /** Every vehicle's latest position, read afresh for the fleet map. */
  fleetPositions: () => [...ecmKeys.all, 'fleet-positions'] as const,
};

/** The largest page the legacy list allows, for reading the whole list in few requests. */
const ECM_VEHICLE_INDEX_PAGE_SIZE = 1000;

function ecmVehicleListQueryOptions(page: PageRequest) {
  return queryOptions({
    queryKey: ecmKeys.vehicleList(page),
    queryFn: ({ signal }) => listEcmVehicles(page, signal),
  });
}

/** One full page of the legacy list, kept for the session: VIN matching reads it page by page. */
export function ecmVehicleIndexPageQueryOptions(pageIndex: number) {
  return queryOptions({
    ...ecmVehicleListQueryOptions({ pageIndex, pageSize: ECM_VEHICLE_INDEX_PAGE_SIZE }),
    ...sessionLookupQueryDefaults,
  });
}

/** 50 pages of 1,000: a fleet larger than this shows its first 50,000 vehicles and says so. */
const FLEET_POSITION_MAX_PAGES = 50;

/**
 * The whole legacy list, pages of 1,000 a few at a time (a 429 then holds them all until
 * Retry-After), for the fleet map. Not the session-long VIN index: positions must be fresh.
 */
export function ecmFleetPositionsQueryOptions() {
  return queryOptions({
    queryKey: ecmKeys.fleetPositions(),
    queryFn: ({ signal }): Promise<CollectedList<EcmVehicle>> =>
      collectPages(
        (page) => listEcmVehicles(page, signal),
        ECM_VEHICLE_INDEX_PAGE_SIZE,
        FLEET_POSITION_MAX_PAGES,
      ),
  });
}

export function ecmVehicleQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: ecmKeys.vehicle(vehicleId),
    queryFn: ({ signal }) => getEcmVehicle(vehicleId, signal),
  });
}

export function ecmOdometerQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: ecmKeys.odometer(vehicleId),
    queryFn: ({ signal }) => getEcmOdometer(vehicleId, signal),
  });
}

export function ecmLocationQueryOptions(vehicleId: number, time?: Date) {
  return queryOptions({
    queryKey: ecmKeys.location(vehicleId, time),
    queryFn: ({ signal }) => getEcmLocation(vehicleId, time, signal),
  });
}
