import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translate } from '@/i18n/translate';

/** Why a request failed, in terms the pages can act on. */
export type ApiErrorCode =
  | 'NETWORK'
  /** Not sent: the browser is offline. */
  | 'OFFLINE'
  | 'ABORTED'
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'SESSION_ENDED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'SERVER'
  | 'UNAVAILABLE'
  | 'INVALID_RESPONSE'
  | 'HTTP';

interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  /** Every message the service gave (some APIs send a list). */
  details?: string[];
  /** The response text, kept for support; never shown as the error itself. */
  raw?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

/** The one error type every failed request becomes. `message` is written for people. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: string[];
  readonly raw: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.raw = init.raw;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A message for people from any thrown value. */
export function describeError(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return translate(msg`Something went wrong.`);
}

const SERVER_PROBLEM_MESSAGE = msg`The service had a problem. Try again in a moment.`;

// Descriptors, translated when an error is made: the language may change after this loads.
const fallbackMessageByStatus: Record<number, MessageDescriptor> = {
  400: msg`The service rejected the request.`,
  401: msg`Your session is no longer valid. Sign in again.`,
  403: msg`You do not have permission to do this.`,
  404: msg`Not found. It may have been deleted.`,
  409: msg`This conflicts with something that already exists.`,
  429: msg`Too many requests. Wait a moment and try again.`,
  500: SERVER_PROBLEM_MESSAGE,
  502: msg`The service is unreachable right now. Try again in a moment.`,
  503: msg`The service is unavailable right now. Try again in a moment.`,
  504: msg`The service took too long to answer. Try again in a moment.`,
};

function codeForStatus(status: number): ApiErrorCode {
  if (status === 400 || status === 422) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'UNAVAILABLE';
  if (status >= 500) return 'SERVER';
  return 'HTTP';
}

/**
 * The services disagree on error bodies: `{error, message}`, `{Error, Message}`, a message list,
 * a bare JSON string, plain text or nothing at all. This reads every one of them.
 */
export function readServiceMessages(bodyText: string): string[] {
  const text = bodyText.trim();
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Plain text: only trust short, single-line text (never an HTML error page).
    return text.length <= 300 && !text.includes('<') ? [text] : [];
  }
  if (typeof parsed === 'string') return parsed.trim() ? [parsed.trim()] : [];
  if (parsed && typeof parsed === 'object') {
    const record = parsed as Record<string, unknown>;
    const message = record.message ?? record.Message ?? record.detail ?? record.title;
    if (typeof message === 'string' && message.trim()) return [message.trim()];
    if (Array.isArray(message)) {
      return message.filter((item): item is string => typeof item === 'string' && !!item.trim());
    }
    const error = record.error ?? record.Error;
    if (typeof error === 'string' && error.trim()) return [error.trim()];
  }
  return [];
}

export function apiErrorFromResponse(
  status: number,
  bodyText: string,
  retryAfterMs?: number,
): ApiError {
  const details = readServiceMessages(bodyText);
  const code = codeForStatus(status);
  const fallback = translate(
    fallbackMessageByStatus[status] ??
      (status >= 500 ? SERVER_PROBLEM_MESSAGE : msg`The request failed (HTTP ${status}).`),
  );
  // Service wording helps for validation and conflicts; for the rest our own wording is clearer.
  const useServiceWording =
    (code === 'BAD_REQUEST' ||
      code === 'CONFLICT' ||
      code === 'FORBIDDEN' ||
      code === 'NOT_FOUND') &&
    details.length > 0;
  return new ApiError({
    status,
    code,
    message: useServiceWording ? details.join(' ') : fallback,
    details,
    raw: bodyText || undefined,
    retryAfterMs,
  });
}

/** The error of a request cancelled on purpose (its signal fired): never shown as a failure. */
export function abortedError(cause?: unknown): ApiError {
  return new ApiError({ status: 0, code: 'ABORTED', message: cancelledMessage(), cause });
}

/** The message of a request cancelled on purpose (rarely shown: cancels are not failures). */
export function cancelledMessage(): string {
  return translate(msg`The request was cancelled.`);
}

const offlineMessages = {
  read: msg`You are offline, and this was not read on this computer before: it needs the connection.`,
  change: msg`You are offline: this change needs the connection, so nothing was sent.`,
  signIn: msg`You are offline: signing in needs the connection.`,
  export: msg`You are offline: exports are made from the service, so they need the connection.`,
};

/**
 * The error of a request never sent because the browser is offline: a change is refused at once
 * (nothing was sent), and a read the cache did not hold waits for the connection, not for retries.
 */
export function offlineError(kind: keyof typeof offlineMessages): ApiError {
  return new ApiError({ status: 0, code: 'OFFLINE', message: translate(offlineMessages[kind]) });
}
