import { describe, expect, it } from 'vitest';
import {
  boundsOfPoints,
  boundsForMap,
  cannotBeDrawn,
  isOnMap,
  positionProblem,
  shapeProblem,
  type MapPoint,
} from './map-shape';

/** .NET's smallest double, as the vendor's OpenAPI example geofence has for a corner. */
const DOTNET_MIN_DOUBLE = -1.7976931348623157e308;

const portland: MapPoint = { latitude: 45.5152, longitude: -122.6784 };
const triangle: MapPoint[] = [
  portland,
  { latitude: 45.52, longitude: -122.67 },
  { latitude: 45.51, longitude: -122.66 },
];

describe('isOnMap', () => {
  it('takes the edges of the map and refuses anything beyond or not finite', () => {
    expect(isOnMap({ latitude: 90, longitude: 180 })).toBe(true);
    expect(isOnMap({ latitude: -90, longitude: -180 })).toBe(true);
    for (const [latitude, longitude] of [
      [91, 0],
      [0, 181],
      [-90.000001, 0],
      [DOTNET_MIN_DOUBLE, DOTNET_MIN_DOUBLE],
      [Number.NaN, 0],
      [0, Number.POSITIVE_INFINITY],
      [Number.NEGATIVE_INFINITY, 10],
    ] as const) {
      expect(isOnMap({ latitude, longitude }), `${latitude}, ${longitude}`).toBe(false);
    }
  });
});

describe('shapeProblem', () => {
  it('draws an ordinary polygon, rectangle and circle', () => {
    expect(shapeProblem({ kind: 'polygon', points: triangle })).toBeNull();
    expect(
      shapeProblem({
        kind: 'square',
        points: [
          { latitude: 45, longitude: -122 },
          { latitude: 45, longitude: -121 },
          { latitude: 44, longitude: -121 },
          { latitude: 44, longitude: -122 },
        ],
      }),
    ).toBeNull();
    expect(shapeProblem({ kind: 'circle', center: portland, radius: 250 })).toBeNull();
  });

  it('refuses the vendor example geofence, whose corner is .NET’s smallest double', () => {
    const vendorExample = {
      kind: 'polygon' as const,
      points: [...triangle, { latitude: DOTNET_MIN_DOUBLE, longitude: DOTNET_MIN_DOUBLE }],
    };
    expect(shapeProblem(vendorExample)).toBe('its outline is outside the map');
    expect(
      shapeProblem({
        kind: 'circle',
        center: { latitude: DOTNET_MIN_DOUBLE, longitude: DOTNET_MIN_DOUBLE },
        radius: 5,
      }),
    ).toBe('its outline is outside the map');
  });

  it('refuses corners beyond ±90 latitude or ±180 longitude, or not finite', () => {
    for (const corner of [
      { latitude: 91, longitude: -122 },
      { latitude: 45, longitude: 181 },
      { latitude: Number.NaN, longitude: -122 },
      { latitude: 45, longitude: Number.POSITIVE_INFINITY },
    ]) {
      expect(shapeProblem({ kind: 'polygon', points: [...triangle, corner] })).toBe(
        'its outline is outside the map',
      );
    }
  });

  it('refuses a polygon with fewer than three distinct corners, however often they repeat', () => {
    const [a, b] = triangle as [MapPoint, MapPoint];
    expect(shapeProblem({ kind: 'polygon', points: [a, b, a] })).toBe(
      'its outline has 2 corners; an area needs at least 3',
    );
    expect(shapeProblem({ kind: 'polygon', points: [a, b, a, b, a] })).toBe(
      'its outline has 2 corners; an area needs at least 3',
    );
    expect(shapeProblem({ kind: 'square', points: [a, a, a, a] })).toBe(
      'its outline has 1 corner; an area needs at least 3',
    );
    expect(shapeProblem({ kind: 'polygon', points: [] })).toBe(
      'its outline has no corners; an area needs at least 3',
    );
  });

  it('refuses a circle whose radius is not a positive number', () => {
    for (const radius of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(shapeProblem({ kind: 'circle', center: portland, radius }), String(radius)).toBe(
        'its radius is not a positive number',
      );
    }
    expect(shapeProblem({ kind: 'circle', center: portland, radius: 1e308 })).toBe(
      'its radius is larger than the Earth',
    );
  });

  it('says so when there is no outline at all', () => {
    expect(shapeProblem(null)).toBe('it has no outline');
    expect(cannotBeDrawn('it has no outline')).toBe('Cannot be drawn: it has no outline');
  });
});

describe('positionProblem', () => {
  it('places a real position, and says why it cannot place the others', () => {
    expect(positionProblem(45.5, -122.6)).toBeNull();
    expect(positionProblem(DOTNET_MIN_DOUBLE, DOTNET_MIN_DOUBLE)).toBe(
      'its position is outside the map',
    );
    expect(positionProblem(91, 0)).toBe('its position is outside the map');
    expect(positionProblem(0, 181)).toBe('its position is outside the map');
    expect(positionProblem(Number.NaN, 10)).toBe('its position is outside the map');
    expect(positionProblem(0, 0)).toMatch(/GPS without a fix/);
    expect(positionProblem(null, -122)).toBe('it has no position');
    expect(positionProblem(45, undefined)).toBe('it has no position');
  });
});

describe('bounds', () => {
  it('fits bounds clamped into the map, and never bounds that are not finite', () => {
    const box = boundsOfPoints(triangle);
    expect(boundsForMap(box)).toEqual(box);
    expect(boundsForMap({ south: 88, west: 170, north: 93, east: 185 })).toEqual({
      south: 88,
      west: 170,
      north: 90,
      east: 180,
    });
    expect(boundsForMap(null)).toBeNull();
    expect(
      boundsForMap({ south: DOTNET_MIN_DOUBLE * 10, west: -122, north: 45, east: -121 }),
    ).toBeNull();
    expect(boundsForMap({ south: 45, west: Number.NaN, north: 46, east: -121 })).toBeNull();
    expect(boundsForMap({ south: 46, west: -122, north: 45, east: -121 })).toBeNull();
  });

  it('boxes the points given', () => {
    expect(boundsOfPoints(triangle)).toEqual({
      south: 45.51,
      west: -122.6784,
      north: 45.52,
      east: -122.66,
    });
    expect(boundsOfPoints([])).toBeNull();
  });
});
