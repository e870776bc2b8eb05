import { describe, expect, it } from 'vitest';
import type { Geofence } from '@/api/geofences';
import {
  defaultImportName,
  geofencesToFeatureCollection,
  parseGeofenceGeoJson,
  type GeofenceImportParse,
} from './geofence-geojson';
import { distanceMetres, geographyFromShape } from './geofence-shape';

const yard: Geofence = {
  geofenceId: '8A1B2C3D-0000-4000-8000-000000000001',
  name: 'Portland Depot Yard',
  groupId: 'group-1',
  groupName: 'Portland Depot',
  isInside: true,
  includeSubGroups: true,
  color: '#1C7ED6',
  geofenceGeography: {
    shapeType: 1,
    radius: 0,
    points: [
      { latitude: 45.5301, longitude: -122.6801 },
      { latitude: 45.5312, longitude: -122.6754 },
      { latitude: 45.5279, longitude: -122.6733 },
      { latitude: 45.5265, longitude: -122.6789 },
    ],
  },
};
const airport: Geofence = {
  geofenceId: '8A1B2C3D-0000-4000-8000-000000000002',
  name: 'PDX Air Cargo Center',
  isInside: false,
  color: '#5F3DC4',
  geofenceGeography: {
    shapeType: 2,
    radius: 0,
    points: [
      { latitude: 45.5961, longitude: -122.6091 },
      { latitude: 45.5961, longitude: -122.5989 },
      { latitude: 45.5889, longitude: -122.5989 },
      { latitude: 45.5889, longitude: -122.6091 },
    ],
  },
};
const truckStop: Geofence = {
  geofenceId: '8A1B2C3D-0000-4000-8000-000000000003',
  name: 'Jubitz Travel Center',
  color: '#C92A2A',
  geofenceGeography: {
    shapeType: 3,
    radius: 250,
    points: [{ latitude: 45.6025, longitude: -122.6795 }],
  },
};

function expectParsed(result: GeofenceImportParse) {
  if (!result.ok) throw new Error(`expected a parse, got: ${result.message}`);
  return result;
}

const feature = (geometry: unknown, properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  geometry,
  properties,
});
const square = [
  [
    [-122.68, 45.52],
    [-122.67, 45.52],
    [-122.67, 45.53],
    [-122.68, 45.53],
    [-122.68, 45.52],
  ],
];

describe('geofencesToFeatureCollection (contract geography → GeoJSON)', () => {
  const { collection, skipped } = geofencesToFeatureCollection([yard, airport, truckStop]);

  it('writes a FeatureCollection of Polygon features', () => {
    expect(skipped).toEqual([]);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((item) => item.geometry.type)).toEqual([
      'Polygon',
      'Polygon',
      'Polygon',
    ]);
  });

  it('puts longitude first and closes the ring', () => {
    const ring = collection.features[0]!.geometry.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual([-122.6801, 45.5301]);
    expect(ring.at(-1)).toEqual(ring[0]);
  });

  it('carries the name, colour, direction and shape type in properties', () => {
    expect(collection.features[0]!.properties).toMatchObject({
      name: 'Portland Depot Yard',
      geofenceId: yard.geofenceId,
      shapeType: 1,
      color: '#1C7ED6',
      isInside: true,
      groupName: 'Portland Depot',
    });
    expect(collection.features[1]!.properties).toMatchObject({ shapeType: 2, isInside: false });
    expect(collection.features[0]!.id).toBe(yard.geofenceId);
  });

  it('writes a circle as a 64-corner polygon with its radius and centre', () => {
    const circle = collection.features[2]!;
    expect(circle.properties).toMatchObject({
      shapeType: 3,
      radius: 250,
      center: [-122.6795, 45.6025],
    });
    const ring = circle.geometry.coordinates[0]!;
    expect(ring).toHaveLength(65);
    for (const [longitude, latitude] of ring) {
      const distance = distanceMetres(
        { latitude: 45.6025, longitude: -122.6795 },
        { latitude, longitude },
      );
      expect(distance).toBeGreaterThan(249.5);
      expect(distance).toBeLessThan(250.5);
    }
  });

  it('skips a geofence without a usable geography and says which', () => {
    const broken: Geofence = { geofenceId: 'x', name: 'Broken', geofenceGeography: null };
    expect(geofencesToFeatureCollection([broken]).skipped).toEqual(['Broken']);
  });
});

describe('parseGeofenceGeoJson (GeoJSON → contract geography)', () => {
  it('reads a polygon, dropping the closing corner and swapping to latitude/longitude', () => {
    const result = expectParsed(
      parseGeofenceGeoJson(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            feature(
              { type: 'Polygon', coordinates: square },
              { name: 'Yard', color: '#2b8a3e', isInside: false },
            ),
          ],
        }),
      ),
    );
    expect(result.problems).toEqual([]);
    expect(result.candidates).toHaveLength(1);
    const [candidate] = result.candidates;
    expect(candidate).toMatchObject({
      name: 'Yard',
      defaultName: false,
      color: '#2B8A3E',
      isInside: false,
    });
    expect(geographyFromShape(candidate!.shape)).toEqual({
      shapeType: 1,
      radius: 0,
      points: [
        { latitude: 45.52, longitude: -122.68 },
        { latitude: 45.52, longitude: -122.67 },
        { latitude: 45.53, longitude: -122.67 },
        { latitude: 45.53, longitude: -122.68 },
      ],
    });
  });

  it('makes one geofence per polygon of a MultiPolygon', () => {
    const shifted = [square[0]!.map(([longitude, latitude]) => [longitude! + 1, latitude!])];
    const result = expectParsed(
      parseGeofenceGeoJson(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            feature({ type: 'MultiPolygon', coordinates: [square, shifted] }, { name: 'Docks' }),
          ],
        }),
      ),
    );
    expect(result.candidates.map((candidate) => candidate.name)).toEqual([
      'Docks (part 1 of 2)',
      'Docks (part 2 of 2)',
    ]);
  });

  it('names each refused feature by position and name, and keeps the valid ones', () => {
    const result = expectParsed(
      parseGeofenceGeoJson(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            feature({ type: 'Polygon', coordinates: square }, { name: 'Good' }),
            feature(
              {
                type: 'Polygon',
                coordinates: [
                  [
                    [0, 0],
                    [1, 1],
                    [1, 0],
                    [0, 1],
                    [0, 0],
                  ],
                ],
              },
              { name: 'Bow tie' },
            ),
            feature(
              {
                type: 'LineString',
                coordinates: [
                  [0, 0],
                  [1, 1],
                ],
              },
              { name: 'Road' },
            ),
            feature({
              type: 'Polygon',
              coordinates: [
                [
                  [0, 0],
                  [1, 1],
                  [0, 0],
                ],
              ],
            }),
            feature({ type: 'Polygon', coordinates: [...square, square[0]] }, { name: 'Ring' }),
            feature(
              {
                type: 'Polygon',
                coordinates: [
                  [
                    [0, 0],
                    [1, 95],
                    [1, 0],
                    [0, 0],
                  ],
                ],
              },
              { name: 7 },
            ),
            feature({ type: 'Polygon', coordinates: [[['a', 0]]] }, { name: 'Text' }),
            feature(null, { name: 'Empty' }),
            { type: 'Point' },
            feature({ type: 'Polygon', coordinates: square }, { name: 'n'.repeat(101) }),
          ],
        }),
      ),
    );
    expect(result.featureCount).toBe(10);
    expect(result.candidates.map((candidate) => candidate.name)).toEqual(['Good']);
    expect(result.problems.map((problem) => `${problem.label} ${problem.message}`)).toEqual([
      'Feature 2 “Bow tie” The outline crosses itself. Move the corners so that no two edges cross.',
      'Feature 3 “Road” is a LineString, not a polygon. Only Polygon and MultiPolygon features can be imported.',
      'Feature 4 (no name) A polygon needs at least 3 corners; this one has 2.',
      'Feature 5 “Ring” has a hole, and a geofence is a single outline without holes.',
      'Feature 6 “7” Corner 2 is off the map: latitude 95 is not between -90 and 90.',
      'Feature 7 “Text” has malformed coordinates: each corner must be [longitude, latitude].',
      'Feature 8 “Empty” has no geometry.',
      'Feature 9 (no name) is not a GeoJSON Feature.',
      `Feature 10 “${'n'.repeat(101)}” has an unusable name. Use at most 100 characters (this name has 101).`,
    ]);
  });

  it('refuses a box across the antimeridian by name instead of importing a band round the world', () => {
    const fiji = [
      [
        [179.5, -17],
        [-179.5, -17],
        [-179.5, -16],
        [179.5, -16],
        [179.5, -17],
      ],
    ];
    const result = expectParsed(
      parseGeofenceGeoJson(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            feature({ type: 'Polygon', coordinates: fiji }, { name: 'Fiji', shapeType: 2 }),
            feature({ type: 'Polygon', coordinates: square }, { name: 'Good' }),
          ],
        }),
      ),
    );
    expect(result.candidates.map((candidate) => candidate.name)).toEqual(['Good']);
    expect(result.problems).toEqual([
      {
        featureNumber: 1,
        label: 'Feature 1 “Fiji”',
        message: expect.stringMatching(/crosses the 180° meridian/),
      },
    ]);
  });

  it('names a feature without a name by its position', () => {
    const result = expectParsed(
      parseGeofenceGeoJson(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            feature({ type: 'Polygon', coordinates: square }, { name: 'First' }),
            feature({ type: 'Polygon', coordinates: square }, { name: '  ' }),
          ],
        }),
      ),
    );
    expect(result.candidates[1]).toMatchObject({
      name: defaultImportName(2),
      defaultName: true,
    });
    expect(defaultImportName(2)).toBe('Imported geofence 2');
  });

  it('accepts a single Feature', () => {
    const result = expectParsed(
      parseGeofenceGeoJson(JSON.stringify(feature({ type: 'Polygon', coordinates: square }))),
    );
    expect(result.candidates).toHaveLength(1);
  });

  it('refuses a circle property with a zero radius', () => {
    const result = expectParsed(
      parseGeofenceGeoJson(
        JSON.stringify(
          feature(
            { type: 'Polygon', coordinates: square },
            { name: 'Dot', shapeType: 3, radius: 0, center: [-122.6, 45.5] },
          ),
        ),
      ),
    );
    expect(result.problems[0]?.message).toBe('The circle needs a radius greater than 0 m.');
  });

  it('explains a file that is not GeoJSON', () => {
    expect(parseGeofenceGeoJson('name,latitude\nYard,45')).toEqual({
      ok: false,
      message: 'The file is not valid JSON, so it cannot be GeoJSON.',
    });
    expect(parseGeofenceGeoJson('{"type":"Polygon","coordinates":[]}')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a GeoJSON FeatureCollection/),
    });
    expect(parseGeofenceGeoJson('{"type":"FeatureCollection"}')).toMatchObject({ ok: false });
  });
});

describe('round trip', () => {
  it('imports an export back to the same geographies, names and colours', () => {
    const { collection } = geofencesToFeatureCollection([yard, airport, truckStop]);
    const result = expectParsed(parseGeofenceGeoJson(JSON.stringify(collection)));
    expect(result.problems).toEqual([]);
    expect(result.candidates.map((candidate) => geographyFromShape(candidate.shape))).toEqual(
      [yard, airport, truckStop].map((geofence) => geofence.geofenceGeography),
    );
    expect(result.candidates.map((candidate) => [candidate.name, candidate.color])).toEqual([
      ['Portland Depot Yard', '#1C7ED6'],
      ['PDX Air Cargo Center', '#5F3DC4'],
      ['Jubitz Travel Center', '#C92A2A'],
    ]);
    expect(result.candidates.map((candidate) => candidate.isInside)).toEqual([true, false, null]);
  });

  it('keeps a circle a circle only while its radius and centre survive', () => {
    const { collection } = geofencesToFeatureCollection([truckStop]);
    const circle = collection.features[0]!;
    const edited = { ...circle, properties: { ...circle.properties, radius: undefined } };
    const result = expectParsed(parseGeofenceGeoJson(JSON.stringify(edited)));
    expect(result.candidates[0]?.shape.kind).toBe('polygon');
  });
});
