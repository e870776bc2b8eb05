import { http, HttpResponse, type RequestHandler } from 'msw';
import { searchGazetteer, type GazetteerEntry } from '../seed/gazetteer';

/** Nominatim's default and largest `limit`. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 40;
const METRES_PER_DEGREE_LATITUDE = 111_195;

const nominatimError = (status: number, message: string) =>
  HttpResponse.json({ error: { code: status, message } }, { status });

/** An entry as Nominatim's format=jsonv2 (or json) lists it: coordinates as strings. */
function toNominatim(entry: GazetteerEntry, format: 'json' | 'jsonv2') {
  const latitudeSpan = entry.halfSizeMetres / METRES_PER_DEGREE_LATITUDE;
  const longitudeSpan = latitudeSpan / Math.cos((entry.latitude * Math.PI) / 180);
  const fixed = (value: number) => value.toFixed(7);
  return {
    place_id: entry.id,
    licence: 'Demo gazetteer of Fleet Console: the demo company’s depots and their cities',
    osm_type: 'node',
    osm_id: entry.id,
    lat: fixed(entry.latitude),
    lon: fixed(entry.longitude),
    ...(format === 'jsonv2' ? { category: entry.category } : { class: entry.category }),
    type: entry.type,
    place_rank: entry.addressType === 'city' ? 16 : 30,
    importance: entry.importance,
    addresstype: entry.addressType,
    name: entry.name,
    display_name: entry.displayName,
    boundingbox: [
      fixed(entry.latitude - latitudeSpan),
      fixed(entry.latitude + latitudeSpan),
      fixed(entry.longitude - longitudeSpan),
      fixed(entry.longitude + longitudeSpan),
    ],
  };
}

/**
 * The place search at config.json's `geocoderUrl`, answered from the demo's gazetteer as a
 * Nominatim search API would: GET ?q=…&format=jsonv2&limit=…, an empty list when nothing matches.
 */
export function geocoderHandlers(geocoderUrl: string): RequestHandler[] {
  // Matched without its query string, which may carry a provider's key.
  const path = geocoderUrl.replace(/\?.*/s, '');
  return [
    http.get(path, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const format = params.get('format') ?? 'jsonv2';
      if (format !== 'jsonv2' && format !== 'json') {
        return nominatimError(
          400,
          'The demo place search answers format=jsonv2 and format=json only.',
        );
      }
      const query = params.get('q')?.trim() ?? '';
      if (!query) return nominatimError(400, 'Nothing to search for.');
      const limitParam = Number(params.get('limit') ?? DEFAULT_LIMIT);
      const limit = Number.isInteger(limitParam)
        ? Math.min(MAX_LIMIT, Math.max(1, limitParam))
        : DEFAULT_LIMIT;
      return HttpResponse.json(
        searchGazetteer(query, limit).map((entry) => toNominatim(entry, format)),
      );
    }),
  ];
}
