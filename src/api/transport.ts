import { msg } from '@lingui/core/macro';
import type { SubApiName } from '@/config/config-schema';
import { translate } from '@/i18n/translate';
import { formatClockTime, formatSeconds } from '@/lib/format';
import { abortableSleep } from './abortable-sleep';
import { abortedError, ApiError, apiErrorFromResponse, offlineError } from './api-error';
import {
  currentTime,
  isConnectionLost,
  requireSettings,
  serviceRateLimits,
  type ServiceName,
} from './client-state';
import { parseRetryAfter } from './rate-limit-hold';
import { discardBody, readTextBody } from './response-body';

/**
 * The one place that speaks HTTP: addresses, credentials, and for the console's services the
 * retries of reads (network errors, 5xx, 429 after Retry-After) and one re-authentication and
 * replay on 401. Offline (live mode only) nothing is sent: the request fails at once. What the body holds is read elsewhere (`response-body.ts`).
 */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean;
type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** The key and base address of a legacy ECM request. */
export interface EcmAccess {
  apiKey: string;
  baseUrl: string;
}

/** A request to one of the console's services, whatever its answer holds. */
export interface ServiceRequest {
  service: ServiceName;
  method?: HttpMethod;
  path: string;
  query?: QueryParams;
  /** JSON-serialised unless it is a Blob or an ArrayBuffer (then sent as octet-stream). */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Sign-in requests carry no credentials and must not trigger re-authentication. */
  anonymous?: boolean;
  /** Extra headers (e.g. Accept for files). */
  headers?: Record<string, string>;
  /** Legacy ECM only: a key and address to try instead of the saved ones (Settings' test). */
  ecmAccess?: EcmAccess | undefined;
}

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

export function serviceBaseUrl(service: ServiceName, ecmAccess?: EcmAccess): string {
  const { config, getEcmAccess } = requireSettings();
  if (service === 'auth') return config.authUrl;
  if (service === 'ecm') {
    const access = ecmAccess ?? getEcmAccess();
    if (!access) {
      throw new ApiError({
        status: 0,
        code: 'UNAUTHORIZED',
        message: translate(
          msg`The legacy vehicle-data API needs an API key and a deployment. Set them in Settings.`,
        ),
      });
    }
    return access.baseUrl;
  }
  return config.apiBaseOverrides[service] ?? `${config.baseUrl}${defaultSubApiPath[service]}`;
}

/** Absolute URL (Node's fetch in tests cannot resolve relative ones); keeps `address`'s own query. */
export function urlWithQuery(address: string, query?: QueryParams): string {
  const origin = typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
  const url = new URL(address, origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const values = Array.isArray(value) ? value : [value];
    // Arrays go as repeated parameters (OpenAPI form + explode).
    for (const item of values) url.searchParams.append(name, String(item));
  }
  return url.toString();
}

/** Why a fetch came to no answer. */
export type ExchangeFailure = {
  answered: false;
  failure: 'aborted' | 'timed-out' | 'unreachable';
  cause: unknown;
};

/** What came of one fetch: an answer (of any status), or why there was none. */
type Exchange = { answered: true; response: Response } | ExchangeFailure;

/** One fetch, with a timeout when `timeoutMs` is given; never throws. */
export async function exchange(
  url: string,
  init: RequestInit,
  options: { signal?: AbortSignal | undefined; timeoutMs?: number } = {},
): Promise<Exchange> {
  const { signal, timeoutMs } = options;
  const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  const signals = [signal, timeout].filter((each) => each !== undefined);
  try {
    const response = await fetch(url, {
      ...init,
      signal: signals.length > 1 ? AbortSignal.any(signals) : (signals[0] ?? null),
    });
    return { answered: true, response };
  } catch (cause) {
    if (signal?.aborted) return { answered: false, failure: 'aborted', cause };
    if (timeout?.aborted) return { answered: false, failure: 'timed-out', cause };
    return { answered: false, failure: 'unreachable', cause };
  }
}

const MAX_READ_ATTEMPTS = 4;

function defaultRetryDelayMs(attempt: number): number {
  const base = 400 * 3 ** (attempt - 1);
  return base + Math.round(Math.random() * base * 0.25);
}

function rateLimitMessage(retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined) {
    return translate(msg`The service is busy. Wait a moment and try again.`);
  }
  const seconds = Math.ceil(retryAfterMs / 1000);
  if (seconds > 60) {
    const time = formatClockTime(currentTime() + retryAfterMs);
    return translate(msg`The service is busy until ${time}. Try again then.`);
  }
  const wait = formatSeconds(seconds);
  return translate(msg`The service is busy. Try again in ${wait}.`);
}

function isRetriableStatus(status: number): boolean {
  return status === 500 || status === 502 || status === 503 || status === 504;
}

function encodeBody(body: unknown): { payload: BodyInit | null; contentType?: string } {
  if (body === undefined) return { payload: null };
  if (body instanceof Blob) {
    return { payload: body, contentType: body.type || 'application/octet-stream' };
  }
  if (body instanceof ArrayBuffer)
    return { payload: body, contentType: 'application/octet-stream' };
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

/**
 * Sends `request` to its service and resolves with a successful answer, its body unread. Reads are
 * retried (`onRetrying` is called before each retry); writes are never retried behind the user's
 * back. Failures become ApiErrors.
 */
export async function sendToService(
  request: ServiceRequest,
  accept: string,
  onRetrying: () => void,
): Promise<Response> {
  const current = requireSettings();
  const method = request.method ?? 'GET';
  const isRead = method === 'GET';
  const retryDelay = current.retryDelayMs ?? defaultRetryDelayMs;
  const sleep = current.sleep ?? abortableSleep;
  const usesBearer = !request.anonymous && request.service !== 'ecm' && request.service !== 'auth';
  const offlineKind = request.anonymous ? 'signIn' : isRead ? 'read' : 'change';
  let reauthenticated = false;
  if (current.serviceReady) await current.serviceReady;

  for (let attempt = 1; ; attempt++) {
    if (request.signal?.aborted) throw abortedError(request.signal.reason);
    // A write must never wait to be sent later, and a read's backoff cannot bring the network back.
    if (isConnectionLost()) throw offlineError(offlineKind);

    if (usesBearer && !reauthenticated && current.isAccessTokenExpired()) {
      await current.reauthenticate();
      reauthenticated = true;
    }

    if (isRead) await serviceRateLimits.waitFor(request.service, request.signal, sleep);

    // Outside the exchange: a missing ECM key or deployment is the user's to fix, not a network failure.
    const url = urlWithQuery(
      `${serviceBaseUrl(request.service, request.ecmAccess)}${request.path}`,
      request.query,
    );
    const sent = await exchange(
      url,
      {
        method,
        headers: serviceHeaders(request, accept, usesBearer),
        body: encodeBody(request.body).payload,
      },
      { signal: request.signal },
    );
    if (!sent.answered) {
      if (sent.failure === 'aborted') throw abortedError(sent.cause);
      if (isConnectionLost()) throw offlineError(offlineKind);
      if (isRead && attempt < MAX_READ_ATTEMPTS) {
        onRetrying();
        await sleep(retryDelay(attempt), request.signal);
        continue;
      }
      throw new ApiError({
        status: 0,
        code: 'NETWORK',
        message: translate(
          isRead
            ? msg`Cannot reach the service. Check your connection and try again.`
            : msg`Cannot reach the service, so nothing was saved. Check your connection and try again.`,
        ),
        cause: sent.cause,
      });
    }
    const { response } = sent;

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
      serviceRateLimits.hold(request.service, retryAfterMs ?? retryDelay(attempt));
      if (isRead && attempt < MAX_READ_ATTEMPTS) {
        // The wait happens at the top of the loop, shared with every other read of this service.
        onRetrying();
        await discardBody(response);
        continue;
      }
      throw new ApiError({
        status: 429,
        code: 'RATE_LIMITED',
        message: rateLimitMessage(retryAfterMs),
        retryAfterMs,
        raw: await readTextBody(response),
      });
    }

    if (isRetriableStatus(response.status) && isRead && attempt < MAX_READ_ATTEMPTS) {
      onRetrying();
      await discardBody(response);
      await sleep(retryDelay(attempt), request.signal);
      continue;
    }

    if (!response.ok) {
      throw apiErrorFromResponse(response.status, await readTextBody(response));
    }
    return response;
  }
}

function serviceHeaders(request: ServiceRequest, accept: string, usesBearer: boolean): Headers {
  const { getAccessToken, getEcmAccess } = requireSettings();
  const headers = new Headers(request.headers);
  const { contentType } = encodeBody(request.body);
  if (contentType) headers.set('Content-Type', contentType);
  if (!headers.has('Accept')) headers.set('Accept', accept);
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
