import { describe, expect, it } from 'vitest';
import type { GeoPoint } from '@/api/geofences';
import type { ShapeDraft } from './geofence-shape';
import {
  GEOFENCE_NAME_MAX_LENGTH,
  ringSelfIntersects,
  segmentsMeet,
  validateColorHex,
  validateGeofenceName,
  validateShape,
} from './geofence-validation';

/** [longitude, latitude] pairs, as people read them on a map. */
const points = (...pairs: [number, number][]): GeoPoint[] =>
  pairs.map(([longitude, latitude]) => ({ longitude, latitude }));

const polygon = (...pairs: [number, number][]): ShapeDraft => ({
  kind: 'polygon',
  points: points(...pairs),
});

// A small yard in Portland.
const yardCorners = points([-122.68, 45.52], [-122.67, 45.52], [-122.67, 45.53], [-122.68, 45.53]);
const yard: ShapeDraft = { kind: 'polygon', points: yardCorners };

describe('validateShape: polygons', () => {
  it('accepts a simple outline, clockwise or not', () => {
    expect(validateShape(yard)).toBeNull();
    expect(
      validateShape(
        polygon([-122.68, 45.53], [-122.67, 45.53], [-122.67, 45.52], [-122.68, 45.52]),
      ),
    ).toBeNull();
  });

  it('accepts a concave outline', () => {
    expect(validateShape(polygon([0, 0], [4, 0], [4, 4], [2, 1], [0, 4]))).toBeNull();
  });

  it('refuses fewer than 3 corners, counting a repeated corner once', () => {
    expect(validateShape(polygon([0, 0], [1, 1]))).toBe(
      'A polygon needs at least 3 corners; this one has 2.',
    );
    // A closed GeoJSON-style ring and a double click both repeat a corner.
    expect(validateShape(polygon([0, 0], [1, 1], [1, 1], [0, 0]))).toMatch(/this one has 2/);
    expect(validateShape(polygon())).toMatch(/this one has 0/);
  });

  it('refuses corners on one line', () => {
    expect(validateShape(polygon([0, 0], [1, 1], [2, 2]))).toBe(
      'The corners lie on one line, so the outline encloses no area.',
    );
    expect(validateShape(polygon([0, 0], [2, 0], [1, 0], [3, 0]))).toMatch(/on one line/);
  });

  it('refuses a bow tie and other self-crossing outlines', () => {
    const message = 'The outline crosses itself. Move the corners so that no two edges cross.';
    expect(validateShape(polygon([0, 0], [1, 1], [1, 0], [0, 1]))).toBe(message);
    // A star drawn in one stroke.
    expect(validateShape(polygon([0, 0], [2, 6], [4, 0], [-1, 4], [5, 4]))).toBe(message);
  });

  it('refuses an outline that touches itself at a corner', () => {
    // The corner (2, 0) lies on the edge from (0, 0) to (4, 0).
    expect(validateShape(polygon([0, 0], [4, 0], [4, 2], [2, 0], [0, 2]))).toMatch(
      /crosses itself/,
    );
  });

  it('refuses coordinates off the map, naming the corner', () => {
    expect(validateShape(polygon([0, 0], [1, 95], [1, 0]))).toBe(
      'Corner 2 is off the map: latitude 95 is not between -90 and 90.',
    );
    expect(validateShape(polygon([0, 0], [1, 1], [-181, 0]))).toBe(
      'Corner 3 is off the map: longitude -181 is not between -180 and 180.',
    );
    expect(validateShape(polygon([0, 0], [Number.NaN, 1], [1, 0]))).toBe(
      'Corner 2 has no valid position.',
    );
  });

  it('accepts the extremes of the ranges', () => {
    expect(validateShape(polygon([-180, -90], [180, -90], [180, 90]))).toBeNull();
  });
});

describe('validateShape: the 180° meridian', () => {
  it('refuses an outline with an edge across the antimeridian, which the map draws round the world', () => {
    const corners = points([179.5, -17], [-179.5, -17], [-179.5, -16], [179.5, -16]);
    expect(validateShape({ kind: 'polygon', points: corners })).toMatch(
      /crosses the 180° meridian/,
    );
    expect(validateShape({ kind: 'square', points: corners })).toMatch(/crosses the 180° meridian/);
  });

  it('accepts a wide outline whose edges each stay short of half the world', () => {
    expect(
      validateShape(polygon([-100, 0], [0, 0], [100, 0], [100, 10], [0, 10], [-100, 10])),
    ).toBeNull();
  });
});

describe('validateShape: rectangles', () => {
  it('needs exactly 4 corners', () => {
    expect(validateShape({ kind: 'square', points: yardCorners })).toBeNull();
    expect(validateShape({ kind: 'square', points: points([0, 0], [1, 0], [1, 1]) })).toBe(
      'A rectangle needs exactly 4 corners; this one has 3.',
    );
    expect(
      validateShape({ kind: 'square', points: points([0, 0], [1, 0], [2, 1], [1, 2], [0, 1]) }),
    ).toMatch(/this one has 5/);
  });

  it('refuses a crossed rectangle', () => {
    expect(
      validateShape({ kind: 'square', points: points([0, 0], [1, 1], [1, 0], [0, 1]) }),
    ).toMatch(/crosses itself/);
  });
});

describe('validateShape: circles', () => {
  const center = { latitude: 47.6, longitude: -122.33 };

  it('accepts a positive radius', () => {
    expect(validateShape({ kind: 'circle', center, radius: 0.5 })).toBeNull();
    expect(validateShape({ kind: 'circle', center, radius: 250 })).toBeNull();
  });

  it('refuses a zero, negative or missing radius', () => {
    const message = 'The circle needs a radius greater than 0 m.';
    expect(validateShape({ kind: 'circle', center, radius: 0 })).toBe(message);
    expect(validateShape({ kind: 'circle', center, radius: -5 })).toBe(message);
    expect(validateShape({ kind: 'circle', center, radius: Number.NaN })).toBe(message);
    expect(validateShape({ kind: 'circle', center, radius: Infinity })).toBe(message);
  });

  it('refuses a centre off the map', () => {
    expect(
      validateShape({ kind: 'circle', center: { latitude: -91, longitude: 0 }, radius: 10 }),
    ).toBe('The centre is off the map: latitude -91 is not between -90 and 90.');
  });
});

describe('ringSelfIntersects', () => {
  it('does not count neighbouring edges that share a corner', () => {
    expect(ringSelfIntersects(points([0, 0], [1, 0], [1, 1], [0, 1]))).toBe(false);
  });

  it('finds a crossing between the last edge and a middle one', () => {
    expect(ringSelfIntersects(points([0, 0], [4, 0], [4, 4], [0, 4], [6, 2]))).toBe(true);
  });

  it('agrees with comparing every pair of edges on random outlines', () => {
    // A seeded generator, so a failure can be replayed.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    // The plain O(n²) check the sweep replaces.
    const everyPair = (corners: GeoPoint[]) => {
      const count = corners.length;
      for (let i = 0; i < count; i++) {
        for (let j = i + 2; j < count; j++) {
          if (i === 0 && j === count - 1) continue;
          const [a1, a2] = [corners[i]!, corners[(i + 1) % count]!];
          if (segmentsMeet(a1, a2, corners[j]!, corners[(j + 1) % count]!)) return true;
        }
      }
      return false;
    };
    let crossing = 0;
    for (let trial = 0; trial < 300; trial++) {
      const count = 4 + Math.floor(random() * 12);
      // Snapped to a small grid, so touching corners and collinear edges happen too.
      const corners = Array.from({ length: count }, () => ({
        longitude: Math.round(random() * 6),
        latitude: Math.round(random() * 6),
      }));
      const expected = everyPair(corners);
      if (expected) crossing++;
      expect(ringSelfIntersects(corners)).toBe(expected);
    }
    expect(crossing).toBeGreaterThan(0);
    expect(crossing).toBeLessThan(300);
  });

  it('checks a 100,000-corner outline, and finds one crossing in it', () => {
    const count = 100_000;
    const wavy = Array.from({ length: count }, (_, index) => {
      const angle = (index / count) * 2 * Math.PI;
      const radius = 0.05 * (1 + 0.02 * Math.sin(index / 3));
      return {
        longitude: -122.6 + radius * Math.cos(angle),
        latitude: 45.5 + radius * Math.sin(angle),
      };
    });
    expect(ringSelfIntersects(wavy)).toBe(false);
    // One corner pulled across to the far side of the outline.
    const crossed = [...wavy];
    const opposite = wavy[500 + count / 2]!;
    crossed[500] = {
      longitude: 2 * opposite.longitude - -122.6,
      latitude: 2 * opposite.latitude - 45.5,
    };
    expect(ringSelfIntersects(crossed)).toBe(true);
  });
});

describe('validateGeofenceName', () => {
  it('needs a name', () => {
    expect(validateGeofenceName('')).toBe('Enter a name for the geofence.');
    expect(validateGeofenceName('   ')).toBe('Enter a name for the geofence.');
  });

  it(`accepts up to ${GEOFENCE_NAME_MAX_LENGTH} characters, ignoring surrounding spaces`, () => {
    expect(validateGeofenceName('North yard')).toBeNull();
    expect(validateGeofenceName(`  ${'x'.repeat(GEOFENCE_NAME_MAX_LENGTH)}  `)).toBeNull();
    expect(validateGeofenceName('x'.repeat(GEOFENCE_NAME_MAX_LENGTH + 1))).toBe(
      'Use at most 100 characters (this name has 101).',
    );
  });
});

describe('validateColorHex', () => {
  it('wants #RRGGBB', () => {
    expect(validateColorHex('#1c7ed6')).toBeNull();
    expect(validateColorHex('#1C7ED6')).toBeNull();
    expect(validateColorHex('#fff')).not.toBeNull();
    expect(validateColorHex('blue')).not.toBeNull();
  });
});
