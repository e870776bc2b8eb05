import { allDepots, companyName } from './company';
import { placesByCity, type PlaceKind } from './geofences';

/**
 * The demo's own gazetteer: its depots, their cities and the freight places around them, on real
 * coordinates, so "Find a place" works offline. The demo service answers the configured place
 * search with these, shaped as Nominatim answers (see handlers/geocoder.ts).
 */
export interface GazetteerEntry {
  id: number;
  name: string;
  /** The address line, from the place out to the country. */
  displayName: string;
  /** Nominatim's class (`category` in jsonv2), type and addresstype. */
  category: string;
  type: string;
  addressType: string;
  latitude: number;
  longitude: number;
  /** 0–1, ranks equally good matches, as Nominatim's importance does. */
  importance: number;
  /** Half the width of the place's bounding box, in metres. */
  halfSizeMetres: number;
}

const stateBySubdivision: Record<string, string> = {
  'US-OR': 'Oregon',
  'US-WA': 'Washington',
  'US-ID': 'Idaho',
  'US-UT': 'Utah',
  'US-CA': 'California',
};

/** City centres (city hall or the downtown core), for a search by the city's name. */
// prettier-ignore
const cityCentres: Record<string, { county: string; latitude: number; longitude: number }> = {
  Portland: { county: 'Multnomah County', latitude: 45.5152, longitude: -122.6784 },
  Seattle: { county: 'King County', latitude: 47.6062, longitude: -122.3321 },
  Tacoma: { county: 'Pierce County', latitude: 47.2529, longitude: -122.4443 },
  Spokane: { county: 'Spokane County', latitude: 47.6588, longitude: -117.426 },
  Boise: { county: 'Ada County', latitude: 43.615, longitude: -116.2023 },
  'Salt Lake City': { county: 'Salt Lake County', latitude: 40.7608, longitude: -111.891 },
  Sacramento: { county: 'Sacramento County', latitude: 38.5816, longitude: -121.4944 },
  Oakland: { county: 'Alameda County', latitude: 37.8044, longitude: -122.2712 },
  Fresno: { county: 'Fresno County', latitude: 36.7378, longitude: -119.7871 },
};

/** How Nominatim classes each kind of freight place. */
const classOfKind: Record<PlaceKind, { category: string; type: string; addressType: string }> = {
  yard: { category: 'landuse', type: 'industrial', addressType: 'industrial' },
  port: { category: 'landuse', type: 'port', addressType: 'industrial' },
  airport: { category: 'aeroway', type: 'cargo_terminal', addressType: 'aeroway' },
  distribution: { category: 'building', type: 'warehouse', addressType: 'building' },
  rail: { category: 'landuse', type: 'railway', addressType: 'railway' },
  weighStation: { category: 'amenity', type: 'weighbridge', addressType: 'amenity' },
  truckStop: { category: 'amenity', type: 'fuel', addressType: 'amenity' },
  customer: { category: 'landuse', type: 'industrial', addressType: 'industrial' },
};

function buildGazetteer(): GazetteerEntry[] {
  const entries: Omit<GazetteerEntry, 'id'>[] = [];
  for (const depot of allDepots) {
    const state = stateBySubdivision[depot.subdivisionCode] ?? depot.subdivisionCode;
    const city = cityCentres[depot.city];
    const cityLine = `${depot.city}, ${city ? `${city.county}, ` : ''}${state}, United States`;
    if (city) {
      entries.push({
        name: depot.city,
        displayName: cityLine,
        category: 'boundary',
        type: 'administrative',
        addressType: 'city',
        latitude: city.latitude,
        longitude: city.longitude,
        importance: 0.7,
        halfSizeMetres: 12_000,
      });
    }
    entries.push({
      name: depot.groupName,
      displayName: `${depot.groupName}, ${companyName}, ${cityLine}`,
      category: 'building',
      type: 'warehouse',
      addressType: 'building',
      latitude: depot.latitude,
      longitude: depot.longitude,
      importance: 0.5,
      halfSizeMetres: 180,
    });
    for (const place of placesByCity[depot.city] ?? []) {
      entries.push({
        name: place.name,
        displayName: `${place.name}, ${cityLine}`,
        ...classOfKind[place.kind],
        latitude: place.latitude,
        longitude: place.longitude,
        importance: 0.3,
        halfSizeMetres: place.size,
      });
    }
  }
  return entries.map((entry, index) => ({ ...entry, id: 900_001 + index }));
}

const gazetteer: readonly GazetteerEntry[] = buildGazetteer();

/** Lower case without accents, so "São" finds "Sao" and the other way round. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const wordsOf = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The entries whose address holds a word starting with each word of the query, in any order:
 * those matched by their own name first, then by importance.
 */
export function searchGazetteer(query: string, limit: number): GazetteerEntry[] {
  const queryWords = wordsOf(query);
  if (queryWords.length === 0) return [];
  const scored: { entry: GazetteerEntry; score: number }[] = [];
  for (const entry of gazetteer) {
    const addressWords = wordsOf(entry.displayName);
    if (!queryWords.every((word) => addressWords.some((candidate) => candidate.startsWith(word)))) {
      continue;
    }
    const nameWords = wordsOf(entry.name);
    const byName = queryWords.every((word) =>
      nameWords.some((candidate) => candidate.startsWith(word)),
    );
    scored.push({ entry, score: (byName ? 1 : 0) + entry.importance });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.entry.name.localeCompare(b.entry.name))
    .slice(0, limit)
    .map(({ entry }) => entry);
}
