import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { geocoderHandlers } from '@/mocks/handlers/geocoder';
import { mockServer } from '@/mocks/node';
import { configureTestApiClient, serveForTest } from '@/test/test-client';
import { isApiError } from './api-error';
import {
  normalizePlaceQuery,
  PLACE_SEARCH_MIN_INTERVAL_MS,
  placeKeys,
  searchPlaces,
} from './places';

let urlCount = 0;
/** A fresh address per test: requests are spaced per address, and tests must not wait on others. */
function freshGeocoderUrl(): string {
  urlCount += 1;
  return `http://localhost/geocoder-${urlCount}/search`;
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('The search was expected to fail.');
}

describe('place search', () => {
  it('asks for jsonv2 with the query and limit, and reads the places best first', async () => {
    const url = freshGeocoderUrl();
    const requests: URL[] = [];
    mockServer.use(
      http.get(url, ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json([
          {
            place_id: 1,
            osm_type: 'relation',
            osm_id: 186579,
            lat: '45.5202471',
            lon: '-122.674194',
            category: 'boundary',
            type: 'administrative',
            addresstype: 'city',
            name: 'Portland',
            display_name: 'Portland, Multnomah County, Oregon, United States',
            extra: 'ignored',
          },
          {
            place_id: 2,
            lat: 45.5,
            lon: -122.6,
            type: 'loading_dock',
            name: null,
            display_name: 'Dock 4, Swan Island, Portland',
          },
        ]);
      }),
    );
    const places = await searchPlaces(url, '  Portland   Oregon ');
    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({
      q: 'Portland Oregon',
      format: 'jsonv2',
      limit: '8',
    });
    expect(places).toEqual([
      {
        id: 'relation/186579',
        name: 'Portland',
        address: 'Portland, Multnomah County, Oregon, United States',
        kind: 'City',
        latitude: 45.5202471,
        longitude: -122.674194,
      },
      {
        id: 'place/2',
        name: 'Dock 4',
        address: 'Dock 4, Swan Island, Portland',
        kind: 'Loading dock',
        latitude: 45.5,
        longitude: -122.6,
      },
    ]);
  });

  it('keeps a provider key that is part of the configured address', async () => {
    const url = freshGeocoderUrl();
    const requests: URL[] = [];
    mockServer.use(
      http.get(url, ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json([]);
      }),
    );
    await expect(searchPlaces(`${url}?key=abc`, 'Boise')).resolves.toEqual([]);
    expect(requests[0]!.searchParams.get('key')).toBe('abc');
    expect(requests[0]!.searchParams.get('q')).toBe('Boise');
  });

  it('sends the console’s token to no other host', async () => {
    configureTestApiClient();
    const url = freshGeocoderUrl();
    const requests = serveForTest('get', url, () => HttpResponse.json([]));
    await searchPlaces(url, 'Boise');
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
  });

  it('sends nothing for an empty query', async () => {
    await expect(searchPlaces(freshGeocoderUrl(), '   ')).resolves.toEqual([]);
  });

  it('refuses answers that are not a Nominatim result list', async () => {
    const url = freshGeocoderUrl();
    mockServer.use(http.get(url, () => HttpResponse.json({ results: [] })));
    const error = await failureOf(searchPlaces(url, 'Boise'));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toMatch(/Nominatim-compatible/);

    const offMap = freshGeocoderUrl();
    mockServer.use(
      http.get(offMap, () => HttpResponse.json([{ lat: '95', lon: '0', display_name: 'Nowhere' }])),
    );
    expect((await failureOf(searchPlaces(offMap, 'Nowhere'))).code).toBe('INVALID_RESPONSE');
  });

  it('says when the search is rate limited, and holds the next request until Retry-After', async () => {
    const url = freshGeocoderUrl();
    mockServer.use(
      http.get(url, () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '7' } })),
    );
    const error = await failureOf(searchPlaces(url, 'Boise'));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe('The place search is busy. Try again in 7 seconds.');

    // The next search waits out the hold; cancelling it sends nothing.
    const controller = new AbortController();
    const waiting = searchPlaces(url, 'Fresno', { signal: controller.signal });
    controller.abort();
    expect((await failureOf(waiting)).code).toBe('ABORTED');
  });

  it('names a server failure and an unreachable search in words', async () => {
    const url = freshGeocoderUrl();
    mockServer.use(http.get(url, () => new HttpResponse('oops', { status: 503 })));
    const error = await failureOf(searchPlaces(url, 'Boise'));
    expect(error.code).toBe('SERVER');
    expect(error.message).toMatch(/HTTP 503/);

    const unreachable = freshGeocoderUrl();
    mockServer.use(http.get(unreachable, () => HttpResponse.error()));
    const network = await failureOf(searchPlaces(unreachable, 'Boise'));
    expect(network.code).toBe('NETWORK');
    expect(network.message).toMatch(/cannot be reached/);
  });

  it('spaces requests to one a second, as the usage policy asks', async () => {
    const url = freshGeocoderUrl();
    const sentAt: number[] = [];
    mockServer.use(
      http.get(url, () => {
        sentAt.push(Date.now());
        return HttpResponse.json([]);
      }),
    );
    await Promise.all([searchPlaces(url, 'Boise'), searchPlaces(url, 'Fresno')]);
    expect(sentAt).toHaveLength(2);
    // A few milliseconds of timer slack.
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(PLACE_SEARCH_MIN_INTERVAL_MS - 20);
  });

  it('caches by the query as a person reads it', () => {
    expect(normalizePlaceQuery('  Portland   DEPOT ')).toBe('portland depot');
    expect(placeKeys.search('u', 'Portland Depot')).toEqual(
      placeKeys.search('u', 'portland  depot'),
    );
  });
});

describe('the demo place search', () => {
  it('answers from the gazetteer as Nominatim does: the city and the depot for "Portland"', async () => {
    const url = freshGeocoderUrl();
    mockServer.use(...geocoderHandlers(url));
    const places = await searchPlaces(url, 'portland');
    expect(places.slice(0, 2).map((place) => [place.name, place.kind])).toEqual([
      ['Portland', 'City'],
      ['Portland Depot', 'Warehouse'],
    ]);
    expect(places[1]).toMatchObject({ latitude: 45.5543, longitude: -122.6757 });
    expect(places.length).toBeLessThanOrEqual(8);
    expect(places.every((place) => place.address.includes('Portland'))).toBe(true);
  });

  it('matches every word in any order, without accents or case, and finds nothing for a stranger', async () => {
    const url = freshGeocoderUrl();
    mockServer.use(...geocoderHandlers(url));
    const [first] = await searchPlaces(url, 'DEPOT fres');
    expect(first?.name).toBe('Fresno Depot');
    const elsewhere = freshGeocoderUrl();
    mockServer.use(...geocoderHandlers(elsewhere));
    expect(await searchPlaces(elsewhere, 'Atlantis')).toEqual([]);
  });
});
