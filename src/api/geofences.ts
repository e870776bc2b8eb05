import { msg } from '@lingui/core/macro';
import {
  experimental_streamedQuery as streamedQuery,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from '@/api/zod';
import { translate } from '@/i18n/translate';
import { ApiError } from './api-error';
import { apiRequest } from './client';
import { GEOFENCE_SHAPE_TYPE } from './geofence-shape-type';
import { offsetEnvelope, requestListPage } from './list-request';
import { offsetListMetadataSchema, type Page, type PageRequest } from './paging';
import { sessionLookupQueryDefaults } from './query-client';
import { searchIndexQueryOptions } from './search-index';

// ---------------------------------------------------------------------------------------------
// Schemas and types (Geofences API: SingleGeofenceResponse, AddGeofenceRequest, activations)
// ---------------------------------------------------------------------------------------------

/** There is no free rectangle: a rectangle is sent as a square with 4 points. */

export { GEOFENCE_SHAPE_TYPE } from './geofence-shape-type';

const geoPointSchema = z.object({ latitude: z.number(), longitude: z.number() });
export type GeoPoint = z.infer<typeof geoPointSchema>;

const geofenceGeographySchema = z.object({
  shapeType: z.number().int(),
  points: z
    .array(geoPointSchema)
    .nullish()
    .transform((points) => points ?? []),
  /** Metres (assumed); 0 except for circles. */
  radius: z.number().nullish(),
});
export type GeofenceGeography = z.infer<typeof geofenceGeographySchema>;

export const geofenceAssetTypes = ['vehicle', 'equipment'] as const;
const geofenceAssetSchema = z.object({
  assetId: z.string(),
  assetType: z.string(),
});

const geofenceSchema = z.object({
  // The console addresses geofences by this; every other field may be missing.
  geofenceId: z.string(),
  name: z.string().nullish(),
  rootGroupId: z.string().nullish(),
  groupId: z.string().nullish(),
  groupName: z.string().nullish(),
  groupPath: z.string().nullish(),
  includeSubGroups: z.boolean().nullish(),
  isInside: z.boolean().nullish(),
  geofenceGeography: geofenceGeographySchema.nullish(),
  color: z.string().nullish(),
  /** Comma list, 1 = Monday; empty = always active. */
  effectiveDaysOfWeek: z.string().nullish(),
  effectiveStartTime: z.string().nullish(),
  effectiveEndTime: z.string().nullish(),
  effectiveTimezoneOffset: z.string().nullish(),
  createdDate: z.string().nullish(),
  assetGroupId: z.string().nullish(),
  assetIncludeSubGroups: z.boolean().nullish(),
  assets: z.array(geofenceAssetSchema).nullish(),
});
export type Geofence = z.infer<typeof geofenceSchema>;

const geofenceListResponseSchema = z.object({
  data: z.array(geofenceSchema).nullish(),
  metadata: offsetListMetadataSchema
    .extend({ startDate: z.string().nullish(), endDate: z.string().nullish() })
    .nullish(),
});

/** Shape rules the service answers with 400 "Invalid ShapeType". */
export const geofenceGeographyRequestSchema = z.discriminatedUnion('shapeType', [
  z.object({
    shapeType: z.literal(GEOFENCE_SHAPE_TYPE.polygon),
    points: z.array(geoPointSchema).min(3),
    radius: z.literal(0),
  }),
  z.object({
    shapeType: z.literal(GEOFENCE_SHAPE_TYPE.square),
    points: z.array(geoPointSchema).length(4),
    radius: z.literal(0),
  }),
  z.object({
    shapeType: z.literal(GEOFENCE_SHAPE_TYPE.circle),
    points: z.array(geoPointSchema).length(1),
    radius: z.number().positive(),
  }),
]);
export type GeofenceGeographyRequest = z.infer<typeof geofenceGeographyRequestSchema>;

/**
 * POST and PUT (full object). colorHex, inclusive and visible are required by the file but never
 * defined; their types here are our reading (Geofences API, AddGeofenceRequest).
 */
export const geofenceRequestSchema = z.object({
  name: z.string().trim().min(1),
  isInside: z.boolean(),
  geofenceGeography: geofenceGeographyRequestSchema,
  groupIdentifier: z.string().nullish(),
  /** Capital G, as the geofence API spells it. */
  includeSubGroups: z.boolean().nullish(),
  isActive: z.boolean().nullish(),
  assets: z
    .array(z.object({ assetId: z.string(), assetType: z.enum(geofenceAssetTypes) }))
    .nullish(),
  colorHex: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  inclusive: z.boolean(),
  visible: z.boolean(),
});
export type GeofenceRequest = z.infer<typeof geofenceRequestSchema>;

const geofenceActivationSchema = z.object({
  activationId: z.string(),
  geofenceId: z.string().nullish(),
  geofenceName: z.string().nullish(),
  startPosition: geoPointSchema.nullish(),
  activationStartDate: z.string().nullish(),
  /** Null while the vehicle is still inside the activation. */
  activationEndDate: z.string().nullish(),
  endPosition: geoPointSchema.nullish(),
  userIdentifier: z.string().nullish(),
  endReason: z.number().nullish(),
  lastUpdateDateTime: z.string().nullish(),
});
export type GeofenceActivation = z.infer<typeof geofenceActivationSchema>;

const vehicleActivationsSchema = z.object({
  vehicleId: z.string().nullish(),
  deviceId: z.string().nullish(),
  groupId: z.string().nullish(),
  vehicleName: z.string().nullish(),
  vin: z.string().nullish(),
  serialNumber: z.string().nullish(),
  activations: z
    .array(geofenceActivationSchema)
    .nullish()
    .transform((activations) => activations ?? []),
});
export type VehicleActivations = z.infer<typeof vehicleActivationsSchema>;

/** `{data: {metadata, data}}`: the two `data` levels are in the contract as written. */
const geofenceActivationListResponseSchema = z.object({
  data: z
    .object({
      metadata: offsetListMetadataSchema
        .extend({ startDate: z.string().nullish(), endDate: z.string().nullish() })
        .nullish(),
      data: z.array(vehicleActivationsSchema).nullish(),
    })
    .nullish(),
});

const activationEndReasonSchema = z.object({
  reasonId: z.number().int(),
  description: z.string().nullish(),
  /** Not ISO (e.g. 23-Jun-2024). */
  creationDate: z.string().nullish(),
});
export type ActivationEndReason = z.infer<typeof activationEndReasonSchema>;

const activationEndReasonListResponseSchema = z.object({
  data: z
    .object({
      metadata: z.object({ limit: z.number().nullish(), count: z.number().nullish() }).nullish(),
      data: z.array(activationEndReasonSchema).nullish(),
    })
    .nullish(),
});

type GeofenceIdentifierKind = 'geofence' | 'device' | 'group' | 'vehicle';

/** At most one identifier per query (Geofences API, GET /v1/geofences): one slot for it. */
type GeofenceIdentifierFilter = { kind: GeofenceIdentifierKind; id: string };

export interface GeofenceListParams {
  page: PageRequest;
  /** device: ID or serial; vehicle: ID or VIN. */
  by?: GeofenceIdentifierFilter;
  startDate?: string;
  endDate?: string;
  order?: 'asc' | 'desc';
  sort?: 'name' | 'groupId' | 'groupName' | 'isInside' | 'creationDate';
  includeSubGroups?: boolean;
}

export interface GeofenceActivationListParams {
  page: PageRequest;
  activationIdentifier?: string;
  geofenceIdentifier?: string;
  deviceIdentifier?: string;
  groupIdentifier?: string;
  vehicleIdentifier?: string;
  userIdentifier?: string;
  startDate?: string;
  endDate?: string;
  order?: 'asc' | 'desc';
  sort?: string;
  includeSubGroups?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

const identifierParamByKind: Record<GeofenceIdentifierKind, string> = {
  geofence: 'geofenceIdentifier',
  device: 'deviceIdentifier',
  group: 'groupIdentifier',
  vehicle: 'vehicleIdentifier',
};

export function listGeofences(
  params: GeofenceListParams,
  signal?: AbortSignal,
): Promise<Page<Geofence>> {
  // Built field by field, never spread, so a stray identifier on `params` cannot ride along.
  const identifier = params.by ? { [identifierParamByKind[params.by.kind]]: params.by.id } : {};
  return requestListPage({
    service: 'geofences',
    path: '/v1/geofences',
    ...offsetEnvelope<Geofence>(),
    page: params.page,
    filters: {
      ...identifier,
      startDate: params.startDate,
      endDate: params.endDate,
      order: params.order,
      sort: params.sort,
      includeSubGroups: params.includeSubGroups,
    },
    schema: geofenceListResponseSchema,
    signal,
  });
}

/** Which geofences the map shows: all of them, or one group's (with its subgroups). */
export interface GeofenceCollectionFilter {
  groupId?: string;
}

/** The contract gives no maximum page size; a thousand keeps each answer a reasonable size. */
const GEOFENCE_COLLECTION_PAGE_SIZE = 1000;

/** One page of a collection as it arrives (pages of a read may arrive out of order). */
export interface GeofenceCollectionPage {
  pageIndex: number;
  geofences: Geofence[];
  /** The service's count of the whole collection, or null when it sent none. */
  expected: number | null;
  /** True on the read's last page. */
  complete: boolean;
}

/** 200,000 geofences at 1,000 a page: past any company's, short of a runaway count. */
const MAX_GEOFENCE_COLLECTION_PAGES = 200;

/**
 * Every geofence the filter selects, sorted by name, page by page as each arrives: the map draws
 * them all, and draws each page as soon as it is here. The first page tells the count; the other
 * pages are then asked for all at once (offsets are free to choose and the contract sets no limit).
 */
export async function* readGeofenceCollection(
  filter: GeofenceCollectionFilter,
  {
    signal,
    beforeOtherPages = () => Promise.resolve(),
  }: {
    signal?: AbortSignal;
    /** Awaited after the first page is handed over and before the other pages are asked for. */
    beforeOtherPages?: () => Promise<void>;
  } = {},
): AsyncGenerator<GeofenceCollectionPage> {
  const pageParams = (pageIndex: number): GeofenceListParams => ({
    page: { pageIndex, pageSize: GEOFENCE_COLLECTION_PAGE_SIZE },
    by: filter.groupId ? { kind: 'group', id: filter.groupId } : undefined,
    includeSubGroups: filter.groupId ? true : undefined,
    sort: 'name',
    order: 'asc',
  });
  const first = await listGeofences(pageParams(0), signal);
  const expected = first.total;
  if (!first.hasMore) {
    yield { pageIndex: 0, geofences: first.items, expected, complete: true };
    return;
  }
  yield { pageIndex: 0, geofences: first.items, expected, complete: false };
  await beforeOtherPages();
  const pageCount = expected === null ? null : Math.ceil(expected / GEOFENCE_COLLECTION_PAGE_SIZE);
  // A count past any fleet's (the schema allows 1.7e9) is not asked for all at once: the pages
  // are then read one after another, as without a count, up to the same limit.
  if (pageCount !== null && pageCount <= MAX_GEOFENCE_COLLECTION_PAGES) {
    const pending = new Map<number, Promise<Page<Geofence>>>();
    for (let pageIndex = 1; pageIndex < pageCount; pageIndex++) {
      const request = listGeofences(pageParams(pageIndex), signal);
      // Handled where it is awaited; this only keeps a page nobody waits for any more (the
      // read was left or failed on another page) from being reported as unhandled.
      request.catch(() => undefined);
      pending.set(pageIndex, request);
    }
    while (pending.size > 0) {
      const page = await Promise.race(pending.values());
      pending.delete(page.pageIndex);
      yield {
        pageIndex: page.pageIndex,
        geofences: page.items,
        expected,
        complete: pending.size === 0,
      };
    }
    return;
  }
  // Without a count, only a short page tells that the end is reached.
  let page = first;
  while (page.hasMore && page.pageIndex + 1 < MAX_GEOFENCE_COLLECTION_PAGES) {
    page = await listGeofences(pageParams(page.pageIndex + 1), signal);
    const last = !page.hasMore || page.pageIndex + 1 >= MAX_GEOFENCE_COLLECTION_PAGES;
    yield { pageIndex: page.pageIndex, geofences: page.items, expected: null, complete: last };
  }
}

/** The pages of a collection read so far, each where the service's order puts it. */
export interface GeofenceCollection {
  /** By page index; a page still on its way is a gap. */
  pages: readonly (readonly Geofence[] | undefined)[];
  expected: number | null;
  complete: boolean;
}

export const emptyGeofenceCollection: GeofenceCollection = {
  pages: [],
  expected: null,
  complete: false,
};

/** Adds an arrived page; pages already held keep their arrays, so caching compares them cheaply. */
export function addCollectionPage(
  collection: GeofenceCollection,
  page: GeofenceCollectionPage,
): GeofenceCollection {
  const pages = [...collection.pages];
  pages[page.pageIndex] = page.geofences;
  return { pages, expected: page.expected, complete: page.complete };
}

/** The geofences read so far, in the service's order. */
export function collectionGeofences(collection: GeofenceCollection): Geofence[] {
  // A geofence listed twice (the vendor's own example list does) is drawn and offered once.
  const seen = new Set<string>();
  return collection.pages
    .flatMap((page) => page ?? [])
    .filter((geofence) => !seen.has(geofence.geofenceId) && Boolean(seen.add(geofence.geofenceId)));
}

/** There is no single-geofence GET: the list with geofenceIdentifier alone stands in for it. */
export async function getGeofence(geofenceId: string, signal?: AbortSignal): Promise<Geofence> {
  const page = await listGeofences(
    { page: { pageIndex: 0, pageSize: 1 }, by: { kind: 'geofence', id: geofenceId } },
    signal,
  );
  const geofence = page.items[0];
  if (!geofence) {
    throw new ApiError({
      status: 404,
      code: 'NOT_FOUND',
      message: translate(msg`This geofence no longer exists. It may have been deleted.`),
    });
  }
  return geofence;
}

/** Answers 200 (not 201) with the new geofence. */
export function createGeofence(body: GeofenceRequest): Promise<Geofence> {
  return apiRequest({
    service: 'geofences',
    method: 'POST',
    path: '/v1/geofences',
    body,
    schema: geofenceSchema,
  });
}

/** PUT replaces the whole geofence. */
export function updateGeofence(geofenceId: string, body: GeofenceRequest): Promise<Geofence> {
  return apiRequest({
    service: 'geofences',
    method: 'PUT',
    path: `/v1/geofences/${encodeURIComponent(geofenceId)}`,
    body,
    schema: geofenceSchema,
  });
}

export async function deleteGeofence(geofenceId: string): Promise<void> {
  await apiRequest({
    service: 'geofences',
    method: 'DELETE',
    path: `/v1/geofences/${encodeURIComponent(geofenceId)}`,
    responseKind: 'none',
  });
}

/** Activations live under the singular `/v1/geofence`. */
export function listGeofenceActivations(
  params: GeofenceActivationListParams,
  signal?: AbortSignal,
): Promise<Page<VehicleActivations>> {
  return requestListPage({
    service: 'geofences',
    path: '/v1/geofence/activations',
    paging: 'limit-offset',
    page: params.page,
    filters: {
      activationIdentifier: params.activationIdentifier,
      geofenceIdentifier: params.geofenceIdentifier,
      deviceIdentifier: params.deviceIdentifier,
      groupIdentifier: params.groupIdentifier,
      vehicleIdentifier: params.vehicleIdentifier,
      userIdentifier: params.userIdentifier,
      startDate: params.startDate,
      endDate: params.endDate,
      order: params.order,
      sort: params.sort,
      includeSubGroups: params.includeSubGroups,
    },
    schema: geofenceActivationListResponseSchema,
    // Activations wrap the usual envelope once more.
    emptyValue: { data: { data: [], metadata: { count: 0 } } },
    items: (response) => response.data?.data,
    total: (response) => response.data?.metadata?.count,
    signal,
  });
}

export async function listActivationEndReasons(
  signal?: AbortSignal,
): Promise<ActivationEndReason[]> {
  const response = await apiRequest({
    service: 'geofences',
    path: '/v1/geofence/activations/endreason',
    schema: activationEndReasonListResponseSchema,
    emptyValue: { data: { data: [] } },
    signal,
  });
  return response.data?.data ?? [];
}

// ---------------------------------------------------------------------------------------------
// Query keys and options
// ---------------------------------------------------------------------------------------------

export const geofenceKeys = {
  all: ['geofences'] as const,
  lists: () => [...geofenceKeys.all, 'list'] as const,
  collection: (filter: GeofenceCollectionFilter) =>
    [...geofenceKeys.lists(), 'all', filter] as const,
  details: () => [...geofenceKeys.all, 'detail'] as const,
  detail: (geofenceId: string) => [...geofenceKeys.details(), geofenceId] as const,
  activations: () => [...geofenceKeys.all, 'activations'] as const,
  activationList: (params: GeofenceActivationListParams) =>
    [...geofenceKeys.activations(), params] as const,
  endReasons: () => [...geofenceKeys.all, 'end-reasons'] as const,
  // Under lists, so every geofence write refreshes it too.
  searchIndex: () => [...geofenceKeys.lists(), 'search-index'] as const,
};

/**
 * Every geofence of a filter, page by page. Every reader of one filter must pass the same
 * `beforeOtherPages`: whichever reader starts the read decides it.
 */
export function geofenceCollectionQueryOptions(
  filter: GeofenceCollectionFilter,
  { beforeOtherPages }: { beforeOtherPages: () => Promise<void> },
) {
  return queryOptions({
    queryKey: geofenceKeys.collection(filter),
    queryFn: streamedQuery<GeofenceCollectionPage, GeofenceCollection>({
      streamFn: ({ signal }) => readGeofenceCollection(filter, { signal, beforeOtherPages }),
      reducer: addCollectionPage,
      initialValue: emptyGeofenceCollection,
      // A refresh (after a save, say) keeps the map whole until the new collection is complete.
      refetchMode: 'replace',
    }),
  });
}

/** What finding a geofence by name needs; outlines stay out of the index. */
export interface GeofenceSearchEntry {
  geofenceId: string;
  name: string | null;
  groupName: string | null;
}

/** Every geofence (up to a cap), read once and searched on the client. */
export interface GeofenceSearchIndex {
  geofences: GeofenceSearchEntry[];
  /** False when there are more geofences than the index reads. */
  complete: boolean;
}

/**
 * Geofences by name for searching. Unlike the map's collection, pages are read up to a cap, so a
 * search never costs more than a few requests.
 */
export function geofenceSearchIndexQueryOptions() {
  return searchIndexQueryOptions({
    queryKey: geofenceKeys.searchIndex(),
    readPage: (page, signal) => listGeofences({ page, sort: 'name', order: 'asc' }, signal),
    toIndex: (items, complete): GeofenceSearchIndex => ({
      geofences: items.map((geofence) => ({
        geofenceId: geofence.geofenceId,
        name: geofence.name ?? null,
        groupName: geofence.groupName ?? null,
      })),
      complete,
    }),
  });
}

export function geofenceDetailQueryOptions(geofenceId: string) {
  return queryOptions({
    queryKey: geofenceKeys.detail(geofenceId),
    queryFn: ({ signal }) => getGeofence(geofenceId, signal),
  });
}

export function geofenceActivationListQueryOptions(params: GeofenceActivationListParams) {
  return queryOptions({
    queryKey: geofenceKeys.activationList(params),
    queryFn: ({ signal }) => listGeofenceActivations(params, signal),
  });
}

export function activationEndReasonsQueryOptions() {
  return queryOptions({
    queryKey: geofenceKeys.endReasons(),
    queryFn: ({ signal }) => listActivationEndReasons(signal),
    ...sessionLookupQueryDefaults,
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

export function useCreateGeofenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGeofence,
    onSuccess: (created) => {
      queryClient.setQueryData(geofenceKeys.detail(created.geofenceId), created);
      return queryClient.invalidateQueries({ queryKey: geofenceKeys.lists() });
    },
  });
}

export interface GeofenceBatchResult {
  created: Geofence[];
  /** By position in the request list. */
  failures: { index: number; error: unknown }[];
}

/**
 * Creates geofences one call at a time (the service has no bulk create), carrying on past
 * failures, and refreshes the lists once at the end rather than after every geofence.
 * Each body is built as it is sent (`bodyAt`): thousands of outlines are never all expanded at once.
 */
export function useCreateGeofencesOneByOneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      count,
      bodyAt,
      onProgress,
    }: {
      count: number;
      bodyAt: (index: number) => GeofenceRequest;
      onProgress?: (done: number) => void;
    }): Promise<GeofenceBatchResult> => {
      const result: GeofenceBatchResult = { created: [], failures: [] };
      for (let index = 0; index < count; index++) {
        try {
          result.created.push(await createGeofence(bodyAt(index)));
        } catch (error) {
          result.failures.push({ index, error });
        }
        onProgress?.(index + 1);
      }
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: geofenceKeys.lists() }),
  });
}

export function useUpdateGeofenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ geofenceId, body }: { geofenceId: string; body: GeofenceRequest }) =>
      updateGeofence(geofenceId, body),
    // Activations carry the geofence name, so they change with it.
    onSuccess: (saved) => {
      queryClient.setQueryData(geofenceKeys.detail(saved.geofenceId), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: geofenceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: geofenceKeys.activations() }),
      ]);
    },
  });
}

export function useDeleteGeofenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeofence,
    // Deleting ends the geofence's open activations.
    onSuccess: (_result, geofenceId) => {
      queryClient.removeQueries({ queryKey: geofenceKeys.detail(geofenceId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: geofenceKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: geofenceKeys.activations() }),
      ]);
    },
  });
}
