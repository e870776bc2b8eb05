import { http, HttpResponse, type RequestHandler } from 'msw';
import type { LookupRecord, MockDb, NoteRecord, SafetyEventRecord } from '../db';
import {
  badRequest,
  errorResponse,
  groupAndDescendantIds,
  isGuid,
  notFound,
  pageByNumber,
  readBoolParam,
  readIntParam,
  sameId,
  withAuth,
  type ParsedParam,
} from '../http';
import { buildDceFile, loadClip } from '../media';
import { onDbCommit } from '../state';

const BASE = '*/v0/video/safety';
const STYLE = 'bodiless';
const MAX_LIMIT = 1000;
/** `YYYY-MM-DDTHH:MM:SS`, UTC; the published pattern is unanchored, so a trailing Z also passes. */
const SAFETY_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z?$/;

type DateField = 'lastUpdatedDate' | 'recordDateUTC';
const dateOptions: Record<string, DateField> = {
  lastUpdatedDate: 'lastUpdatedDate',
  recordDate: 'recordDateUTC',
};

interface EventQuery {
  from?: string;
  to?: string;
  dateField: DateField;
  groupIds?: Set<string>;
  triggers?: Set<number>;
  triggerSubTypes?: Set<number>;
  statuses?: Set<number>;
  behaviors?: Set<number>;
  driverId?: string;
  vehicleId?: string;
  deviceId?: string;
  sortField: DateField;
  descending: boolean;
  limit: number;
  page: number;
}

/** A safety date as a comparable ISO string (the seed writes `…Z` at second precision). */
function readSafetyDate(
  url: URL,
  name: string,
  required: boolean,
): ParsedParam<string | undefined> {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') {
    return required
      ? {
          ok: false,
          message: `The ${name} parameter is required (format YYYY-MM-DDTHH:MM:SS, UTC).`,
        }
      : { ok: true, value: undefined };
  }
  const match = SAFETY_DATE.exec(raw);
  const [, year, month, day, hour, minute, second] = match ?? [];
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}Z`;
  const parsed = new Date(iso);
  if (
    !match ||
    Number.isNaN(parsed.getTime()) ||
    parsed.toISOString().slice(0, 19) !== iso.slice(0, 19)
  ) {
    return {
      ok: false,
      message: `The ${name} parameter must be a UTC date in the format YYYY-MM-DDTHH:MM:SS.`,
    };
  }
  return { ok: true, value: iso };
}

/** Integer lists, as repeated parameters (`?triggers=1&triggers=2`) or comma lists (`1,2`). */
function readIntList(url: URL, name: string): ParsedParam<Set<number> | undefined> {
  const values = url.searchParams
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (values.length === 0) return { ok: true, value: undefined };
  const numbers = values.map(Number);
  if (numbers.some((value) => !Number.isInteger(value))) {
    return { ok: false, message: `The ${name} parameter must list whole numbers.` };
  }
  return { ok: true, value: new Set(numbers) };
}

function readChoice<T>(
  url: URL,
  name: string,
  choices: Record<string, T>,
  fallback: string,
): ParsedParam<T> {
  const raw = url.searchParams.get(name) || fallback;
  const value = Object.hasOwn(choices, raw) ? choices[raw] : undefined;
  return value === undefined
    ? {
        ok: false,
        message: `The ${name} parameter must be one of: ${Object.keys(choices).join(', ')}.`,
      }
    : { ok: true, value };
}

function readGuid(url: URL, name: string): ParsedParam<string | undefined> {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return { ok: true, value: undefined };
  return isGuid(raw)
    ? { ok: true, value: raw }
    : { ok: false, message: `The ${name} parameter must be a GUID.` };
}

/** Reads the shared filter query; `/eventsWithMetadata` requires from/to and has no subtype filter. */
function readEventQuery(
  url: URL,
  db: MockDb,
  endpoint: 'ids' | 'metadata',
): ParsedParam<EventQuery> {
  const required = endpoint === 'metadata';
  const from = readSafetyDate(url, 'from', required);
  if (!from.ok) return from;
  const to = readSafetyDate(url, 'to', required);
  if (!to.ok) return to;
  if (from.value && to.value && from.value > to.value) {
    return { ok: false, message: 'The from parameter must not be later than to.' };
  }
  const dateField = readChoice(url, 'dateOption', dateOptions, 'lastUpdatedDate');
  if (!dateField.ok) return dateField;
  const sortField = readChoice(url, 'sortBy', dateOptions, 'lastUpdatedDate');
  if (!sortField.ok) return sortField;
  const direction = readChoice(url, 'sortDirection', { asc: false, desc: true }, 'desc');
  if (!direction.ok) return direction;
  const limit = readIntParam(url, 'limit', { min: 1, max: MAX_LIMIT, defaultValue: MAX_LIMIT });
  if (!limit.ok) return limit;
  const page = readIntParam(url, 'page', { min: 1, defaultValue: 1 });
  if (!page.ok) return page;
  const includeSubgroups = readBoolParam(url, 'includeSubgroups', true);
  if (!includeSubgroups.ok) return includeSubgroups;
  const groupId = readGuid(url, 'groupId');
  if (!groupId.ok) return groupId;
  const driverId = readGuid(url, 'driverId');
  if (!driverId.ok) return driverId;
  const vehicleId = readGuid(url, 'vehicleId');
  if (!vehicleId.ok) return vehicleId;
  const deviceId = url.searchParams.get('deviceId') || undefined;
  if (deviceId && deviceId.length > 50) {
    return { ok: false, message: 'The deviceId parameter must be at most 50 characters.' };
  }
  const lists: Partial<
    Record<'triggers' | 'triggerSubTypes' | 'statuses' | 'behaviors', Set<number>>
  > = {};
  const listNames = ['triggers', 'statuses', 'behaviors'] as const;
  for (const name of endpoint === 'ids' ? [...listNames, 'triggerSubTypes' as const] : listNames) {
    const list = readIntList(url, name);
    if (!list.ok) return list;
    lists[name] = list.value;
  }
  let groupIds: Set<string> | undefined;
  if (groupId.value) {
    const group = db.groups.find((candidate) => sameId(candidate.id, groupId.value));
    // An unknown group matches nothing rather than failing (`groupId` of GET /events and
    // GET /eventsWithMetadata).
    groupIds = !group
      ? new Set()
      : includeSubgroups.value
        ? groupAndDescendantIds(db, group.id)
        : new Set([group.id]);
  }
  return {
    ok: true,
    value: {
      from: from.value,
      to: to.value,
      dateField: dateField.value,
      groupIds,
      ...lists,
      driverId: driverId.value,
      vehicleId: vehicleId.value,
      deviceId,
      sortField: sortField.value,
      descending: direction.value,
      limit: limit.value ?? MAX_LIMIT,
      page: page.value ?? 1,
    },
  };
}

function matches(
  event: SafetyEventRecord,
  query: EventQuery,
  deviceIds: Set<string> | undefined,
): boolean {
  const date = event[query.dateField];
  if (query.from && date < query.from) return false;
  if (query.to && date > query.to) return false;
  if (query.groupIds && !query.groupIds.has(event.groupId)) return false;
  if (query.triggers && !query.triggers.has(event.eventTriggerId)) return false;
  if (query.triggerSubTypes && !query.triggerSubTypes.has(event.eventTriggerSubTypeId))
    return false;
  if (query.statuses && !query.statuses.has(event.eventStatusId)) return false;
  const { behaviors } = query;
  if (behaviors && !event.behaviorIds.some((id) => behaviors.has(id))) return false;
  if (query.driverId && !sameId(event.driverId, query.driverId)) return false;
  if (query.vehicleId && !sameId(event.vehicleId, query.vehicleId)) return false;
  if (deviceIds && !deviceIds.has(event.deviceId.toLowerCase())) return false;
  return true;
}

/**
 * The last filtered, sorted list, kept until the next write: reading a long list page by page
 * (1,000 at a time through 100,000 events at demoScale=100) would otherwise filter and sort
 * them all again for every page, a fifth of a second each on the page's own thread.
 */
let lastFound: { db: MockDb; writes: number; key: string; events: SafetyEventRecord[] } | null =
  null;
let writes = 0;
onDbCommit(() => {
  writes += 1;
});

/** Filtered and sorted events (ties broken by id so pages never overlap). */
function findEvents(db: MockDb, query: EventQuery): SafetyEventRecord[] {
  const { limit: _limit, page: _page, ...filters } = query;
  const key = JSON.stringify(filters, (_name, value: unknown) =>
    value instanceof Set ? [...(value as Set<unknown>)] : value,
  );
  if (lastFound && lastFound.db === db && lastFound.writes === writes && lastFound.key === key) {
    return lastFound.events;
  }
  const events = filterAndSortEvents(db, query);
  lastFound = { db, writes, key, events };
  return events;
}

function filterAndSortEvents(db: MockDb, query: EventQuery): SafetyEventRecord[] {
  let deviceIds: Set<string> | undefined;
  if (query.deviceId) {
    // deviceId takes the device's GUID or its serial number.
    const wanted = query.deviceId.toLowerCase();
    deviceIds = new Set(
      db.devices
        .filter(
          (device) =>
            device.deviceId.toLowerCase() === wanted ||
            device.serialNumber.toLowerCase() === wanted,
        )
        .map((device) => device.deviceId.toLowerCase()),
    );
  }
  const found = db.safetyEvents.filter((event) => matches(event, query, deviceIds));
  const field = query.sortField;
  const sign = query.descending ? -1 : 1;
  return found.sort((a, b) => {
    const byDate = a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0;
    return sign * (byDate || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  });
}

function lookupResponse(list: readonly LookupRecord[]): Response {
  return list.length === 0 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(list);
}

function toLookups(ids: readonly number[], list: readonly LookupRecord[]): LookupRecord[] {
  return ids.flatMap((id) => list.find((lookup) => lookup.id === id) ?? []);
}

/** The contract's SafetyEvent: lookups expanded, names and employee numbers from the users. */
function toSafetyEvent(
  db: MockDb,
  event: SafetyEventRecord,
  usersById: Map<string, MockDb['users'][number]>,
) {
  const driver = event.driverId ? usersById.get(event.driverId) : undefined;
  const coach = event.coachId ? usersById.get(event.coachId) : undefined;
  const copyNote = ({ kind: _kind, ...note }: NoteRecord) => note;
  const ofKind = (kind: NoteRecord['kind']) =>
    notes.filter((note) => note.kind === kind).map(copyNote);
  const {
    notes,
    behaviorIds,
    dynamicRiskIds,
    clip: _clip,
    deviceId: _deviceId,
    lastUpdatedDate: _updated,
    ...fields
  } = event;
  return {
    ...fields,
    notes: notes.map(copyNote),
    eventNotes: ofKind('event'),
    coachingSessionNotes: ofKind('coaching'),
    reviewNotes: ofKind('review'),
    behaviors: toLookups(behaviorIds, db.eventBehaviors),
    dynamicRisks: toLookups(dynamicRiskIds, db.dynamicRisks),
    driverFirstName: driver?.firstName ?? null,
    driverLastName: driver?.lastName ?? null,
    driverEmployeeNum: driver?.employeeId ?? null,
    coachFirstName: coach?.firstName ?? null,
    coachLastName: coach?.lastName ?? null,
    coachEmployeeNum: coach?.employeeId ?? null,
  };
}

function usersIndex(db: MockDb): Map<string, MockDb['users'][number]> {
  return new Map(db.users.map((user) => [user.userId, user]));
}

/**
 * Events by lower-case ID, kept until the next write, as the service's own index would: at
 * demoScale=100, scanning 100,000 events for each event opened (its details, then its video) took
 * a fifth of a second on the page's own thread, most of a press of "next".
 */
let eventIndex: { db: MockDb; writes: number; byId: Map<string, SafetyEventRecord> } | null = null;

function eventById(db: MockDb, id: string): SafetyEventRecord | undefined {
  if (!eventIndex || eventIndex.db !== db || eventIndex.writes !== writes) {
    const byId = new Map(db.safetyEvents.map((event) => [event.id.toLowerCase(), event]));
    eventIndex = { db, writes, byId };
  }
  // An event added without a commit (a test's own setup) is still found, by a scan.
  return (
    eventIndex.byId.get(id.toLowerCase()) ?? db.safetyEvents.find((event) => sameId(event.id, id))
  );
}

function findEvent(db: MockDb, id: string): SafetyEventRecord | undefined {
  return isGuid(id)
    ? eventById(db, id)
    : db.safetyEvents.find((event) => event.customerEventId.toLowerCase() === id.toLowerCase());
}

/** Parses a single `bytes=` range; null = no usable Range header, 'unsatisfiable' = 416. */
function readRange(
  header: string | null,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

function fileResponse(
  bytes: Uint8Array,
  request: Request,
  contentType: string,
  filename: string,
): Response {
  const size = bytes.length;
  const headers = {
    'Content-Type': contentType,
    'Accept-Ranges': 'bytes',
    'Content-Disposition': `${contentType === 'video/mp4' ? 'inline' : 'attachment'}; filename="${filename}"`,
  };
  const range = readRange(request.headers.get('Range'), size);
  if (range === 'unsatisfiable') {
    return new HttpResponse(null, {
      status: 416,
      headers: { ...headers, 'Content-Range': `bytes */${size}` },
    });
  }
  if (range) {
    return new HttpResponse(bytes.slice(range.start, range.end + 1), {
      status: 206,
      headers: {
        ...headers,
        'Content-Length': String(range.end - range.start + 1),
        'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
      },
    });
  }
  return new HttpResponse(bytes.slice(), {
    status: 200,
    headers: { ...headers, 'Content-Length': String(size) },
  });
}

/**
 * The safety-events API (Safety API, Events_* operations). Lookup routes such as
 * `/events/statuses` precede `/events/:id`, which would otherwise match them.
 */
export const safetyHandlers: RequestHandler[] = [
  http.get(
    `${BASE}/events/triggers`,
    withAuth(STYLE, ({ db }) => lookupResponse(db.eventTriggers)),
  ),
  http.get(
    `${BASE}/events/triggersubtypes`,
    withAuth(STYLE, ({ db }) => lookupResponse(db.eventTriggerSubTypes)),
  ),
  http.get(
    `${BASE}/events/statuses`,
    withAuth(STYLE, ({ db }) => lookupResponse(db.eventStatuses)),
  ),
  http.get(
    `${BASE}/events/behaviors`,
    withAuth(STYLE, ({ db }) => lookupResponse(db.eventBehaviors)),
  ),
  http.get(
    `${BASE}/events/dynamicRisks`,
    withAuth(STYLE, ({ db }) => lookupResponse(db.dynamicRisks)),
  ),

  http.get(
    `${BASE}/events`,
    withAuth(STYLE, ({ db, url }) => {
      const query = readEventQuery(url, db, 'ids');
      if (!query.ok) return badRequest(STYLE, query.message);
      const found = findEvents(db, query.value);
      const page = pageByNumber(found, query.value.limit, query.value.page);
      if (page.length === 0) return new HttpResponse(null, { status: 204 });
      return HttpResponse.json({
        totalCount: found.length,
        eventsIds: page.map((event) => event.id),
      });
    }),
  ),

  http.get(
    `${BASE}/eventsWithMetadata`,
    withAuth(STYLE, ({ db, url }) => {
      const query = readEventQuery(url, db, 'metadata');
      if (!query.ok) return badRequest(STYLE, query.message);
      const page = pageByNumber(findEvents(db, query.value), query.value.limit, query.value.page);
      if (page.length === 0) return new HttpResponse(null, { status: 204 });
      const users = usersIndex(db);
      return HttpResponse.json(page.map((event) => toSafetyEvent(db, event, users)));
    }),
  ),

  http.get<{ eventId: string }>(
    `${BASE}/events/:eventId/file`,
    withAuth(STYLE, async ({ db, url, params, request, user }) => {
      const format = url.searchParams.get('format');
      if (format !== 'mp4' && format !== 'dce') {
        return badRequest(STYLE, 'The format parameter is required and must be dce or mp4.');
      }
      if (!isGuid(params.eventId)) return badRequest(STYLE, 'The eventId must be a GUID.');
      const event = eventById(db, params.eventId);
      if (!event) return notFound(STYLE, 'Event does not exist.');
      if (user.allowSafetyEventDownload === false) {
        return errorResponse(STYLE, 403, 'Event downloads are not enabled for this user.');
      }
      if (!event.clip) return notFound(STYLE, 'File does not exist.');
      if (format === 'dce') {
        const header = {
          eventId: event.id,
          customerEventId: event.customerEventId,
          erSerialNumber: event.erSerialNumber,
          recordDateUTC: event.recordDateUTC,
          eventTriggerId: event.eventTriggerId,
        };
        return fileResponse(
          buildDceFile(header, event.id),
          request,
          'application/octet-stream',
          `${event.customerEventId}.dce`,
        );
      }
      const bytes = await loadClip(event.clip);
      if (!bytes) return notFound(STYLE, 'File does not exist.');
      return fileResponse(bytes, request, 'video/mp4', `${event.customerEventId}.mp4`);
    }),
  ),

  http.get<{ id: string }>(
    `${BASE}/events/:id`,
    withAuth(STYLE, ({ db, params }) => {
      const event = findEvent(db, params.id);
      if (!event) return notFound(STYLE, 'Event does not exist.');
      return HttpResponse.json(toSafetyEvent(db, event, usersIndex(db)));
    }),
  ),
];
