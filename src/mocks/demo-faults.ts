import { getResponse, http, HttpResponse, type RequestHandler } from 'msw';
import { z } from '@/api/zod';
import { readStoredJson, writeStoredJson } from '@/lib/stored-json';

/** Session-storage key of the fault list; tests and demos set it, the demo service reads it. */
export const DEMO_FAULTS_KEY = 'fleet-console.demo-faults';

/**
 * One injected fault: requests whose method and path match get the fault instead of (or on top
 * of) the demo service's answer, `times` times (every time when absent).
 */
export interface DemoFault {
  method?: string;
  /** A regular expression tested against the request's path. */
  pathPattern: string;
  times?: number;
  /** `network`: the connection drops (fetch rejects). */
  kind?: 'network';
  status?: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** Sent as is, e.g. a body that is not JSON. */
  body?: string;
  /** Changes the real answer: adds a field the console does not know, or drops optional ones. */
  transform?: 'unknown-field' | 'drop-optional';
  /** For `drop-optional`: the fields to drop (every null field when absent). */
  fields?: string[];
}

export const demoFaultsSchema = z.array(
  z.object({
    method: z.string().optional(),
    pathPattern: z.string(),
    times: z.number().int().optional(),
    kind: z.literal('network').optional(),
    status: z.number().int().optional(),
    retryAfter: z.number().optional(),
    body: z.string().optional(),
    transform: z.enum(['unknown-field', 'drop-optional']).optional(),
    fields: z.array(z.string()).optional(),
  }),
) satisfies z.ZodType<DemoFault[]>;

/** Where the fault list is kept: the tab's session storage in the browser, memory in the HTTP host. */
export interface FaultList {
  read(): DemoFault[];
  write(faults: DemoFault[]): void;
}

const sessionFaultList: FaultList = {
  read: () => readStoredJson('session', DEMO_FAULTS_KEY, demoFaultsSchema, []).value,
  write: (faults) => writeStoredJson('session', DEMO_FAULTS_KEY, faults),
};

export function memoryFaultList(): FaultList {
  let faults: DemoFault[] = [];
  return {
    read: () => faults,
    write: (next) => {
      faults = next;
    },
  };
}

/** Finds the first fault for this request and uses up one of its `times`. */
function takeFault(list: FaultList, request: Request): DemoFault | undefined {
  const faults = [...list.read()];
  const path = new URL(request.url).pathname;
  const index = faults.findIndex(
    (fault) =>
      (!fault.method || fault.method.toUpperCase() === request.method) &&
      new RegExp(fault.pathPattern).test(path) &&
      (fault.times === undefined || fault.times > 0),
  );
  const fault = faults[index];
  if (!fault) return undefined;
  if (fault.times !== undefined) {
    faults[index] = { ...fault, times: fault.times - 1 };
    list.write(faults);
  }
  return fault;
}

function transformJson(value: unknown, fault: DemoFault): unknown {
  if (Array.isArray(value)) return value.map((item) => transformJson(item, fault));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value)
    .filter(([key, field]) =>
      fault.transform !== 'drop-optional'
        ? true
        : fault.fields
          ? !fault.fields.includes(key)
          : field !== null,
    )
    .map(([key, field]) => [key, transformJson(field, fault)] as const);
  if (fault.transform === 'unknown-field')
    entries.push(['demoUnknownField', 'not in the contract']);
  return Object.fromEntries(entries);
}

async function transformedResponse(
  handlers: RequestHandler[],
  request: Request,
  fault: DemoFault,
): Promise<Response | undefined> {
  const real = await getResponse(handlers, request);
  if (!real?.headers.get('Content-Type')?.includes('json')) return real;
  const body: unknown = await real.json();
  const headers = new Headers(real.headers);
  headers.delete('Content-Length');
  return new HttpResponse(JSON.stringify(transformJson(body, fault)), {
    status: real.status,
    headers,
  });
}

/**
 * Demo-only: a handler placed before all others that applies the listed faults (session storage
 * in the browser, so resilience journeys can break the service on purpose: Playwright routing
 * cannot see requests the service worker answers; the HTTP host's admin path sets its list).
 */
export function demoFaultHandler(
  handlers: RequestHandler[],
  list: FaultList = sessionFaultList,
): RequestHandler {
  return http.all('*', async ({ request }) => {
    const fault = takeFault(list, request);
    if (!fault) return undefined;
    if (fault.kind === 'network') return HttpResponse.error();
    if (fault.transform) return transformedResponse(handlers, request, fault);
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (fault.retryAfter !== undefined) headers.set('Retry-After', String(fault.retryAfter));
    const body =
      fault.body ??
      JSON.stringify({ error: 'Injected fault', message: 'A fault injected by the demo service' });
    // A body alone is a broken success; otherwise the fault is an error status.
    const status = fault.status ?? (fault.body !== undefined ? 200 : 500);
    return new HttpResponse(body, { status, headers });
  });
}
