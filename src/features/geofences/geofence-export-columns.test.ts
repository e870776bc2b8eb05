import { describe, expect, it } from 'vitest';
import { GEOFENCE_SHAPE_TYPE, type Geofence } from '@/api/geofences';
import { geofenceExportColumns } from './geofence-export-columns';
import { shapeAreaSquareMetres } from './geofence-shape';

const seattleDepot = 'a1b2c3d4-0000-4000-8000-000000000001';
const columns = geofenceExportColumns((groupId) =>
  groupId === seattleDepot ? 'Northwest › Seattle Depot' : null,
);

function rowOf(geofence: Geofence): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column.title, column.value(geofence)]));
}

describe('the geofence export columns', () => {
  it('writes a circle with its group path, radius, area and creation date', () => {
    expect(
      rowOf({
        geofenceId: 'gf-1',
        name: 'Harbor Island gate',
        groupId: seattleDepot,
        groupName: 'Seattle Depot',
        isInside: false,
        createdDate: '2024-05-02T08:30:00Z',
        geofenceGeography: {
          shapeType: GEOFENCE_SHAPE_TYPE.circle,
          points: [{ latitude: 47.578, longitude: -122.351 }],
          radius: 100.04,
        },
      }),
    ).toEqual({
      Name: 'Harbor Island gate',
      Group: 'Northwest › Seattle Depot',
      Shape: 'Circle',
      'Radius (m)': 100,
      'Area (m²)': Math.round(Math.PI * 100.04 ** 2),
      'Alert when vehicles are': 'Outside the area',
      Created: new Date('2024-05-02T08:30:00Z'),
      'Geofence ID': 'gf-1',
    });
  });

  it('names a group the pickers do not list by its own name, and leaves unknowns empty', () => {
    const row = rowOf({
      geofenceId: 'gf-2',
      groupId: 'elsewhere',
      groupName: 'Closed Depot',
      geofenceGeography: { shapeType: 7, points: [], radius: 0 },
    });
    expect(row).toMatchObject({
      Name: undefined,
      Group: 'Closed Depot',
      Shape: 'No usable outline',
      'Radius (m)': null,
      'Area (m²)': null,
      'Alert when vehicles are': 'Inside the area',
      Created: null,
    });
  });

  it('writes a rectangle as such, with no radius', () => {
    const row = rowOf({
      geofenceId: 'gf-3',
      name: 'Yard',
      geofenceGeography: {
        shapeType: GEOFENCE_SHAPE_TYPE.square,
        points: [
          { latitude: 0, longitude: 0 },
          { latitude: 0, longitude: 0.01 },
          { latitude: 0.01, longitude: 0.01 },
          { latitude: 0.01, longitude: 0 },
        ],
        radius: 0,
      },
    });
    expect(row.Shape).toBe('Rectangle');
    expect(row['Radius (m)']).toBeNull();
    expect(row['Area (m²)']).toBeGreaterThan(1_230_000);
  });
});

describe('the area of an outline', () => {
  it('measures a hundredth of a degree square at the equator as about 1.24 km²', () => {
    const side = (Math.PI * 6_371_008.8) / 180 / 100;
    const area = shapeAreaSquareMetres({
      kind: 'polygon',
      points: [
        { latitude: 0, longitude: 0 },
        { latitude: 0, longitude: 0.01 },
        { latitude: 0.01, longitude: 0.01 },
        { latitude: 0.01, longitude: 0 },
        // A closing corner, as drawing tools and GeoJSON repeat it, counts once.
        { latitude: 0, longitude: 0 },
      ],
    });
    expect(area / side ** 2).toBeCloseTo(1, 4);
  });

  it('shrinks with the latitude, whichever way the corners run', () => {
    const square = (latitude: number) => [
      { latitude, longitude: 0 },
      { latitude: latitude + 0.01, longitude: 0 },
      { latitude: latitude + 0.01, longitude: 0.01 },
      { latitude, longitude: 0.01 },
    ];
    const atEquator = shapeAreaSquareMetres({ kind: 'polygon', points: square(0) });
    const at60 = shapeAreaSquareMetres({ kind: 'square', points: square(60).reverse() });
    expect(at60 / atEquator).toBeCloseTo(0.5, 2);
  });

  it('has none for fewer than three corners', () => {
    expect(
      shapeAreaSquareMetres({
        kind: 'polygon',
        points: [
          { latitude: 1, longitude: 1 },
          { latitude: 2, longitude: 2 },
        ],
      }),
    ).toBe(0);
  });
});
