import type { MockDb, VehicleRecord } from '../db';
import { readBoolParam, readIntParam, sameId, type ParsedParam } from '../http';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Epoch ms of an ISO 8601 date or date-time (no zone = UTC); null when it is neither. */
export function parseIsoDate(raw: string): number | null {
  const text = raw.trim();
  if (DATE_ONLY.test(text)) {
    const value = Date.parse(`${text}T00:00:00Z`);
    return Number.isNaN(value) ? null : value;
  }
  if (!DATE_TIME.test(text)) return null;
  const value = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);
  return Number.isNaN(value) ? null : value;
}

export interface DateWindow {
  /** Epoch ms, inclusive; undefined = unbounded. */
  from: number | undefined;
  /** Epoch ms, exclusive; a date-only end covers that whole day. */
  to: number | undefined;
  /** The bounds as the list metadata echoes them (ISO), or null when not given. */
  startDate: string | null;
  endDate: string | null;
}

/** Reads `startDate`/`endDate` (the examples send date-only values to date-time parameters). */
function readDateWindow(url: URL): ParsedParam<DateWindow> {
  const window: DateWindow = { from: undefined, to: undefined, startDate: null, endDate: null };
  for (const name of ['startDate', 'endDate'] as const) {
    const raw = url.searchParams.get(name);
    if (raw === null || raw.trim() === '') continue;
    const value = parseIsoDate(raw);
    if (value === null)
      return { ok: false, message: `The ${name} must be an ISO 8601 date or date-time.` };
    if (name === 'startDate') {
      window.from = value;
      window.startDate = new Date(value).toISOString();
    } else {
      window.to = DATE_ONLY.test(raw.trim()) ? value + DAY_MS : value;
      window.endDate = new Date(value).toISOString();
    }
  }
  if (window.from !== undefined && window.to !== undefined && window.from >= window.to) {
    return { ok: false, message: 'The startDate must be before the endDate.' };
  }
  return { ok: true, value: window };
}

/** True when [start, end) (end null = still running) overlaps the window. */
export function overlapsWindow(window: DateWindow, start: string, end: string | null): boolean {
  if (window.to !== undefined && Date.parse(start) >= window.to) return false;
  if (window.from !== undefined && end !== null && Date.parse(end) < window.from) return false;
  return true;
}

export type SortOrder = 'asc' | 'desc';

export function readOrder(url: URL, defaultOrder: SortOrder = 'asc'): ParsedParam<SortOrder> {
  const raw = url.searchParams.get('order');
  if (raw === null || raw.trim() === '') return { ok: true, value: defaultOrder };
  const value = raw.trim().toLowerCase();
  if (value === 'asc' || value === 'desc') return { ok: true, value };
  return { ok: false, message: 'The order must be asc or desc.' };
}

/** The query of a limit/offset list over a date window (geofences, activations, assignments). */
export interface WindowedListQuery {
  limit: number | undefined;
  offset: number | undefined;
  includeSubgroups: boolean;
  window: DateWindow;
  order: SortOrder;
}

/**
 * Reads limit, offset, the subgroups flag (each service spells its name its own way), the date
 * window and order, in that order: the first bad one is the one reported, as the services do.
 */
export function readWindowedListQuery(
  url: URL,
  subgroupsParam: 'includeSubgroups' | 'includeSubGroups',
): ParsedParam<WindowedListQuery> {
  const limit = readIntParam(url, 'limit', { min: 1 });
  if (!limit.ok) return limit;
  const offset = readIntParam(url, 'offset', { min: 0 });
  if (!offset.ok) return offset;
  const includeSubgroups = readBoolParam(url, subgroupsParam, false);
  if (!includeSubgroups.ok) return includeSubgroups;
  const window = readDateWindow(url);
  if (!window.ok) return window;
  const order = readOrder(url);
  if (!order.ok) return order;
  return {
    ok: true,
    value: {
      limit: limit.value,
      offset: offset.value,
      includeSubgroups: includeSubgroups.value,
      window: window.value,
      order: order.value,
    },
  };
}

/** A non-empty, trimmed query value, or undefined. */
export function readText(url: URL, name: string): string | undefined {
  const raw = url.searchParams.get(name)?.trim();
  return raw ? raw : undefined;
}

/** Sorts by a key (strings case-insensitively, then nulls last) in the given order, stably. */
export function sortBy<T>(
  items: readonly T[],
  key: (item: T) => string | number | boolean | null,
  order: SortOrder,
): T[] {
  const direction = order === 'asc' ? 1 : -1;
  const keyed = items.map((item) => {
    const value = key(item);
    return { item, value: typeof value === 'string' ? value.toLowerCase() : value };
  });
  keyed.sort((a, b) => {
    if (a.value === b.value) return 0;
    if (a.value === null) return 1;
    if (b.value === null) return -1;
    return (a.value < b.value ? -1 : 1) * direction;
  });
  return keyed.map((entry) => entry.item);
}

/** A vehicle by its ID or its VIN (both APIs that take a vehicleIdentifier accept either). */
export function findVehicle(db: MockDb, identifier: string): VehicleRecord | undefined {
  const lower = identifier.toLowerCase();
  return db.vehicles.find(
    (vehicle) => sameId(vehicle.id, identifier) || vehicle.vin?.toLowerCase() === lower,
  );
}
