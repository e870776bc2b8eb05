import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getResponse } from 'msw';
import { z } from '@/api/zod';
import { demoFaultHandler, demoFaultsSchema, memoryFaultList } from './demo-faults';
import { createFileStore } from './file-store';
import { handlers } from './handlers/index';
import { setClipLoader } from './media';
import { clipLoaderFrom } from './media-node';
import { SEED_VERSION } from './seed/index';
import { serviceHandler } from './service-handler';
import { defaultMockSettings, parseScale, type MockSettings } from './settings';
import { createLocalExclusiveRunner, createSharedDemoData } from './shared-state';
import { getDb, onDbCommit, resetMockService } from './state';

/** Paths only this host answers: the browser's demo sets the same things through its own URL and storage. */
const ADMIN_PREFIX = '/__service/';

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
}

export interface HttpService {
  server: Server;
  /** The address it listens on, e.g. http://127.0.0.1:4285 */
  url: string;
  close(): Promise<void>;
}

const settingsSchema = z.object({
  scale: z.union([z.literal(1), z.literal(10), z.literal(100)]).optional(),
  tokenTtlSeconds: z.number().positive().optional(),
  latencyMs: z.number().min(0).optional(),
  dispatchProcessingMs: z.number().min(0).optional(),
}) satisfies z.ZodType<Partial<MockSettings>>;

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

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function toFetchRequest(request: IncomingMessage, body: Buffer, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const method = request.method ?? 'GET';
  return new Request(new URL(request.url ?? '/', origin), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(body),
  });
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
      const next = settingsSchema.safeParse(parsed);
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
  const server = createServer((request, response) => {
    void (async () => {
      try {
        const body = await readBody(request);
        const path = new URL(request.url ?? '/', 'http://service').pathname;
        const answer = path.startsWith(ADMIN_PREFIX)
          ? await admin(path.slice(ADMIN_PREFIX.length), request.method ?? 'GET', body)
          : await getResponse(routes, toFetchRequest(request, body, `http://${host}`));
        await send(response, answer ?? json(404, { error: 'Not Found', message: 'No such route' }));
      } catch (error) {
        if (!response.headersSent) {
          await send(
            response,
            json(500, { error: 'Internal Server Error', message: String(error) }),
          );
        } else response.destroy();
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
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
