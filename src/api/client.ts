import { retryingReads } from './client-state';
import {
  discardBody,
  readBlobBody,
  readJsonBody,
  readStreamBody,
  readTextBody,
  type DownloadProgress,
  type JsonBodySchema,
  type StreamedBody,
} from './response-body';
import { sendToService, type ServiceRequest } from './transport';

/**
 * What the api modules call: a request to one of the console's services, and what its answer
 * holds. The kind of answer decides the type it resolves with; a JSON body is only ever read
 * through the request's schema.
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
      return readStreamBody(response);
    case 'blob':
      return readBlobBody(response, request.onProgress, request.signal);
    case undefined:
    case 'json':
      return readJsonBody(response, {
        schema: request.schema,
        emptyValue: request.emptyValue,
        operation: `${request.method ?? 'GET'} ${request.path}`,
      });
  }
}
