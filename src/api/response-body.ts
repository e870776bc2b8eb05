import type { z } from '@/api/zod';
import { abortedError } from './abortable-sleep';
import { ApiError } from './api-error';
import { readAnswer } from './tolerant-read';

/**
 * Readers of a successful answer's body, one per kind the console asks for. Each returns what it
 * read, typed by what it did: a JSON body only through a schema.
 */

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

/**
 * Reads a parsed JSON body: a zod schema (an answer partly off it is read tolerantly and reported),
 * or, before the sign-in page where zod would cost too much, a function that returns what it read
 * or throws an ApiError.
 */
export type JsonBodySchema<T> = z.ZodType<T> | ((json: unknown) => T);

export interface JsonBodyRead<T> {
  schema: JsonBodySchema<T>;
  /** What a 204 (or an empty 200) means for this endpoint, e.g. an empty list. */
  emptyValue?: T | undefined;
  /** "GET /users", for the messages. */
  operation: string;
}

/** The body as text; an empty string when it cannot be read (error bodies are only for support). */
export async function readTextBody(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

/** Reads and drops the body, so the connection is free again. */
export async function discardBody(response: Response): Promise<void> {
  await readTextBody(response);
}

type JsonText = { ok: true; value: unknown } | { ok: false; cause: unknown };

function parseJsonText(text: string): JsonText {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (cause) {
    return { ok: false, cause };
  }
}

export async function readJsonBody<T>(response: Response, read: JsonBodyRead<T>): Promise<T> {
  const text = await readTextBody(response);
  if (response.status === 204 || text.trim() === '') {
    if (read.emptyValue !== undefined) return read.emptyValue;
    throw invalidResponse('The service sent an empty response where data was expected.', text);
  }
  const json = parseJsonText(text);
  if (!json.ok) {
    throw invalidResponse('The service sent a response that is not valid JSON.', text, json.cause);
  }
  if (typeof read.schema === 'function') return read.schema(json.value);
  const answer = await readAnswer(read.schema, json.value, read.operation);
  if (!answer.success) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: `The service sent data the console does not understand (${read.operation}).`,
      details: answer.details,
      raw: text.slice(0, 2000),
    });
  }
  return answer.data;
}

export async function readStreamBody(response: Response): Promise<StreamedBody> {
  return {
    stream: response.body ?? (await response.blob()).stream(),
    size: contentLength(response),
    type: response.headers.get('Content-Type') ?? '',
  };
}

/** The whole body; with `onProgress`, read chunk by chunk so large files can show progress. */
export async function readBlobBody(
  response: Response,
  onProgress?: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  if (!onProgress) return response.blob();
  const total = contentLength(response);
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

function contentLength(response: Response): number | null {
  const length = Number(response.headers.get('Content-Length'));
  return Number.isInteger(length) && length > 0 ? length : null;
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
