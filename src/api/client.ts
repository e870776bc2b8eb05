import type { z } from '@/api/zod';
import type { RuntimeConfig, SubApiName } from '@/config/config-schema';
import { readAnswer } from './tolerant-read';
import { formatClockTime } from '@/lib/format';
import { ApiError, apiErrorFromResponse } from './api-error';

/** Every service the console talks to: the modern sub-APIs, the token endpoint and legacy ECM. */
export type ServiceName = SubApiName | 'auth' | 'ecm';
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean;
type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** Path of each sub-API below the service base address (the `servers` URL of its OpenAPI file). */
const defaultSubApiPath: Record<SubApiName, string> = {
  users: '/v1',
  groups: '/v1',
  devices: '/v1',
  vehicles: '/v0/vehicles',
  safety: '/v0/video/safety',
  geofences: '',
  driverAssignments: '',
};

export interface ApiClientSettings {
  config: RuntimeConfig;
  /** The current bearer token, or null when signed out. */
  getAccessToken: () => string | null;
  /** True when the token is known to be past its expiry, so a request would only earn a 401. */
  isAccessTokenExpired: () => boolean;
  /** Resolves once the user has signed in again; rejects if they gave up. Single-flight. */
  reauthenticate: () => Promise<void>;
  /** The legacy ECM API key and chosen deployment, if the user has set them. */
  getEcmAccess: () => { apiKey: string; baseUrl: string } | null;
  /** Back-off before retry `attempt` (1-based). Replaceable so tests do not wait. */
  retryDelayMs?: (attempt: number) => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Requests wait for it: the demo service starts beside the first render. */
  serviceReady?: Promise<void>;
}

let settings: ApiClientSettings | null = null;

export function configureApiClient(next: ApiClientSettings): void {
  settings = next;
  rateLimitHolds.clear();
  notifyRateLimitListeners();
}

/**
 * When each service said it may be asked again (its last 429's Retry-After). Held here rather than
 * in each request's retry loop, so no read reaches that service earlier: not a replay after a
 * page remounts, not a refetch, not another page's list.
 */
const rateLimitHolds = new Map<ServiceName, number>();
const rateLimitListeners = new Set<() => void>();
let rateLimitSnapshot: number | null = null;

function currentTime(): number {
  return (settings?.now ?? Date.now)();
}

function notifyRateLimitListeners(): void {
  const now = currentTime();
  const pending = [...rateLimitHolds.values()].filter((until) => until > now);
  const next = pending.length > 0 ? Math.max(...pending) : null;
  if (next === rateLimitSnapshot) return;
  rateLimitSnapshot = next;
  for (const listener of rateLimitListeners) listener();
}

/** For the console's busy notice: until when reads wait for a rate limit, or null. */
export function getRateLimitedUntil(): number | null {
  return rateLimitSnapshot;
}

export function subscribeToRateLimit(listener: () => void): () => void {
  rateLimitListeners.add(listener);
  return () => rateLimitListeners.delete(listener);
}

function holdService(service: ServiceName, waitMs: number): void {
  const until = currentTime() + waitMs;
  if (until <= (rateLimitHolds.get(service) ?? 0)) return;
  rateLimitHolds.set(service, until);
  notifyRateLimitListeners();
  // The notice goes away on its own when the wait is over.
  void abortableSleep(waitMs + 1).then(notifyRateLimitListeners);
}

async function waitForRateLimit(
  service: ServiceName,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<void> {
  let waitedUntil = 0;
  // Again only if another 429 moved the hold while this request waited.
  for (;;) {
    const until = rateLimitHolds.get(service) ?? 0;
    const remaining = until - currentTime();
    if (until <= waitedUntil || remaining <= 0) return;
    await sleep(remaining, signal);
    waitedUntil = until;
  }
}

/**
 * How many reads are between a failed attempt (network error, 5xx, 429) and their last: the
 * page's notice says "retrying" meanwhile, rather than a spinner that says nothing for seconds.
 */
let retryingReads = 0;
const retryListeners = new Set<() => void>();

function changeRetryingReads(by: number): void {
  retryingReads += by;
  for (const listener of retryListeners) listener();
}

export function getRetryingReadCount(): number {
  return retryingReads;
}

export function subscribeToRetries(listener: () => void): () => void {
  retryListeners.add(listener);
  return () => retryListeners.delete(listener);
}

/**
 * Resolves once the demo service (when there is one) answers requests; at once otherwise. For
 * requests that do not go through apiRequest, such as the place search.
 */
export function whenServiceReady(): Promise<void> {
  return settings?.serviceReady ?? Promise.resolve();
}

function requireSettings(): ApiClientSettings {
  if (!settings) throw new Error('The API client is used before configureApiClient().');
  return settings;
}

/** The key and base address of a legacy ECM request. */
export interface EcmAccess {
  apiKey: string;
  baseUrl: string;
}

export function serviceBaseUrl(service: ServiceName, ecmAccess?: EcmAccess): string {
  const { config, getEcmAccess } = requireSettings();
  if (service === 'auth') return config.authUrl;
  if (service === 'ecm') {
    const access = ecmAccess ?? getEcmAccess();
    if (!access) {
      throw new ApiError({
        status: 0,
        code: 'UNAUTHORIZED',
        message:
          'The legacy vehicle-data API needs an API key and a deployment. Set them in Settings.',
      });
    }
    return access.baseUrl;
  }
  return config.apiBaseOverrides[service] ?? `${config.baseUrl}${defaultSubApiPath[service]}`;
}

/** Absolute URL (Node's fetch in tests cannot resolve relative ones). */
function buildUrl(
  service: ServiceName,
  path: string,
  query?: QueryParams,
  ecmAccess?: EcmAccess,
): string {
  const origin = typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
  const url = new URL(`${serviceBaseUrl(service, ecmAccess)}${path}`, origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const values = Array.isArray(value) ? value : [value];
    // Arrays go as repeated parameters (OpenAPI form + explode).
    for (const item of values) url.searchParams.append(name, String(item));
  }
  return url.toString();
}

type ResponseKind = 'json' | 'blob' | 'stream' | 'text' | 'none';

/** A `stream` response: the body as it arrives, for files too large to hold whole in the page. */
export interface StreamedBody {
  stream: ReadableStream<Uint8Array>;
  /** From Content-Length; null when the service did not say. */
  size: number | null;
  type: string;
}

/** How much of a `blob` response has arrived; `total` is null without a Content-Length. */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

export interface ApiRequest<T> {
  service: ServiceName;
  method?: HttpMethod;
  path: string;
  query?: QueryParams;
  /** JSON-serialised unless it is a Blob or an ArrayBuffer (then sent as octet-stream). */
  body?: unknown;
  /** Parses the JSON body at the boundary. Required for `json` responses. */
  schema?: z.ZodType<T>;
  /** What a 204 (or empty 200) means for this endpoint, e.g. an empty list. */
  emptyValue?: T;
  responseKind?: ResponseKind;
  signal?: AbortSignal;
  /** Sign-in requests carry no credentials and must not trigger re-authentication. */
  anonymous?: boolean;
  /** Extra headers (e.g. Accept for files). */
  headers?: Record<string, string>;
  /** For `blob` responses: called as the body streams in, so large files can show progress. */
  onProgress?: (progress: DownloadProgress) => void;
  /** Legacy ECM only: a key and address to try instead of the saved ones (Settings' test). */
  ecmAccess?: EcmAccess;
}

const MAX_READ_ATTEMPTS = 4;

function defaultRetryDelayMs(attempt: number): number {
  const base = 400 * 3 ** (attempt - 1);
  return base + Math.round(Math.random() * base * 0.25);
}

/** setTimeout fires at once for a delay past this (about 24.8 days). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Resolves after `ms`, or rejects as ABORTED when the signal fires first. */
export async function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  // A Retry-After date can lie further ahead than one timer reaches.
  let left = ms;
  do {
    const step = Math.min(left, LONGEST_TIMER_MS);
    await sleepOnce(step, signal);
    left -= step;
  } while (left > 0);
}

function sleepOnce(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal.reason));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal?.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortedError(cause?: unknown): ApiError {
  return new ApiError({ status: 0, code: 'ABORTED', message: 'The request was cancelled.', cause });
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function rateLimitMessage(retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined) return 'The service is busy. Wait a moment and try again.';
  const seconds = Math.ceil(retryAfterMs / 1000);
  if (seconds > 60) {
    return `The service is busy until ${formatClockTime(currentTime() + retryAfterMs)}. Try again then.`;
  }
  return `The service is busy. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

function isRetriableStatus(status: number): boolean {
  return status === 500 || status === 502 || status === 503 || status === 504;
}

function encodeBody(body: unknown): { payload: BodyInit | undefined; contentType?: string } {
  if (body === undefined) return { payload: undefined };
  if (body instanceof Blob) {
    return { payload: body, contentType: body.type || 'application/octet-stream' };
  }
  if (body instanceof ArrayBuffer)
    return { payload: body, contentType: 'application/octet-stream' };
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

/**
 * The one place that speaks HTTP: base URL per sub-API, credentials, retries for reads (network
 * errors, 5xx, 429 after Retry-After), one re-authentication and replay on 401, typed errors.
 * Writes are never retried behind the user's back.
 */
export async function apiRequest<T>(request: ApiRequest<T>): Promise<T> {
  let retrying = false;
  const markRetrying = () => {
    if (retrying) return;
    retrying = true;
    changeRetryingReads(1);
  };
  try {
    return await sendWithRetries(request, markRetrying);
  } finally {
    if (retrying) changeRetryingReads(-1);
  }
}

async function sendWithRetries<T>(request: ApiRequest<T>, markRetrying: () => void): Promise<T> {
  const current = requireSettings();
  const method = request.method ?? 'GET';
  const isRead = method === 'GET';
  const retryDelay = current.retryDelayMs ?? defaultRetryDelayMs;
  const sleep = current.sleep ?? abortableSleep;
  const usesBearer = !request.anonymous && request.service !== 'ecm' && request.service !== 'auth';
  let reauthenticated = false;
  if (current.serviceReady) await current.serviceReady;

  for (let attempt = 1; ; attempt++) {
    if (request.signal?.aborted) throw abortedError(request.signal.reason);

    if (usesBearer && !reauthenticated && current.isAccessTokenExpired()) {
      await current.reauthenticate();
      reauthenticated = true;
    }

    if (isRead) await waitForRateLimit(request.service, sleep, request.signal);

    // Outside the try: a missing ECM key or deployment is the user's to fix, not a network failure.
    const url = buildUrl(request.service, request.path, request.query, request.ecmAccess);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: buildHeaders(request, usesBearer),
        body: encodeBody(request.body).payload ?? null,
        signal: request.signal ?? null,
      });
    } catch (cause) {
      if (request.signal?.aborted) throw abortedError(cause);
      if (isRead && attempt < MAX_READ_ATTEMPTS) {
        markRetrying();
        await sleep(retryDelay(attempt), request.signal);
        continue;
      }
      throw new ApiError({
        status: 0,
        code: 'NETWORK',
        message: isRead
          ? 'Cannot reach the service. Check your connection and try again.'
          : 'Cannot reach the service, so nothing was saved. Check your connection and try again.',
        cause,
      });
    }

    if (response.status === 401 && usesBearer && !reauthenticated) {
      await current.reauthenticate();
      reauthenticated = true;
      attempt--; // the replay is not a retry
      continue;
    }

    if (response.status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
      // Every 429 holds the service's reads for as long as it asked, however long: a read sent
      // sooner would only meet another 429. The notice on the page says when loading resumes.
      holdService(request.service, retryAfterMs ?? retryDelay(attempt));
      if (isRead && attempt < MAX_READ_ATTEMPTS) {
        // The wait happens at the top of the loop, shared with every other read of this service.
        markRetrying();
        await safeText(response);
        continue;
      }
      throw new ApiError({
        status: 429,
        code: 'RATE_LIMITED',
        message: rateLimitMessage(retryAfterMs),
        retryAfterMs,
        raw: await safeText(response),
      });
    }

    if (isRetriableStatus(response.status) && isRead && attempt < MAX_READ_ATTEMPTS) {
      markRetrying();
      await safeText(response);
      await sleep(retryDelay(attempt), request.signal);
      continue;
    }

    if (!response.ok) {
      throw apiErrorFromResponse(response.status, await safeText(response));
    }

    return readBody(request, response);
  }
}

function buildHeaders(request: ApiRequest<unknown>, usesBearer: boolean): Headers {
  const { getAccessToken, getEcmAccess } = requireSettings();
  const headers = new Headers(request.headers);
  const { contentType } = encodeBody(request.body);
  if (contentType) headers.set('Content-Type', contentType);
  if (!headers.has('Accept')) {
    headers.set(
      'Accept',
      request.responseKind === 'blob' || request.responseKind === 'stream'
        ? '*/*'
        : 'application/json',
    );
  }
  if (usesBearer) {
    const token = getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  if (request.service === 'ecm') {
    const access = request.ecmAccess ?? getEcmAccess();
    if (access) headers.set('X-APIKey', access.apiKey);
  }
  return headers;
}

async function safeText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

async function readBody<T>(request: ApiRequest<T>, response: Response): Promise<T> {
  const kind = request.responseKind ?? 'json';
  if (kind === 'none') {
    await safeText(response);
    return undefined as T;
  }
  if (kind === 'stream') {
    const length = Number(response.headers.get('Content-Length'));
    const streamed: StreamedBody = {
      stream: response.body ?? (await response.blob()).stream(),
      size: Number.isInteger(length) && length > 0 ? length : null,
      type: response.headers.get('Content-Type') ?? '',
    };
    return streamed as T;
  }
  if (kind === 'blob') {
    const blob = request.onProgress
      ? await readBlobWithProgress(response, request.onProgress, request.signal)
      : await response.blob();
    return blob as T;
  }
  const text = await safeText(response);
  if (kind === 'text') return text as T;
  if (response.status === 204 || text.trim() === '') {
    if (request.emptyValue !== undefined) return request.emptyValue;
    throw invalidResponse('The service sent an empty response where data was expected.', text);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw invalidResponse('The service sent a response that is not valid JSON.', text, cause);
  }
  if (!request.schema) return json as T;
  const operation = `${request.method ?? 'GET'} ${request.path}`;
  const read = await readAnswer(request.schema, json, operation);
  if (!read.success) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: `The service sent data the console does not understand (${operation}).`,
      details: read.details,
      raw: text.slice(0, 2000),
    });
  }
  return read.data;
}

/** Reads the body chunk by chunk, reporting progress; falls back to blob() without a stream. */
async function readBlobWithProgress(
  response: Response,
  onProgress: (progress: DownloadProgress) => void,
  signal: AbortSignal | undefined,
): Promise<Blob> {
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isInteger(length) && length > 0 ? length : null;
  const type = response.headers.get('Content-Type') ?? '';
  onProgress({ loaded: 0, total });
  try {
    if (!response.body) {
      const blob = await response.blob();
      onProgress({ loaded: blob.size, total: blob.size });
      return blob;
    }
    const reader = response.body.getReader();
    // Not every fetch implementation errors the body on abort: cancelling ends the read loop.
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal?.addEventListener('abort', cancel, { once: true });
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let loaded = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.byteLength;
        onProgress({ loaded, total });
      }
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
    if (signal?.aborted) throw abortedError(signal.reason);
    return new Blob(chunks, { type });
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    if (signal?.aborted) throw abortedError(cause);
    throw new ApiError({
      status: 0,
      code: 'NETWORK',
      message: 'The download was interrupted. Check your connection and try again.',
      cause,
    });
  }
}

function invalidResponse(message: string, raw: string, cause?: unknown): ApiError {
  return new ApiError({
    status: 200,
    code: 'INVALID_RESPONSE',
    message,
    raw: raw.slice(0, 2000),
    cause,
  });
}
