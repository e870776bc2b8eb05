import { describe, expect, it } from 'vitest';
import type { GeoPoint } from '@/api/geofences';
import type { ShapeDraft } from './geofence-shape';
import {
  packShapes,
  packedBounds,
  packedBuffers,
  packedCornerCount,
  thinnedCorners,
  unpackShape,
} from './packed-shape';

const ringOf = (corners: number): GeoPoint[] =>
  Array.from({ length: corners }, (_, index) => {
    const angle = (index / corners) * 2 * Math.PI;
    return { longitude: -116.2 + 0.01 * Math.cos(angle), latitude: 43.6 + 0.01 * Math.sin(angle) };
  });

describe('packed outlines', () => {
  it('come back unpacked exactly as they were, each kind of shape', () => {
    const shapes: ShapeDraft[] = [
      { kind: 'polygon', points: ringOf(300) },
      {
        kind: 'square',
        points: [
          { longitude: -116.2, latitude: 43.6 },
          { longitude: -116.1, latitude: 43.6 },
          { longitude: -116.1, latitude: 43.7 },
          { longitude: -116.2, latitude: 43.7 },
        ],
      },
      { kind: 'circle', center: { longitude: -116.2, latitude: 43.6 }, radius: 250 },
    ];
    expect(packShapes(shapes).map(unpackShape)).toEqual(shapes);
  });

  it('share one buffer, so thousands of outlines cross between threads in one piece', () => {
    const packed = packShapes([
      { kind: 'polygon', points: ringOf(300) },
      { kind: 'circle', center: { longitude: -116.2, latitude: 43.6 }, radius: 250 },
      { kind: 'polygon', points: ringOf(40) },
    ]);
    const [first, , last] = packed;
    if (first?.kind !== 'polygon' || last?.kind !== 'polygon') throw new Error('polygons expected');
    expect(first.corners.buffer).toBe(last.corners.buffer);
    expect(first.corners.buffer.byteLength).toBe((300 + 40) * 2 * 8);
    expect([first, last].map(packedCornerCount)).toEqual([300, 40]);
    // Moved to the page as the worker sends them: one buffer, each outline still its own.
    const before = packed.map(unpackShape);
    expect(packedBuffers(packed)).toEqual([first.corners.buffer]);
    const received = structuredClone(packed, { transfer: packedBuffers(packed) });
    expect(received.map(unpackShape)).toEqual(before);
    expect(first.corners.buffer.byteLength).toBe(0);
  });

  it('thin to evenly spaced corners for the map, never adding any', () => {
    const [packed] = packShapes([{ kind: 'polygon', points: ringOf(300) }]);
    const thinned = thinnedCorners(packed!, 20);
    expect(thinned).toHaveLength(20);
    expect(thinned[0]).toEqual(ringOf(300)[0]);
    expect(thinned[1]).toEqual(ringOf(300)[15]);
    expect(thinnedCorners(packed!, 1000)).toEqual(ringOf(300));
  });

  it('know their bounds without unpacking', () => {
    const [packed, empty] = packShapes([
      {
        kind: 'polygon',
        points: [
          { longitude: -116.25, latitude: 43.6 },
          { longitude: -116.2, latitude: 43.55 },
          { longitude: -116.1, latitude: 43.65 },
        ],
      },
      { kind: 'polygon', points: [] },
    ]);
    expect(packedBounds(packed!)).toEqual({
      south: 43.55,
      west: -116.25,
      north: 43.65,
      east: -116.1,
    });
    expect(packedBounds(empty!)).toBeNull();
  });
});
