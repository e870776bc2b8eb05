// @vitest-environment jsdom
import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import type { GeoPoint } from '@/api/geofences';
import { doubledSignedArea } from './geofence-validation';
import { outlinesLayer } from './leaflet-shapes';

const square = (west: number, south: number): GeoPoint[] => [
  { longitude: west, latitude: south },
  { longitude: west + 0.01, latitude: south },
  { longitude: west + 0.01, latitude: south + 0.01 },
  { longitude: west, latitude: south + 0.01 },
];

describe('outlinesLayer', () => {
  it('draws many outlines as one layer, each ring turned the same way and filled non-zero', () => {
    const anticlockwise = square(-116.25, 43.6);
    const clockwise = [...square(-116.245, 43.605)].reverse();
    const layer = outlinesLayer([anticlockwise, clockwise], { color: '#1C7ED6' });

    const polygons = layer.getLatLngs() as L.LatLng[][][];
    expect(polygons).toHaveLength(2);
    const turns = polygons.map(([ring]) =>
      Math.sign(
        doubledSignedArea(ring!.map(({ lat, lng }) => ({ latitude: lat, longitude: lng }))),
      ),
    );
    expect(turns).toEqual([1, 1]);
    expect(polygons.map(([ring]) => ring!.length)).toEqual([4, 4]);
    expect(layer.options).toMatchObject({ fillRule: 'nonzero', color: '#1C7ED6' });
  });
});
