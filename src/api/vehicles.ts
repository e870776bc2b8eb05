import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/api/zod';
import { apiRequest } from './client';
import { deviceKeys } from './devices';
import { requestListPage } from './list-request';
import { type Page, type PageRequest } from './paging';
import { sessionLookupQueryDefaults } from './query-client';
import { searchIndexQueryOptions } from './search-index';

// ---------------------------------------------------------------------------------------------
// Schemas and types (Vehicles API: Vehicle, VehicleResponse, AddVehicleRequest, ...)
// ---------------------------------------------------------------------------------------------

export const hibernationDelays = [
  'UseDefault',
  'NoHibernation',
  'OneMinute',
  'FifteenMinutes',
  'OneHour',
  'FourHours',
  'EightHours',
  'TwelveHours',
  'EighteenHours',
  'SixtyHours',
] as const;
export type HibernationDelay = (typeof hibernationDelays)[number];

/** Defaults the service applies when a new vehicle leaves them out. */
export const VEHICLE_TYPE_UNASSIGNED = 0;
export const VEHICLE_STATUS_IN_SERVICE = 2;
export const SEATBELT_TYPE_SHOULDER_HARNESS = 1;

/** A string the contract requires even when there is none: empty (or missing) reads as null. */
const requiredTextOrNone = z
  .string()
  .nullish()
  .transform((value) => value || null)
  .optional();

/** A required date-time: empty, missing or the platform's zero date (year 1) all mean "never". */
const requiredDateOrNone = z
  .string()
  .nullish()
  .transform((value) => (!value || value.startsWith('0001-01-01') ? null : value))
  .optional();

const vehicleSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  seatbeltType: z.number().int(),
  groupId: z.string(),
  // Marked required, but a vehicle can be created without them: "none" may come as null or empty.
  licensePlateNumber: requiredTextOrNone,
  countrySubdivision: requiredTextOrNone,
  vin: requiredTextOrNone,
  lastConnected: requiredDateOrNone,
  driverId: z.string().nullish(),
  deviceId: z.string().nullish(),
  make: z.string().nullish(),
  model: z.string().nullish(),
  year: z.number().int().nullish(),
  // An enum member the console does not know yet must not fail the whole vehicle.
  hibernationDelay: z.enum(hibernationDelays).nullish().catch(null),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

const vehicleListResponseSchema = z.object({
  vehicles: z.array(vehicleSchema).nullish(),
  totalResults: z.number().int().nullish(),
});

const createVehicleResponseSchema = z.object({ vehicleId: z.string() });
export type CreateVehicleResponse = z.infer<typeof createVehicleResponseSchema>;

const vehicleStatusSchema = z.object({
  id: z.number().int(),
  description: z.string().nullish(),
  creationDate: z.string().nullish(),
});
export type VehicleStatus = z.infer<typeof vehicleStatusSchema>;

const vehicleTypeSchema = vehicleStatusSchema;
export type VehicleType = z.infer<typeof vehicleTypeSchema>;

const seatbeltTypeSchema = z.object({
  id: z.number().int(),
  name: z.string().nullish(),
  creationDate: z.string().nullish(),
});
export type SeatbeltType = z.infer<typeof seatbeltTypeSchema>;

const countrySubdivisionSchema = z.object({
  id: z.number().int(),
  name: z.string().nullish(),
  code: z.string().nullish(),
});
export type CountrySubdivision = z.infer<typeof countrySubdivisionSchema>;

const smallCount = z.number().int().min(0).max(32767);
const optionalText = z.string().min(1).max(50).nullish();

/** The write fields shared by POST (add) and PATCH (update). */
const vehicleWriteFields = {
  type: smallCount.nullish(),
  status: z.number().int().min(1).max(32767).nullish(),
  seatbeltType: smallCount.nullish(),
  driverId: z.guid().nullish(),
  deviceId: z.guid().nullish(),
  deviceSerialNumber: optionalText,
  licensePlateNumber: optionalText,
  /** Writes take the subdivision ID; reads return its code. */
  countrySubdivisionId: z.number().int().min(0).nullish(),
  vin: z
    .string()
    .regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'A VIN has 17 characters: digits and capitals except I, O, Q')
    .nullish(),
  make: z.string().min(1).max(250).nullish(),
  model: z.string().min(1).max(250).nullish(),
  year: z.number().int().nullish(),
  hibernationDelay: z.enum(hibernationDelays).nullish(),
};

export const createVehicleRequestSchema = z.object({
  name: z.string().trim().min(1).max(50),
  groupId: z.guid(),
  ...vehicleWriteFields,
});
export type CreateVehicleRequest = z.infer<typeof createVehicleRequestSchema>;

/** A partial update: fields left out stay as they are. */
export const updateVehicleRequestSchema = z.object({
  name: z.string().trim().min(1).max(50).nullish(),
  groupId: z.guid().nullish(),
  ...vehicleWriteFields,
});
export type UpdateVehicleRequest = z.infer<typeof updateVehicleRequestSchema>;

export interface VehicleListParams {
  page: PageRequest;
  groupId?: string;
  /** Substring match on the name. */
  name?: string;
  /** The service defaults to true. */
  includeSubgroups?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export function listVehicles(
  params: VehicleListParams,
  signal?: AbortSignal,
): Promise<Page<Vehicle>> {
  return requestListPage({
    service: 'vehicles',
    path: '/all',
    paging: 'limit-page',
    page: params.page,
    filters: {
      groupId: params.groupId,
      name: params.name,
      includeSubgroups: params.includeSubgroups,
    },
    schema: vehicleListResponseSchema,
    // 204 means nothing matched.
    emptyValue: { vehicles: [], totalResults: 0 },
    items: (response) => response.vehicles,
    total: (response) => response.totalResults,
    signal,
  });
}

export function getVehicle(id: string, signal?: AbortSignal): Promise<Vehicle> {
  return apiRequest({
    service: 'vehicles',
    path: `/${encodeURIComponent(id)}`,
    schema: vehicleSchema,
    signal,
  });
}

export function createVehicle(body: CreateVehicleRequest): Promise<CreateVehicleResponse> {
  return apiRequest({
    service: 'vehicles',
    method: 'POST',
    path: '/all',
    body,
    schema: createVehicleResponseSchema,
  });
}

export function updateVehicle(id: string, body: UpdateVehicleRequest): Promise<Vehicle> {
  return apiRequest({
    service: 'vehicles',
    method: 'PATCH',
    path: `/${encodeURIComponent(id)}`,
    body,
    schema: vehicleSchema,
  });
}

export async function deleteVehicle(id: string): Promise<void> {
  await apiRequest({
    service: 'vehicles',
    method: 'DELETE',
    path: `/${encodeURIComponent(id)}`,
    responseKind: 'none',
  });
}

export function listVehicleStatuses(signal?: AbortSignal): Promise<VehicleStatus[]> {
  return apiRequest({
    service: 'vehicles',
    path: '/statuses',
    schema: z.array(vehicleStatusSchema),
    emptyValue: [],
    signal,
  });
}

export function listVehicleTypes(signal?: AbortSignal): Promise<VehicleType[]> {
  return apiRequest({
    service: 'vehicles',
    path: '/types',
    schema: z.array(vehicleTypeSchema),
    emptyValue: [],
    signal,
  });
}

export function listSeatbeltTypes(signal?: AbortSignal): Promise<SeatbeltType[]> {
  return apiRequest({
    service: 'vehicles',
    path: '/seatbelt-types',
    schema: z.array(seatbeltTypeSchema),
    emptyValue: [],
    signal,
  });
}

/** countryCode: two capital letters, e.g. US. */
export function listCountrySubdivisions(
  countryCode: string,
  signal?: AbortSignal,
): Promise<CountrySubdivision[]> {
  return apiRequest({
    service: 'vehicles',
    path: '/country-subdivisions',
    query: { countryCode },
    schema: z.array(countrySubdivisionSchema),
    emptyValue: [],
    signal,
  });
}

// ---------------------------------------------------------------------------------------------
// Query keys and options
// ---------------------------------------------------------------------------------------------

export const vehicleKeys = {
  all: ['vehicles'] as const,
  lists: () => [...vehicleKeys.all, 'list'] as const,
  list: (params: VehicleListParams) => [...vehicleKeys.lists(), params] as const,
  details: () => [...vehicleKeys.all, 'detail'] as const,
  detail: (id: string) => [...vehicleKeys.details(), id] as const,
  statuses: () => [...vehicleKeys.all, 'statuses'] as const,
  types: () => [...vehicleKeys.all, 'types'] as const,
  seatbeltTypes: () => [...vehicleKeys.all, 'seatbelt-types'] as const,
  countrySubdivisions: (countryCode: string) =>
    [...vehicleKeys.all, 'country-subdivisions', countryCode] as const,
  // Under lists, so every write that refreshes the lists refreshes the index (and names) too.
  searchIndex: (scope: VehicleScope) => [...vehicleKeys.lists(), 'search-index', scope] as const,
};

export function vehicleListQueryOptions(params: VehicleListParams) {
  return queryOptions({
    queryKey: vehicleKeys.list(params),
    queryFn: ({ signal }) => listVehicles(params, signal),
  });
}

export type VehicleScope = Pick<VehicleListParams, 'groupId' | 'includeSubgroups'>;

/** What finding a vehicle by name, VIN or plate needs. */
export type VehicleSearchEntry = Pick<
  Vehicle,
  'id' | 'name' | 'vin' | 'licensePlateNumber' | 'groupId'
>;

/**
 * Every vehicle of a scope (up to a cap), read once and searched on the client. It keeps whole
 * records, so the vehicle list can show (and export, and change in bulk) what a search found.
 */
export interface VehicleSearchIndex<Entry extends VehicleSearchEntry = Vehicle> {
  vehicles: Entry[];
  /** False when the scope holds more vehicles than the index reads. */
  complete: boolean;
}

/** Vehicle ID (lower case) → name, for lists that know only a vehicle's ID (the event queue). */
interface VehicleNameIndex {
  nameById: Record<string, string>;
  /** False when the scope holds more vehicles than the index reads. */
  complete: boolean;
}

/**
 * The vehicles of a scope for searching by what the list endpoint cannot filter on (VIN, plate).
 * Its pages of 1,000 are the service's largest (`limit` of Vehicle_GetVehicles).
 */
export function vehicleSearchIndexQueryOptions(scope: VehicleScope = {}) {
  return searchIndexQueryOptions({
    queryKey: vehicleKeys.searchIndex(scope),
    readPage: (page, signal) => listVehicles({ ...scope, page }, signal),
    toIndex: (vehicles, complete): VehicleSearchIndex => ({ vehicles, complete }),
  });
}

function nameIndexOf(index: VehicleSearchIndex): VehicleNameIndex {
  const nameById: Record<string, string> = {};
  for (const vehicle of index.vehicles) nameById[vehicle.id.toLowerCase()] = vehicle.name;
  return { nameById, complete: index.complete };
}

/** Names from the search index: the event queue and the command palette share one read. */
export function vehicleNameIndexQueryOptions(scope: VehicleScope) {
  return queryOptions({ ...vehicleSearchIndexQueryOptions(scope), select: nameIndexOf });
}

export function vehicleDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: vehicleKeys.detail(id),
    queryFn: ({ signal }) => getVehicle(id, signal),
  });
}

export function vehicleStatusesQueryOptions() {
  return queryOptions({
    queryKey: vehicleKeys.statuses(),
    queryFn: ({ signal }) => listVehicleStatuses(signal),
    ...sessionLookupQueryDefaults,
  });
}

export function vehicleTypesQueryOptions() {
  return queryOptions({
    queryKey: vehicleKeys.types(),
    queryFn: ({ signal }) => listVehicleTypes(signal),
    ...sessionLookupQueryDefaults,
  });
}

export function seatbeltTypesQueryOptions() {
  return queryOptions({
    queryKey: vehicleKeys.seatbeltTypes(),
    queryFn: ({ signal }) => listSeatbeltTypes(signal),
    ...sessionLookupQueryDefaults,
  });
}

export function countrySubdivisionsQueryOptions(countryCode: string) {
  return queryOptions({
    queryKey: vehicleKeys.countrySubdivisions(countryCode),
    queryFn: ({ signal }) => listCountrySubdivisions(countryCode, signal),
    ...sessionLookupQueryDefaults,
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

export function useCreateVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    // The response carries only the new ID, so there is no detail to seed.
    onSuccess: (_result, body) => {
      // A camera taken from another vehicle leaves that one without.
      const movesDevice = !!(body.deviceId || body.deviceSerialNumber);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: vehicleKeys.lists() }),
        movesDevice && queryClient.invalidateQueries({ queryKey: vehicleKeys.details() }),
        movesDevice && queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
      ]);
    },
  });
}

export function useUpdateVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateVehicleRequest }) =>
      updateVehicle(id, body),
    onSuccess: (vehicle, { body }) => {
      queryClient.setQueryData(vehicleKeys.detail(vehicle.id), vehicle);
      // A camera follows its vehicle's group, and one taken from another vehicle leaves that one without.
      const movesDevice = body.deviceId !== undefined || body.deviceSerialNumber !== undefined;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: vehicleKeys.lists() }),
        movesDevice && queryClient.invalidateQueries({ queryKey: vehicleKeys.details() }),
        (movesDevice || body.groupId !== undefined) &&
          queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
      ]);
    },
  });
}

export function useDeleteVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: vehicleKeys.detail(id) });
      // Deleting a vehicle releases its camera, which writes a removal to the assignment history.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: vehicleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
      ]);
    },
  });
}
