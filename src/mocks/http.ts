import {
  delay,
  HttpResponse,
  type DefaultBodyType,
  type HttpResponseResolver,
  type PathParams,
} from 'msw';
import { sameId as sameIdOrBothMissing } from '@/lib/guid';
import type { MockDb, UserRecord } from './db';
import { getDb, getMockSettings } from './state';

/** The role that opens the group routes (seeded in the roles list under this ID). */
export const GROUP_MANAGER_ROLE_ID = 5;

/**
 * How each sub-API answers errors (the error responses in each API's OpenAPI file):
 * - `plain`: users, groups, devices: 401/403 empty text/plain, others JSON `{error, message}`;
 * - `geofence`: every error JSON `{error, message}`;
 * - `bodiless`: vehicles, safety: 401/403 with no body, others JSON `{error, message}`;
 * - `pascal`: driver assignments: `{Error, Message}`, 401/403 with no body.
 */
export type ErrorStyle = 'plain' | 'geofence' | 'bodiless' | 'pascal';

const errorTitle: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

export function errorResponse(style: ErrorStyle, status: number, message: string): Response {
  if (status === 401 || status === 403) {
    if (style === 'plain') {
      return new HttpResponse(null, { status, headers: { 'Content-Type': 'text/plain' } });
    }
    if (style === 'bodiless' || style === 'pascal') return new HttpResponse(null, { status });
  }
  const title = errorTitle[status] ?? 'Error';
  const body = style === 'pascal' ? { Error: title, Message: message } : { error: title, message };
  return HttpResponse.json(body, { status });
}

export const badRequest = (style: ErrorStyle, message: string) =>
  errorResponse(style, 400, message);
export const notFound = (style: ErrorStyle, message = 'No information found') =>
  errorResponse(style, 404, message);
export const conflict = (style: ErrorStyle, message: string) => errorResponse(style, 409, message);
/** A write outside the caller's groups or roles (the message shows only where the style has a body). */
export const forbidden = (style: ErrorStyle, message: string) => errorResponse(style, 403, message);

interface AuthedInfo<Params extends PathParams> {
  request: Request;
  params: Params;
  user: UserRecord;
  db: MockDb;
  url: URL;
}

type AuthedResolver<Params extends PathParams> = (
  info: AuthedInfo<Params>,
) => Response | Promise<Response>;

/** Adds the simulated latency of the demo (zero in tests). */
export async function simulateLatency(): Promise<void> {
  const { latencyMs } = getMockSettings();
  if (latencyMs > 0) await delay(latencyMs);
}

/** The signed-in user behind a bearer token, or null when the token is missing, unknown or expired. */
export function userForRequest(
  request: Pick<Request, 'headers'>,
  db: MockDb = getDb(),
): UserRecord | null {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return null;
  const token = db.tokens.find((candidate) => candidate.token === match[1]);
  if (!token || token.expiresAt <= Date.now()) return null;
  return db.users.find((user) => user.userId === token.userId) ?? null;
}

function isGroupManager(user: UserRecord): boolean {
  return user.groupRoles.some((role) => role.roleId === GROUP_MANAGER_ROLE_ID);
}

/** Wraps a resolver with the service's bearer check (and the Group Manager check if asked). */
export function withAuth<Params extends PathParams = PathParams>(
  style: ErrorStyle,
  resolver: AuthedResolver<Params>,
  options: { requireGroupManager?: boolean } = {},
): HttpResponseResolver<Params, DefaultBodyType, DefaultBodyType> {
  return async ({ request, params }) => {
    await simulateLatency();
    const db = getDb();
    const user = userForRequest(request, db);
    if (!user) {
      return style === 'geofence'
        ? HttpResponse.json({ error: 'Unauthorized', message: 'Access denied' }, { status: 401 })
        : errorResponse(style, 401, 'Unauthorized');
    }
    if (options.requireGroupManager && !isGroupManager(user)) {
      return style === 'geofence'
        ? HttpResponse.json({ error: 'Forbidden', message: 'Non-permitted user' }, { status: 403 })
        : errorResponse(style, 403, 'Forbidden');
    }
    return resolver({ request, params, user, db, url: new URL(request.url) });
  };
}

/**
 * Case-insensitive GUID comparison (the service accepts either case). Unlike the console's
 * `sameId`, a missing ID matches nothing: the service finds no record by an absent ID.
 */
export function sameId(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && sameIdOrBothMissing(a, b);
}

export { isGuid } from '@/lib/guid';

export type ParsedParam<T> = { ok: true; value: T } | { ok: false; message: string };

/** Reads an integer query parameter within bounds; absent → the default. */
export function readIntParam(
  url: URL,
  name: string,
  bounds: { min?: number; max?: number; defaultValue: number },
): ParsedParam<number>;
export function readIntParam(
  url: URL,
  name: string,
  bounds: { min?: number; max?: number; defaultValue?: number },
): ParsedParam<number | undefined>;
export function readIntParam(
  url: URL,
  name: string,
  bounds: { min?: number; max?: number; defaultValue?: number },
): ParsedParam<number | undefined> {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return { ok: true, value: bounds.defaultValue };
  const value = Number(raw);
  if (!Number.isInteger(value))
    return { ok: false, message: `The ${name} must be a whole number.` };
  if (bounds.min !== undefined && value < bounds.min) {
    return { ok: false, message: `The ${name} must be at least ${bounds.min}.` };
  }
  if (bounds.max !== undefined && value > bounds.max) {
    return { ok: false, message: `The ${name} must be at most ${bounds.max}.` };
  }
  return { ok: true, value };
}

/** Reads a boolean query parameter ("true"/"false", any case); absent → the default. */
export function readBoolParam(url: URL, name: string, defaultValue: boolean): ParsedParam<boolean> {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return { ok: true, value: defaultValue };
  if (/^true$/i.test(raw)) return { ok: true, value: true };
  if (/^false$/i.test(raw)) return { ok: true, value: false };
  return { ok: false, message: `The ${name} must be true or false.` };
}

/** Reads a JSON request body; null when it is not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return null;
  }
}

/** limit/offset paging (users, groups, devices, geofences, activations, driver assignments). */
export function pageByOffset<T>(
  items: readonly T[],
  limit: number | undefined,
  offset: number | undefined,
): T[] {
  const start = offset ?? 0;
  return items.slice(start, limit === undefined ? undefined : start + limit);
}

/** limit/page paging (vehicles, safety events); page is 1-based. */
export function pageByNumber<T>(items: readonly T[], limit: number, page: number): T[] {
  return items.slice((page - 1) * limit, page * limit);
}

/** Ids of the group and every group below it. */
export function groupAndDescendantIds(db: MockDb, groupId: string): Set<string> {
  const root = db.groups.find((group) => sameId(group.id, groupId));
  if (!root) return new Set();
  const childrenByParent = new Map<string, string[]>();
  for (const group of db.groups) {
    if (group.id === group.parentId) continue;
    const siblings = childrenByParent.get(group.parentId);
    if (siblings) siblings.push(group.id);
    else childrenByParent.set(group.parentId, [group.id]);
  }
  const ids = new Set<string>([root.id]);
  const stack = [root.id];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    for (const child of childrenByParent.get(id) ?? []) {
      if (!ids.has(child)) {
        ids.add(child);
        stack.push(child);
      }
    }
  }
  return ids;
}
