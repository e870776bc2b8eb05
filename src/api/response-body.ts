import { msg } from '@lingui/core/macro';
import type { z } from '@/api/zod';
import { translate } from '@/i18n/translate';
import { ApiError } from './api-error';

/**
 * Readers of a successful answer's body, one per kind the console asks for. Each returns what it
 * read, typed by what it did: a JSON body only through a schema.
 */

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
    throw invalidResponse(
      translate(msg`The service sent an empty response where data was expected.`),
      text,
    );
  }
  const json = parseJsonText(text);
  if (!json.ok) {
    throw invalidResponse(
      translate(msg`The service sent a response that is not valid JSON.`),
      text,
      json.cause,
    );
  }
  if (typeof read.schema === 'function') return read.schema(json.value);
  // The tolerant reader loads with the first answer read through a schema: the sign-in page,
  // which reads none, does not carry it.
  const { readAnswer } = await import('./tolerant-read');
  const answer = await readAnswer(read.schema, json.value, read.operation);
  if (!answer.success) {
    const { operation } = read;
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: translate(
        msg`The service sent data the console does not understand (${operation}).`,
      ),
      details: answer.details,
      raw: text.slice(0, 2000),
    });
  }
  return answer.data;
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
