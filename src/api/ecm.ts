import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client';
import { pagePageSizePaging, toPage, type Page, type PageRequest } from './paging';

// ---------------------------------------------------------------------------------------------
// Schemas and types (CONTRACT.md 3.9): the legacy API keyed by X-APIKey, integer vehicle IDs
// ---------------------------------------------------------------------------------------------

export const ecmLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  gpsDateTime: z.string().nullish(),
  /** Heading in degrees. */
  direction: z.number().nullish(),
  speed: z.number().nullish(),
});
export type EcmLocation = z.infer<typeof ecmLocationSchema>;

export const ecmVehicleSchema = z.object({
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

export const ecmVehiclePageSchema = z.object({
  currentPage: z.number().int().nullish(),
  pageSize: z.number().int().nullish(),
  totalRecords: z.number().int().nullish(),
  vehicles: z.array(ecmVehicleSchema).nullish(),
});

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** pageSize is always sent: the declared default is 1. */
export async function listEcmVehicles(
  page: PageRequest,
  signal?: AbortSignal,
): Promise<Page<EcmVehicle>> {
  const response = await apiRequest({
    service: 'ecm',
    path: '/vehicles',
    query: { ...pagePageSizePaging.toParams(page) },
    schema: ecmVehiclePageSchema,
    signal,
  });
  return toPage(response.vehicles ?? [], response.totalRecords ?? null, page);
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
};

export function ecmVehicleListQueryOptions(page: PageRequest) {
  return queryOptions({
    queryKey: ecmKeys.vehicleList(page),
    queryFn: ({ signal }) => listEcmVehicles(page, signal),
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
