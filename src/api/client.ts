import { retryingReads, thirdPartyTurns, whenServiceReady } from './client-state';
import type { DownloadProgress, StreamedBody } from './file-body';
import { parseRetryAfter } from './rate-limit-hold';
import { discardBody, readJsonBody, readTextBody, type JsonBodySchema } from './response-body';
import {
  exchange,
  sendToService,
  urlWithQuery,
  type ExchangeFailure,
  type QueryParams,
  type ServiceRequest,
} from './transport';

/**
 * What the api modules call: a request to one of the console's services, and what its answer
 * holds (the kind of answer decides the type it resolves with; a JSON body is only ever read
 * through the request's schema); and a request to another host's API, such as the place search.
 */

/** A JSON answer (the default), read through `schema`. */
export interface JsonRequest<T> extends ServiceRequest {
  responseKind?: 'json';
  /** Reads the JSON body at the boundary. */
  schema: JsonBodySchema<T>;
  /** What a 204 (or empty 200) means for this endpoint, e.g. an empty list. */
  emptyValue?: T;
}

export interface TextRequest extends ServiceRequest {
  responseKind: 'text';
}

export interface BlobRequest extends ServiceRequest {
  responseKind: 'blob';
  /** Called as the body streams in, so large files can show progress. */
  onProgress?: ((progress: DownloadProgress) => void) | undefined;
}

/** The body as it arrives, for files too large to hold whole in the page. */
export interface StreamRequest extends ServiceRequest {
  responseKind: 'stream';
}

/** An answer whose body means nothing (e.g. a DELETE's 204). */
export interface EmptyRequest extends ServiceRequest {
  responseKind: 'none';
}

type AnyApiRequest =
  JsonRequest<unknown> | TextRequest | BlobRequest | StreamRequest | EmptyRequest;

/**
 * Sends the request (see `sendToService` for retries, holds and re-authentication) and reads its
 * answer as its kind says. While a read is being retried, the page's notice says so.
 */
export function apiRequest<T>(request: JsonRequest<T>): Promise<T>;
export function apiRequest(request: TextRequest): Promise<string>;
export function apiRequest(request: BlobRequest): Promise<Blob>;
export function apiRequest(request: StreamRequest): Promise<StreamedBody>;
export function apiRequest(request: EmptyRequest): Promise<void>;
export async function apiRequest(request: AnyApiRequest): Promise<unknown> {
  let endRetrying: (() => void) | undefined;
  const markRetrying = () => {
    endRetrying ??= retryingReads.begin();
  };
  try {
    const response = await sendToService(request, acceptFor(request), markRetrying);
    return await readAnswerBody(request, response);
  } finally {
    endRetrying?.();
  }
}

function acceptFor(request: AnyApiRequest): string {
  return request.responseKind === 'blob' || request.responseKind === 'stream'
    ? '*/*'
    : 'application/json';
}

function readAnswerBody(request: AnyApiRequest, response: Response): Promise<unknown> {
  switch (request.responseKind) {
    case 'none':
      return discardBody(response);
    case 'text':
      return readTextBody(response);
    case 'stream':
      return import('./file-body').then((files) => files.readStreamBody(response));
    case 'blob':
      return import('./file-body').then((files) =>
        files.readBlobBody(response, request.onProgress, request.signal),
      );
    case undefined:
    case 'json':
      return readJsonBody(response, {
        schema: request.schema,
        emptyValue: request.emptyValue,
        operation: `${request.method ?? 'GET'} ${request.path}`,
      });
  }
}

/** A GET to another host's API, such as a Nominatim-compatible place search. */
export interface ThirdPartyRequest {
  /** The API's address; a key the provider needs stays in its own query. */
  url: string;
  query: QueryParams;
  /** The provider's usage policy: at most one request per this interval to the address. */
  minIntervalMs: number;
  /** How long a 429 without a Retry-After holds the address. */
  defaultRetryAfterMs: number;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

export type ThirdPartyOutcome =
  | {
      answered: true;
      response: Response;
      /** For a 429: how long the address is now held, else null. */
      heldForMs: number | null;
    }
  | ExchangeFailure;

/**
 * Sends a request to another host's API through the same exchange as the console's requests, with
 * none of their credentials (no token, no cookies) and no retries: a retry loop would break the
 * provider's rate limit, and the user can try again. Requests to an address are spaced and held
 * on their own, so the console's busy notice does not speak for them. The caller reads the
 * answer and words the failures.
 */
export async function requestThirdParty(request: ThirdPartyRequest): Promise<ThirdPartyOutcome> {
  const { url, signal } = request;
  // In demo mode the demo service answers; it must be listening first.
  await whenServiceReady();
  await thirdPartyTurns.takeTurn(url, request.minIntervalMs, signal);
  const sent = await exchange(
    urlWithQuery(url, request.query),
    {
      headers: { Accept: 'application/json' },
      // No cookies for another host; the origin (not the page's path) identifies the console, as
      // usage policies ask, even where the page's own policy sends no referrer.
      credentials: 'omit',
      referrerPolicy: 'strict-origin-when-cross-origin',
    },
    { signal, timeoutMs: request.timeoutMs },
  );
  if (!sent.answered) return sent;
  if (sent.response.status !== 429) return { ...sent, heldForMs: null };
  const heldForMs =
    parseRetryAfter(sent.response.headers.get('Retry-After')) ?? request.defaultRetryAfterMs;
  thirdPartyTurns.hold(url, heldForMs);
  return { ...sent, heldForMs };
}
