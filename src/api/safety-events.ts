import { msg } from '@lingui/core/macro';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from '@/api/zod';
import { translate } from '@/i18n/translate';
import { dayRangeInstants } from '@/lib/local-date';
import { apiRequest } from './client';
import type { DownloadProgress, StreamedBody } from './file-body';
import { requestListPage } from './list-request';
import {
  collectPages,
  limitPagePaging,
  type CollectedList,
  type Page,
  type PageRequest,
} from './paging';
import { sessionLookupQueryDefaults } from './query-client';
import type { ReadReport } from './read-report';
import { readTolerantly } from './tolerant-repair';

// ---------------------------------------------------------------------------------------------
// Schemas and types (Safety API: SafetyEvent, SafetyEvents, Note and the lookup schemas)
// ---------------------------------------------------------------------------------------------

/** Triggers, trigger subtypes, statuses, behaviors and dynamic risks all share this shape. */
const safetyLookupSchema = z.object({
  id: z.number().int(),
  name: z.string().nullish(),
  creationDate: z.string().nullish(),
});
export type SafetyLookup = z.infer<typeof safetyLookupSchema>;

const safetyLookupListSchema = z.array(safetyLookupSchema);

const safetyEventNoteSchema = z.object({
  id: z.union([z.string(), z.number()]),
  body: z.string(),
  creationDate: z.string(),
  authorUserId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SafetyEventNote = z.infer<typeof safetyEventNoteSchema>;

const noteList = z.array(safetyEventNoteSchema).nullish();

const safetyEventSchema = z.object({
  id: z.string(),
  customerEventId: z.string(),
  eventTriggerId: z.number().int(),
  eventTriggerSubTypeId: z.number().int(),
  eventStatusId: z.number().int(),
  recordDateUTC: z.string(),
  recordDateTZ: z.string(),
  recordDateUTCOffset: z.number().int(),
  downloadedDate: z.string().nullish(),
  reviewedDate: z.string().nullish(),
  coachedDate: z.string().nullish(),
  coachingOverdueDate: z.string().nullish(),
  revisionDate: z.string().nullish(),
  creationDate: z.string(),
  score: z.number().int(),
  erSerialNumber: z.string(),
  groupId: z.string(),
  vehicleId: z.string().nullish(),
  driverId: z.string().nullish(),
  coachId: z.string().nullish(),
  overDue: z.number().nullish(),
  forwardMax: z.number().nullish(),
  lateralMax: z.number().nullish(),
  forwardThreshold: z.number().nullish(),
  lateralThreshold: z.number().nullish(),
  shockThreshold: z.number().nullish(),
  /** Metres per second at the trigger. */
  speed: z.number().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
  heading: z.number().nullish(),
  notes: noteList,
  eventNotes: noteList,
  coachingSessionNotes: noteList,
  reviewNotes: noteList,
  behaviors: safetyLookupListSchema.nullish(),
  dynamicRisks: safetyLookupListSchema.nullish(),
  objectRevision: z.number().int(),
  coachEmployeeNum: z.string().nullish(),
  coachFirstName: z.string().nullish(),
  coachLastName: z.string().nullish(),
  driverEmployeeNum: z.string().nullish(),
  driverFirstName: z.string().nullish(),
  driverLastName: z.string().nullish(),
  isCoachable: z.boolean().nullish(),
});
export type SafetyEvent = z.infer<typeof safetyEventSchema>;

/**
 * On a coach's backlog: coachable (or given a coaching due date) and not coached yet. The public
 * API can neither filter on this nor change it.
 */
export function isAwaitingCoaching(
  event: Pick<SafetyEvent, 'coachedDate' | 'isCoachable' | 'coachingOverdueDate'>,
): boolean {
  return !event.coachedDate && (event.isCoachable === true || !!event.coachingOverdueDate);
}

const safetyEventIdsResponseSchema = z.object({
  totalCount: z.number().int().nullish(),
  eventsIds: z.array(z.string()).nullish(),
});

const safetyEventListSchema = z.array(safetyEventSchema);

export type SafetyDateOption = 'lastUpdatedDate' | 'recordDate';
export type SafetyEventFileFormat = 'mp4' | 'dce';

/** Filters both event lists share; dates are sent as `YYYY-MM-DDTHH:MM:SS` UTC. */
interface SafetyEventFilters {
  page: PageRequest;
  dateOption?: SafetyDateOption;
  groupId?: string;
  /** The service defaults to true. */
  includeSubgroups?: boolean;
  triggers?: readonly number[];
  statuses?: readonly number[];
  behaviors?: readonly number[];
  driverId?: string;
  vehicleId?: string;
  deviceId?: string;
  sortBy?: SafetyDateOption;
  sortDirection?: 'asc' | 'desc';
}

export interface SafetyEventIdListParams extends SafetyEventFilters {
  /** Without a range the service returns the latest events. */
  from?: Date;
  to?: Date;
  triggerSubTypes?: readonly number[];
}

/** No `triggerSubTypes` here: the endpoint does not define it (Events_GetEventsWithMetadata). */
export interface SafetyEventWithMetadataListParams extends SafetyEventFilters {
  from: Date;
  to: Date;
}

/** A review queue: the metadata list's filters, paged by the queue itself. */
export type SafetyEventQueueParams = Omit<SafetyEventWithMetadataListParams, 'page'>;

/** The same filters for the ID list, which also takes trigger subtypes. */
export type SafetyEventIdFilters = Omit<SafetyEventIdListParams, 'page'>;

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** The safety API takes UTC date-times at second precision without a zone suffix. */
export function formatSafetyDateTime(date: Date): string {
  return date.toISOString().slice(0, 19);
}

function filterQuery(params: SafetyEventFilters & { from?: Date; to?: Date }) {
  return {
    from: params.from && formatSafetyDateTime(params.from),
    to: params.to && formatSafetyDateTime(params.to),
    dateOption: params.dateOption,
    groupId: params.groupId,
    includeSubgroups: params.includeSubgroups,
    triggers: params.triggers,
    statuses: params.statuses,
    behaviors: params.behaviors,
    driverId: params.driverId,
    vehicleId: params.vehicleId,
    deviceId: params.deviceId,
    sortBy: params.sortBy,
    sortDirection: params.sortDirection,
  };
}

/** Event IDs with the total for the same filters (useful to size a queue). */
export function listSafetyEventIds(
  params: SafetyEventIdListParams,
  signal?: AbortSignal,
): Promise<Page<string>> {
  return requestListPage({
    service: 'safety',
    path: '/events',
    paging: 'limit-page',
    page: params.page,
    filters: { ...filterQuery(params), triggerSubTypes: params.triggerSubTypes },
    schema: safetyEventIdsResponseSchema,
    emptyValue: { totalCount: 0, eventsIds: [] },
    items: (response) => response.eventsIds,
    total: (response) => response.totalCount,
    signal,
  });
}

/** A bare array with no total: a short page or a 204 ends the list. */
export function listSafetyEventsWithMetadata(
  params: SafetyEventWithMetadataListParams,
  signal?: AbortSignal,
): Promise<Page<SafetyEvent>> {
  return requestListPage({
    service: 'safety',
    path: '/eventsWithMetadata',
    paging: 'limit-page',
    page: params.page,
    filters: filterQuery(params),
    schema: safetyEventListSchema,
    emptyValue: [],
    items: (events) => events,
    // A bare array with no total: a short page or a 204 ends the list.
    total: () => null,
    signal,
  });
}

/**
 * One page of the metadata list as the service sent it, unread (empty after a 204): a worker can
 * check it with `readSafetyEventListText`, so reading 1,000 events costs the page's thread nothing.
 */
export function getSafetyEventsWithMetadataBody(
  params: SafetyEventWithMetadataListParams,
  signal?: AbortSignal,
): Promise<Blob> {
  return apiRequest({
    service: 'safety',
    path: '/eventsWithMetadata',
    query: { ...filterQuery(params), ...limitPagePaging.toParams(params.page) },
    responseKind: 'blob',
    headers: { Accept: 'application/json' },
    signal,
  });
}

export type SafetyEventListRead =
  | { ok: true; events: SafetyEvent[]; report: ReadReport | null }
  | { ok: false; message: string; details: string[] };

/** The metadata list's body, checked as the API client checks it; an empty body is an empty list. */
export function readSafetyEventListText(text: string): SafetyEventListRead {
  if (text.trim() === '') return { ok: true, events: [], report: null };
  const operation = 'GET /eventsWithMetadata';
  const problem = translate(
    msg`The service sent data the console does not understand (${operation}).`,
  );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      ok: false,
      message: translate(msg`The service sent a response that is not valid JSON.`),
      details: [],
    };
  }
  const read = readTolerantly(safetyEventListSchema, json, 'GET /eventsWithMetadata');
  if (read.success) return { ok: true, events: read.data, report: read.report };
  return { ok: false, message: problem, details: read.details };
}

/** Send the event GUID; the customer-event-ID option is not defined in the file. */
export function getSafetyEvent(id: string, signal?: AbortSignal): Promise<SafetyEvent> {
  return apiRequest({
    service: 'safety',
    path: `/events/${encodeURIComponent(id)}`,
    schema: safetyEventSchema,
    signal,
  });
}

const fileAcceptHeader: Record<SafetyEventFileFormat, string> = {
  mp4: 'video/mp4',
  dce: 'application/octet-stream',
};

/** GET /events/{eventId}/file: the same request whether the file is read whole or as a stream. */
function eventFileRequest(eventId: string, format: SafetyEventFileFormat) {
  return {
    service: 'safety',
    path: `/events/${encodeURIComponent(eventId)}/file`,
    query: { format },
    headers: { Accept: fileAcceptHeader[format] },
  } as const;
}

export function getSafetyEventFile(
  eventId: string,
  format: SafetyEventFileFormat,
  signal?: AbortSignal,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<Blob> {
  return apiRequest({
    ...eventFileRequest(eventId, format),
    responseKind: 'blob',
    signal,
    onProgress,
  });
}

/** The event's file as it arrives, so a large video never sits whole in the page's memory. */
export function streamSafetyEventFile(
  eventId: string,
  format: SafetyEventFileFormat,
  signal?: AbortSignal,
): Promise<StreamedBody> {
  return apiRequest({
    ...eventFileRequest(eventId, format),
    responseKind: 'stream',
    signal,
  });
}

const POSITION_SCAN_PAGE_SIZE = 1000;

export interface SafetyEventPosition {
  /** 0-based place in the list for these filters, or null when it was not found. */
  position: number | null;
  /** False when the scan stopped at `maxPages` before the end of the list. */
  complete: boolean;
}

/** Where an event sits in a filtered, sorted list, read from the light ID pages only. */
export async function findSafetyEventPosition(
  filters: SafetyEventIdFilters,
  eventId: string,
  maxPages: number,
  signal?: AbortSignal,
): Promise<SafetyEventPosition> {
  const wanted = eventId.toLowerCase();
  for (let pageIndex = 0; pageIndex < maxPages; pageIndex++) {
    const page = await listSafetyEventIds(
      { ...filters, page: { pageIndex, pageSize: POSITION_SCAN_PAGE_SIZE } },
      signal,
    );
    const found = page.items.findIndex((id) => id.toLowerCase() === wanted);
    if (found >= 0)
      return { position: pageIndex * POSITION_SCAN_PAGE_SIZE + found, complete: true };
    if (!page.hasMore) return { position: null, complete: true };
  }
  return { position: null, complete: false };
}

function listSafetyLookup(path: string, signal?: AbortSignal): Promise<SafetyLookup[]> {
  return apiRequest({
    service: 'safety',
    path,
    schema: safetyLookupListSchema,
    emptyValue: [],
    signal,
  });
}

export const listSafetyEventTriggers = (signal?: AbortSignal) =>
  listSafetyLookup('/events/triggers', signal);
export const listSafetyEventTriggerSubtypes = (signal?: AbortSignal) =>
  listSafetyLookup('/events/triggersubtypes', signal);
export const listSafetyEventStatuses = (signal?: AbortSignal) =>
  listSafetyLookup('/events/statuses', signal);
export const listSafetyEventBehaviors = (signal?: AbortSignal) =>
  listSafetyLookup('/events/behaviors', signal);
export const listSafetyEventDynamicRisks = (signal?: AbortSignal) =>
  listSafetyLookup('/events/dynamicRisks', signal);

// ---------------------------------------------------------------------------------------------
// Query keys and options (safety events are read-only)
// ---------------------------------------------------------------------------------------------

export const safetyEventKeys = {
  all: ['safety-events'] as const,
  idLists: () => [...safetyEventKeys.all, 'id-list'] as const,
  lists: () => [...safetyEventKeys.all, 'list'] as const,
  list: (params: SafetyEventWithMetadataListParams) =>
    [...safetyEventKeys.lists(), params] as const,
  queue: (params: SafetyEventQueueParams, pageSize: number) =>
    [...safetyEventKeys.lists(), 'queue', { ...params, pageSize }] as const,
  count: (filters: SafetyEventIdFilters) =>
    [...safetyEventKeys.idLists(), 'count', filters] as const,
  position: (filters: SafetyEventIdFilters, eventId: string) =>
    [...safetyEventKeys.idLists(), 'position', filters, eventId] as const,
  map: (params: SafetyEventQueueParams, maxEvents: number) =>
    [...safetyEventKeys.lists(), 'map', { ...params, maxEvents }] as const,
  details: () => [...safetyEventKeys.all, 'detail'] as const,
  detail: (id: string) => [...safetyEventKeys.details(), id] as const,
  file: (eventId: string, format: SafetyEventFileFormat) =>
    [...safetyEventKeys.detail(eventId), 'file', format] as const,
  triggers: () => [...safetyEventKeys.all, 'triggers'] as const,
  triggerSubtypes: () => [...safetyEventKeys.all, 'trigger-subtypes'] as const,
  statuses: () => [...safetyEventKeys.all, 'statuses'] as const,
  behaviors: () => [...safetyEventKeys.all, 'behaviors'] as const,
  dynamicRisks: () => [...safetyEventKeys.all, 'dynamic-risks'] as const,
};

export function safetyEventListQueryOptions(params: SafetyEventWithMetadataListParams) {
  return queryOptions({
    queryKey: safetyEventKeys.list(params),
    queryFn: ({ signal }) => listSafetyEventsWithMetadata(params, signal),
  });
}

/** A reviewer's queue must not reorder under them: it refreshes on request, not on every visit. */
const QUEUE_STALE_TIME_MS = 5 * 60_000;

/** Page after page until a short page or a 204 (the list has no total). */
export function safetyEventQueueQueryOptions(params: SafetyEventQueueParams, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: safetyEventKeys.queue(params, pageSize),
    queryFn: ({ pageParam, signal }) =>
      listSafetyEventsWithMetadata({ ...params, page: { pageIndex: pageParam, pageSize } }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.pageIndex + 1 : undefined),
    staleTime: QUEUE_STALE_TIME_MS,
  });
}

/**
 * The service's largest page (`limit` of Events_GetEventsWithMetadata): a map of 5,000 events
 * costs five requests.
 */
const EVENT_MAP_PAGE_SIZE = 1000;

/**
 * The first `maxEvents` events of a queue's filters and order, for a map. `complete` is false
 * when more events match than were read.
 */
export function safetyEventMapQueryOptions(params: SafetyEventQueueParams, maxEvents: number) {
  return queryOptions({
    queryKey: safetyEventKeys.map(params, maxEvents),
    queryFn: async ({ signal }): Promise<CollectedList<SafetyEvent>> => {
      const pageSize = Math.min(EVENT_MAP_PAGE_SIZE, maxEvents);
      const { items, complete } = await collectPages(
        (page) => listSafetyEventsWithMetadata({ ...params, page }, signal),
        pageSize,
        Math.ceil(maxEvents / pageSize),
      );
      return items.length > maxEvents
        ? { items: items.slice(0, maxEvents), complete: false }
        : { items, complete };
    },
    staleTime: QUEUE_STALE_TIME_MS,
  });
}

/** The number of matching events, from one ID of the ID list (its totalCount). */
export function safetyEventCountQueryOptions(filters: SafetyEventIdFilters) {
  return queryOptions({
    queryKey: safetyEventKeys.count(filters),
    queryFn: async ({ signal }) =>
      (await listSafetyEventIds({ ...filters, page: { pageIndex: 0, pageSize: 1 } }, signal))
        .total ?? 0,
    staleTime: QUEUE_STALE_TIME_MS,
  });
}

export function safetyEventPositionQueryOptions(
  filters: SafetyEventIdFilters,
  eventId: string,
  maxPages: number,
) {
  return queryOptions({
    queryKey: safetyEventKeys.position(filters, eventId),
    queryFn: ({ signal }) => findSafetyEventPosition(filters, eventId, maxPages, signal),
    staleTime: QUEUE_STALE_TIME_MS,
  });
}

export function safetyEventDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: safetyEventKeys.detail(id),
    queryFn: ({ signal }) => getSafetyEvent(id, signal),
  });
}

/** Event files are large and never change: keep one only while it is shown. */
export function safetyEventFileQueryOptions(
  eventId: string,
  format: SafetyEventFileFormat,
  onProgress?: (progress: DownloadProgress) => void,
) {
  return queryOptions({
    queryKey: safetyEventKeys.file(eventId, format),
    queryFn: ({ signal }) => getSafetyEventFile(eventId, format, signal, onProgress),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function safetyEventTriggersQueryOptions() {
  return queryOptions({
    queryKey: safetyEventKeys.triggers(),
    queryFn: ({ signal }) => listSafetyEventTriggers(signal),
    ...sessionLookupQueryDefaults,
  });
}

export function safetyEventTriggerSubtypesQueryOptions() {
  return queryOptions({
    queryKey: safetyEventKeys.triggerSubtypes(),
    queryFn: ({ signal }) => listSafetyEventTriggerSubtypes(signal),
    ...sessionLookupQueryDefaults,
  });
}

export function safetyEventStatusesQueryOptions() {
  return queryOptions({
    queryKey: safetyEventKeys.statuses(),
    queryFn: ({ signal }) => listSafetyEventStatuses(signal),
    ...sessionLookupQueryDefaults,
  });
}

export function safetyEventBehaviorsQueryOptions() {
  return queryOptions({
    queryKey: safetyEventKeys.behaviors(),
    queryFn: ({ signal }) => listSafetyEventBehaviors(signal),
    ...sessionLookupQueryDefaults,
  });
}

export function safetyEventDynamicRisksQueryOptions() {
  return queryOptions({
    queryKey: safetyEventKeys.dynamicRisks(),
    queryFn: ({ signal }) => listSafetyEventDynamicRisks(signal),
    ...sessionLookupQueryDefaults,
  });
}

/** A watch check: the newest events changed in a window, newest first, in one bounded request. */
export interface SafetyEventWatchParams {
  /** Epoch ms: the window's start. */
  since: number;
  /** The window never starts more than this long before the check. */
  maxLookBackMs: number;
  triggers?: readonly number[];
  groupId?: string;
  /** One page of this many events, no more. */
  limit: number;
}

export interface SafetyEventWatchCheck {
  events: SafetyEvent[];
  /** Epoch ms: when the check was sent (the window's end). */
  checkedAt: number;
  /** False when more events changed in the window than the one page holds. */
  complete: boolean;
}

/**
 * By last update, not record time: an event recorded hours ago may reach the service only now.
 * The caller keeps the ones created in the window.
 */
export function safetyEventWatchQueryOptions(params: SafetyEventWatchParams) {
  return queryOptions({
    queryKey: [...safetyEventKeys.all, 'watch', params] as const,
    queryFn: async ({ signal }): Promise<SafetyEventWatchCheck> => {
      const checkedAt = Date.now();
      const page = await listSafetyEventsWithMetadata(
        {
          from: new Date(Math.max(params.since, checkedAt - params.maxLookBackMs)),
          to: new Date(checkedAt),
          dateOption: 'lastUpdatedDate',
          sortBy: 'lastUpdatedDate',
          sortDirection: 'desc',
          triggers: params.triggers,
          groupId: params.groupId,
          includeSubgroups: true,
          page: { pageIndex: 0, pageSize: params.limit },
        },
        signal,
      );
      return { events: page.items, checkedAt, complete: !page.hasMore };
    },
  });
}

/** How many events the coaching backlog reads at most: its window's first events, oldest first. */
export const MAX_BACKLOG_EVENTS = 20_000;

/**
 * The read behind the coaching backlog: every event recorded in the window's days (as
 * `lastLocalDays` gives them), oldest first. The public API cannot filter on coaching, so the
 * backlog is picked from these (`isAwaitingCoaching`).
 */
export function coachingBacklogQueryOptions(days: { from: string; to: string }) {
  return safetyEventMapQueryOptions(
    {
      ...dayRangeInstants({ fromDay: days.from, toDay: days.to }),
      dateOption: 'recordDate',
      sortBy: 'recordDate',
      sortDirection: 'asc',
    },
    MAX_BACKLOG_EVENTS,
  );
}
