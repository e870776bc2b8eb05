import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getResponse } from 'msw';
import { demoFaultHandler, demoFaultsSchema, memoryFaultList } from './demo-faults';
import { createFileStore } from './file-store';
import { handlers } from './handlers/index';
import { userForRequest } from './http';
import { setClipLoader } from './media';
import { clipLoaderFrom } from './media-node';
import { SEED_VERSION } from './seed/index';
import { serviceHandler } from './service-handler';
import {
  defaultMockSettings,
  mockSettingsChangeSchema,
  parseScale,
  type MockSettings,
} from './settings';
import { createLocalExclusiveRunner, createSharedDemoData } from './shared-state';
import { getDb, onDbCommit, resetMockService } from './state';

/** Paths only this host answers: the browser's demo sets the same things through its own URL and storage. */
const ADMIN_PREFIX = '/__service/';

/**
 * The header that opens the admin paths from another machine, holding the key the service prints
 * at start. From this machine they open without it, unless a proxy forwarded the request.
 */
export const ADMIN_KEY_HEADER = 'x-service-admin-key';

/** Headers a proxy adds: a request carrying one came from elsewhere, whatever socket it used. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'via'];

/**
 * The largest request body the service reads, in bytes: a dispatch schedule of 10,000 rows (the
 * console's most) is about 2.5 MB. Anything larger is refused with 413 before it is read.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The one write sent without a bearer token: signing in. */
const SIGN_IN_PATH = /\/api\/auth\/user$/i;

/** Only scale 1 is stored: the larger companies are for measuring and cost seconds per write. */
const PERSISTED_SCALE = 1;

export interface HttpServiceOptions {
  port: number;
  host?: string;
  /** Folder for the stored data; none keeps it in memory only. */
  dataDirectory?: string;
  /** Folder of the demo clips (public/demo-media). */
  mediaDirectory: string;
  settings?: Partial<MockSettings>;
  /** The admin key; a random one for each start when not given. */
  adminKey?: string;
}

export interface HttpService {
  server: Server;
  /** The address it listens on, e.g. http://127.0.0.1:4285 */
  url: string;
  /** Opens the admin paths from another machine (in the X-Service-Admin-Key header). */
  adminKey: string;
  close(): Promise<void>;
}

/** The knobs from the environment (FLEET_SERVICE_LATENCY_MS, …); unset or unreadable → default. */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv): Partial<MockSettings> {
  const number = (name: string) => {
    const raw = env[name];
    return raw === undefined || raw === '' || Number.isNaN(Number(raw)) ? undefined : Number(raw);
  };
  const scale = number('FLEET_SERVICE_SCALE');
  return Object.fromEntries(
    Object.entries({
      scale: scale === undefined ? undefined : parseScale(scale),
      latencyMs: number('FLEET_SERVICE_LATENCY_MS'),
      tokenTtlSeconds: number('FLEET_SERVICE_TOKEN_TTL_SECONDS'),
      dispatchProcessingMs: number('FLEET_SERVICE_DISPATCH_MS'),
    }).filter(([, value]) => value !== undefined),
  );
}

class BodyTooLarge extends Error {}

/** The body, read only up to `limit` bytes (as declared, then as counted). */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(request.headers['content-length']) > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  // Stopping early leaves the connection open to answer on.
  for await (const chunk of request.iterator({ destroyOnReturn: false })) {
    size += (chunk as Uint8Array).length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function toFetchRequest(
  request: IncomingMessage,
  headers: Headers,
  body: Buffer | undefined,
  origin: string,
): Request {
  const method = request.method ?? 'GET';
  return new Request(new URL(request.url ?? '/', origin), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(body ?? []),
  });
}

/** The request's path as the service reads it: decoded, so `%5F%5Fservice` is `__service`. */
function requestPath(request: IncomingMessage): string {
  const path = new URL(request.url ?? '/', 'http://service').pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const isLoopback = (address: string | undefined) =>
  !!address && (/^(::ffff:)?127\./.test(address) || address === '::1');

function sameSecret(given: string | string[] | undefined, key: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the admin paths answer this request: sent on this machine and not forwarded by a proxy,
 * or carrying the key the service printed at start.
 */
function mayAdminister(request: IncomingMessage, adminKey: string): boolean {
  if (sameSecret(request.headers[ADMIN_KEY_HEADER], adminKey)) return true;
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return !forwarded && isLoopback(request.socket.remoteAddress);
}

async function send(response: ServerResponse, answer: Response): Promise<void> {
  // An injected network fault: the connection drops with no answer.
  if (answer.type === 'error') {
    response.destroy();
    return;
  }
  const body = Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    // The body is sent whole, already decoded.
    if (name !== 'content-length' && name !== 'transfer-encoding') headers[name] = value;
  });
  headers['content-length'] = String(body.length);
  response.writeHead(answer.status, headers);
  response.end(body);
}

function json(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The demo service over HTTP: the same handlers, seeded company and fault switch as the demo in
 * the browser, answering at the paths the proxy forwards to (its handlers match any prefix). Each
 * write is stored (atomically) before it is answered, so a confirmed write outlives a kill.
 */
export async function startHttpService(options: HttpServiceOptions): Promise<HttpService> {
  let settings: MockSettings = { ...defaultMockSettings, ...options.settings };
  setClipLoader(clipLoaderFrom(options.mediaDirectory));
  // The service handler waits the latency itself, outside the lock.
  const handlerSettings = () => ({ ...settings, latencyMs: 0 });
  const faults = memoryFaultList();

  const startData = async () => {
    const persist = options.dataDirectory !== undefined && settings.scale === PERSISTED_SCALE;
    if (!persist || options.dataDirectory === undefined) {
      resetMockService(handlerSettings());
      // Seeded at start, not at the first request.
      getDb();
      return undefined;
    }
    const shared = createSharedDemoData({
      store: createFileStore(
        options.dataDirectory,
        (db) => db.seedVersion === SEED_VERSION && db.scale === PERSISTED_SCALE,
      ),
      runExclusive: createLocalExclusiveRunner(),
      getDb,
      adopt: (db) => resetMockService(handlerSettings(), db),
      onCommit: onDbCommit,
    });
    await shared.start();
    return shared;
  };

  let shared = await startData();
  let service = serviceHandler(handlers, settings.latencyMs, shared);
  let routes = [demoFaultHandler([service], faults), service];
  const rebuild = async (resetData: boolean) => {
    if (resetData && shared) await shared.reset();
    else if (resetData || !shared) shared = await startData();
    service = serviceHandler(handlers, settings.latencyMs, shared);
    routes = [demoFaultHandler([service], faults), service];
  };

  async function admin(path: string, method: string, body: Buffer): Promise<Response> {
    const parsed = (() => {
      try {
        return body.length ? (JSON.parse(body.toString('utf8')) as unknown) : undefined;
      } catch {
        return null;
      }
    })();
    if (path === 'faults') {
      if (method === 'GET') return json(200, faults.read());
      const list = demoFaultsSchema.safeParse(parsed ?? []);
      if (method !== 'PUT' || !list.success) return json(400, { message: 'PUT a list of faults' });
      faults.write(list.data);
      return json(200, faults.read());
    }
    if (path === 'settings') {
      if (method === 'GET') return json(200, settings);
      const next = mockSettingsChangeSchema.safeParse(parsed);
      if (method !== 'PUT' || !next.success) return json(400, { message: 'PUT settings' });
      const scaleChanged = next.data.scale !== undefined && next.data.scale !== settings.scale;
      settings = { ...settings, ...next.data };
      if (scaleChanged) await rebuild(true);
      else {
        resetMockService(handlerSettings(), getDb());
        await rebuild(false);
      }
      return json(200, settings);
    }
    if (path === 'reset' && method === 'POST') {
      faults.write([]);
      await rebuild(true);
      return json(200, { reset: true });
    }
    return json(404, { message: `No admin path ${path}` });
  }

  const host = options.host ?? '127.0.0.1';
  const adminKey = options.adminKey ?? randomBytes(24).toString('base64url');

  async function answer(request: IncomingMessage): Promise<Response | undefined> {
    const path = requestPath(request);
    const method = request.method ?? 'GET';
    if (path.toLowerCase().startsWith(ADMIN_PREFIX)) {
      if (!mayAdminister(request, adminKey)) {
        return json(403, {
          error: 'Forbidden',
          message: `The admin paths answer on the service's own machine, or with the ${ADMIN_KEY_HEADER} header it printed at start.`,
        });
      }
      return admin(
        path.slice(ADMIN_PREFIX.length),
        method,
        await readBody(request, MAX_BODY_BYTES),
      );
    }
    const headers = headersOf(request);
    // Who sent it is asked before the body is read: a request without a live token gets the
    // route's own 401 with its body unread.
    const readsBody =
      method !== 'GET' &&
      method !== 'HEAD' &&
      (SIGN_IN_PATH.test(path) || userForRequest({ headers }) !== null);
    const body = readsBody ? await readBody(request, MAX_BODY_BYTES) : undefined;
    return getResponse(routes, toFetchRequest(request, headers, body, `http://${host}`));
  }

  const server = createServer((request, response) => {
    void (async () => {
      try {
        const answered = await answer(request);
        await send(
          response,
          answered ?? json(404, { error: 'Not Found', message: 'No such route' }),
        );
      } catch (error) {
        if (response.headersSent) response.destroy();
        else if (error instanceof BodyTooLarge) {
          // The rest of the body is let through unkept: closing the connection on a client still
          // sending could reset it before it reads this answer.
          request.resume();
          await send(
            response,
            json(413, {
              error: 'Payload Too Large',
              message: `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`,
            }),
          );
        } else {
          await send(
            response,
            json(500, { error: 'Internal Server Error', message: String(error) }),
          );
        }
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://${host}:${port}`,
    adminKey,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
