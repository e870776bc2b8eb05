import { msg } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { z } from '@/api/zod';
import { translate } from '@/i18n/translate';
import { formatSeconds } from '@/lib/format';
import { ApiError } from './api-error';
import { requestThirdParty } from './client';

/**
 * The place search ("Find a place" on the geofence map): a Nominatim-compatible search API at
 * config.json's `geocoderUrl`, called as GET ?q=…&format=jsonv2&limit=…. It is not one of the
 * service's sub-APIs (its own host, no token): it goes through the API client as another host's
 * API (`requestThirdParty`: no credentials, no retries, holds of its own), with a timeout,
 * cancellation, and a schema at the boundary.
 *
 * Nominatim's usage policy: at most one request a second, an identifying Referer, results cached.
 * Requests are spaced a second apart; the page searches on Enter or after a pause, and React Query
 * keeps every answer for the session.
 */

/** A place, as the map uses it. */
export interface Place {
  /** Stable across searches, e.g. "node/240109189". */
  id: string;
  name: string;
  /** The full address line ("Portland, Multnomah County, Oregon, United States"). */
  address: string;
  /** What the place is, in words ("City", "Warehouse"), or null. */
  kind: string | null;
  latitude: number;
  longitude: number;
}

/** Answers and waits longer than this are the search's problem, not the user's. */
const PLACE_SEARCH_TIMEOUT_MS = 10_000;
/** Nominatim's policy allows an absolute maximum of one request per second. */
export const PLACE_SEARCH_MIN_INTERVAL_MS = 1_000;
/** How long a 429 without a Retry-After holds the search. */
const PLACE_SEARCH_DEFAULT_HOLD_MS = 5_000;
const PLACE_SEARCH_LIMIT = 8;
/** Longer queries are cut: no address needs more, and the query goes into a URL. */
export const PLACE_QUERY_MAX_LENGTH = 200;

const numberFrom = (low: number, high: number) =>
  z
    .union([z.number(), z.string().trim().min(1).transform(Number)])
    .pipe(z.number().min(low).max(high));

/** One result of format=jsonv2 (format=json names `category` `class`); other fields are ignored. */
const nominatimPlaceSchema = z.object({
  place_id: z.union([z.number(), z.string()]).optional(),
  osm_type: z.string().optional(),
  osm_id: z.union([z.number(), z.string()]).optional(),
  lat: numberFrom(-90, 90),
  lon: numberFrom(-180, 180),
  name: z.string().nullish(),
  display_name: z.string().min(1),
  category: z.string().optional(),
  class: z.string().optional(),
  type: z.string().optional(),
  addresstype: z.string().optional(),
});
type NominatimPlace = z.infer<typeof nominatimPlaceSchema>;

const nominatimSearchSchema = z.array(nominatimPlaceSchema);

/** "Portland" and " portland  " are the same search, and share one cached answer. */
export function normalizePlaceQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').slice(0, PLACE_QUERY_MAX_LENGTH).toLowerCase();
}

const sentenceCase = (text: string) => {
  const words = text.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const genericPlaceTypes = new Set(['yes', 'administrative', 'unclassified', 'territorial']);

function toPlace(result: NominatimPlace, index: number): Place {
  const name = result.name?.trim() || (result.display_name.split(',')[0] ?? '').trim();
  const id =
    result.osm_type && result.osm_id !== undefined
      ? `${result.osm_type}/${result.osm_id}`
      : result.place_id !== undefined
        ? `place/${result.place_id}`
        : `result/${index}/${result.lat},${result.lon}`;
  // The type says more ("warehouse"), unless it is a generic one ("yes", "administrative").
  const kind =
    result.type && !genericPlaceTypes.has(result.type)
      ? result.type
      : (result.addresstype ?? result.type);
  return {
    id,
    name,
    address: result.display_name,
    kind: kind ? sentenceCase(kind) : null,
    latitude: result.lat,
    longitude: result.lon,
  };
}

const failure = (code: ApiError['code'], message: string, status = 0, cause?: unknown) =>
  new ApiError({ status, code, message, cause });

/** The places matching `query`, best first; an empty list when nothing matches. */
export async function searchPlaces(
  geocoderUrl: string,
  query: string,
  options: { signal?: AbortSignal; limit?: number } = {},
): Promise<Place[]> {
  const { signal, limit = PLACE_SEARCH_LIMIT } = options;
  const text = query.trim().replace(/\s+/g, ' ').slice(0, PLACE_QUERY_MAX_LENGTH);
  if (!text) return [];
  const sent = await requestThirdParty({
    url: geocoderUrl,
    query: { q: text, format: 'jsonv2', limit },
    minIntervalMs: PLACE_SEARCH_MIN_INTERVAL_MS,
    defaultRetryAfterMs: PLACE_SEARCH_DEFAULT_HOLD_MS,
    timeoutMs: PLACE_SEARCH_TIMEOUT_MS,
    signal,
  });
  if (!sent.answered) {
    const { failure: why, cause } = sent;
    if (why === 'aborted')
      throw failure('ABORTED', translate(msg`The search was cancelled.`), 0, cause);
    if (why === 'timed-out') {
      throw failure(
        'NETWORK',
        translate(msg`The place search took too long to answer. Try again.`),
        0,
        cause,
      );
    }
    throw failure(
      'NETWORK',
      translate(msg`The place search cannot be reached. Check your connection and try again.`),
      0,
      cause,
    );
  }
  const { response, heldForMs } = sent;

  if (heldForMs !== null) {
    const wait = formatSeconds(Math.max(1, Math.ceil(heldForMs / 1000)));
    throw new ApiError({
      status: 429,
      code: 'RATE_LIMITED',
      message: translate(msg`The place search is busy. Try again in ${wait}.`),
      retryAfterMs: heldForMs,
    });
  }
  if (!response.ok) {
    const { status } = response;
    throw failure(
      response.status >= 500 ? 'SERVER' : 'HTTP',
      translate(msg`The place search did not answer (HTTP ${status}). Try again in a moment.`),
      response.status,
    );
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw failure(
      'INVALID_RESPONSE',
      translate(msg`The place search sent an answer that is not JSON.`),
      200,
      cause,
    );
  }
  const parsed = nominatimSearchSchema.safeParse(body);
  if (!parsed.success) {
    throw failure(
      'INVALID_RESPONSE',
      translate(
        msg`The place search sent results the console does not understand. Is geocoderUrl a Nominatim-compatible search?`,
      ),
      200,
      parsed.error,
    );
  }
  const places = parsed.data.map(toPlace);
  // Nominatim can list one object twice (e.g. as a node and within a relation's answer).
  return places.filter(
    (place, index) => places.findIndex((other) => other.id === place.id) === index,
  );
}

export const placeKeys = {
  all: ['places'] as const,
  search: (geocoderUrl: string, query: string) =>
    [...placeKeys.all, geocoderUrl, normalizePlaceQuery(query)] as const,
};

/**
 * One search, kept for the session: places do not move, and the usage policy asks for caching.
 * Not retried on its own: the user can try again, and a retry loop would break the rate limit.
 */
export function placeSearchQueryOptions(geocoderUrl: string, query: string) {
  return queryOptions({
    queryKey: placeKeys.search(geocoderUrl, query),
    queryFn: ({ signal }) => searchPlaces(geocoderUrl, query, { signal }),
    staleTime: Infinity,
    gcTime: 60 * 60 * 1000,
    retry: false,
  });
}
