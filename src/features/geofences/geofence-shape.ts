import { plural, t } from '@lingui/core/macro';
import { GEOFENCE_SHAPE_TYPE } from '@/api/geofence-shape-type';
import type { GeofenceGeography, GeofenceGeographyRequest, GeoPoint } from '@/api/geofences';
import { formatNumber } from '@/lib/format';

/** A geofence outline as the console edits it: the contract's three shapes. */
export type ShapeDraft =
  | { kind: 'polygon'; points: GeoPoint[] }
  /** The contract's "square": any 4-corner outline; the rectangle tool draws one. */
  | { kind: 'square'; points: GeoPoint[] }
  /** Radius in metres. */
  | { kind: 'circle'; center: GeoPoint; radius: number };

export interface GeoBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Six decimals ≈ 0.1 m: finer than any drawn or GPS position. */
const COORDINATE_DECIMALS = 1e6;
/** Decimetres are more than a radius needs. */
const RADIUS_DECIMALS = 10;
/** Mean Earth radius (IUGG), as Leaflet and most GIS tools use for distances. */
const EARTH_RADIUS_METRES = 6_371_008.8;
const METRES_PER_DEGREE_LATITUDE = (Math.PI * EARTH_RADIUS_METRES) / 180;

export function roundCoordinate(value: number): number {
  return Math.round(value * COORDINATE_DECIMALS) / COORDINATE_DECIMALS;
}

function roundPoint(point: GeoPoint): GeoPoint {
  return { latitude: roundCoordinate(point.latitude), longitude: roundCoordinate(point.longitude) };
}

function samePoint(a: GeoPoint, b: GeoPoint): boolean {
  return (
    roundCoordinate(a.latitude) === roundCoordinate(b.latitude) &&
    roundCoordinate(a.longitude) === roundCoordinate(b.longitude)
  );
}

/** The outline's corners without repeats: drawing tools and GeoJSON repeat the first corner. */
export function distinctCorners(points: readonly GeoPoint[]): GeoPoint[] {
  const corners: GeoPoint[] = [];
  for (const point of points) {
    const previous = corners.at(-1);
    if (!previous || !samePoint(previous, point)) corners.push(point);
  }
  const first = corners[0];
  const last = corners.at(-1);
  if (corners.length > 1 && first && last && samePoint(first, last)) corners.pop();
  return corners;
}

/** The shape of a geofence from the service, or null when its geography is unusable. */
export function shapeFromGeography(
  geography: GeofenceGeography | null | undefined,
): ShapeDraft | null {
  if (!geography) return null;
  const { points } = geography;
  if (geography.shapeType === GEOFENCE_SHAPE_TYPE.circle) {
    const center = points[0];
    return center ? { kind: 'circle', center, radius: geography.radius ?? 0 } : null;
  }
  if (points.length === 0) return null;
  if (geography.shapeType === GEOFENCE_SHAPE_TYPE.square) return { kind: 'square', points };
  if (geography.shapeType === GEOFENCE_SHAPE_TYPE.polygon) return { kind: 'polygon', points };
  return null;
}

/** The request geography for a shape that passed validation, rounded and without repeated corners. */
export function geographyFromShape(shape: ShapeDraft): GeofenceGeographyRequest {
  switch (shape.kind) {
    case 'circle':
      return {
        shapeType: GEOFENCE_SHAPE_TYPE.circle,
        points: [roundPoint(shape.center)],
        radius: Math.round(shape.radius * RADIUS_DECIMALS) / RADIUS_DECIMALS,
      };
    case 'square':
      return {
        shapeType: GEOFENCE_SHAPE_TYPE.square,
        points: distinctCorners(shape.points).map(roundPoint),
        radius: 0,
      };
    case 'polygon':
      return {
        shapeType: GEOFENCE_SHAPE_TYPE.polygon,
        points: distinctCorners(shape.points).map(roundPoint),
        radius: 0,
      };
  }
}

/** True when both describe the same outline at the precision that is saved. */
export function sameShape(a: ShapeDraft, b: ShapeDraft): boolean {
  if (a.kind === 'circle' || b.kind === 'circle') {
    return (
      a.kind === 'circle' &&
      b.kind === 'circle' &&
      samePoint(a.center, b.center) &&
      Math.round(a.radius * RADIUS_DECIMALS) === Math.round(b.radius * RADIUS_DECIMALS)
    );
  }
  const aCorners = distinctCorners(a.points);
  const bCorners = distinctCorners(b.points);
  return (
    a.kind === b.kind &&
    aCorners.length === bCorners.length &&
    aCorners.every((point, index) => {
      const other = bCorners[index];
      return other !== undefined && samePoint(point, other);
    })
  );
}

/** A 4-corner outline whose edges run north–south and east–west (what the rectangle tool draws). */
export function isAxisAlignedRectangle(points: readonly GeoPoint[]): boolean {
  const corners = distinctCorners(points);
  if (corners.length !== 4) return false;
  const latitudes = new Set(corners.map((point) => roundCoordinate(point.latitude)));
  const longitudes = new Set(corners.map((point) => roundCoordinate(point.longitude)));
  return latitudes.size === 2 && longitudes.size === 2;
}

/** The point `distance` metres from `origin` on compass bearing `bearingDegrees` (great circle). */
function destinationPoint(origin: GeoPoint, distance: number, bearingDegrees: number): GeoPoint {
  const toRadians = Math.PI / 180;
  const angular = distance / EARTH_RADIUS_METRES;
  const bearing = bearingDegrees * toRadians;
  const latitude1 = origin.latitude * toRadians;
  const longitude1 = origin.longitude * toRadians;
  const latitude2 = Math.asin(
    Math.sin(latitude1) * Math.cos(angular) +
      Math.cos(latitude1) * Math.sin(angular) * Math.cos(bearing),
  );
  const longitude2 =
    longitude1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(latitude1),
      Math.cos(angular) - Math.sin(latitude1) * Math.sin(latitude2),
    );
  return { latitude: latitude2 / toRadians, longitude: longitude2 / toRadians };
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const toRadians = Math.PI / 180;
  const deltaLatitude = (b.latitude - a.latitude) * toRadians;
  const deltaLongitude = (b.longitude - a.longitude) * toRadians;
  const h =
    Math.sin(deltaLatitude / 2) ** 2 +
    Math.cos(a.latitude * toRadians) *
      Math.cos(b.latitude * toRadians) *
      Math.sin(deltaLongitude / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A circle as a polygon of `segments` corners, clockwise from north. */
export function circleRing(center: GeoPoint, radius: number, segments = 64): GeoPoint[] {
  return Array.from({ length: segments }, (_, index) =>
    destinationPoint(center, radius, (index * 360) / segments),
  );
}

export function shapeBounds(shape: ShapeDraft): GeoBounds {
  if (shape.kind === 'circle') {
    const latitudeSpan = shape.radius / METRES_PER_DEGREE_LATITUDE;
    const longitudeSpan =
      latitudeSpan / Math.max(0.01, Math.cos((shape.center.latitude * Math.PI) / 180));
    return {
      south: shape.center.latitude - latitudeSpan,
      north: shape.center.latitude + latitudeSpan,
      west: shape.center.longitude - longitudeSpan,
      east: shape.center.longitude + longitudeSpan,
    };
  }
  const bounds = mergeBounds(
    shape.points.map((point) => ({
      south: point.latitude,
      north: point.latitude,
      west: point.longitude,
      east: point.longitude,
    })),
  );
  // Outlines reach the map only once read or drawn with corners.
  if (!bounds) throw new RangeError('An outline without corners has no bounds.');
  return bounds;
}

/** The box around all of them, or null for none. */
export function mergeBounds(boxes: Iterable<GeoBounds>): GeoBounds | null {
  let merged: GeoBounds | null = null;
  for (const box of boxes) {
    merged = merged
      ? {
          south: Math.min(merged.south, box.south),
          west: Math.min(merged.west, box.west),
          north: Math.max(merged.north, box.north),
          east: Math.max(merged.east, box.east),
        }
      : { ...box };
  }
  return merged;
}

/**
 * The area an outline encloses, in square metres, on a spherical Earth (the ring formula GIS
 * tools use), so a large polygon far from the equator is not overstated as a flat one would be.
 */
export function shapeAreaSquareMetres(shape: ShapeDraft): number {
  if (shape.kind === 'circle') return Math.PI * shape.radius ** 2;
  const corners = distinctCorners(shape.points);
  const first = corners[0];
  if (corners.length < 3 || first === undefined) return 0;
  const toRadians = Math.PI / 180;
  let sum = 0;
  corners.forEach((corner, index) => {
    // The last edge closes the ring back to the first corner.
    const next = corners[index + 1] ?? first;
    sum +=
      (next.longitude - corner.longitude) *
      toRadians *
      (2 + Math.sin(corner.latitude * toRadians) + Math.sin(next.latitude * toRadians));
  });
  return Math.abs((sum * EARTH_RADIUS_METRES ** 2) / 2);
}

/** "Polygon · 7 corners", "Rectangle", "Circle · 250 m radius". */
export function describeShape(shape: ShapeDraft): string {
  switch (shape.kind) {
    case 'circle': {
      const radius = formatMetres(shape.radius);
      return t`Circle · ${radius} radius`;
    }
    case 'square':
      return t`Rectangle · 4 corners`;
    case 'polygon': {
      const cornerCount = distinctCorners(shape.points).length;
      return plural(cornerCount, {
        one: 'Polygon · # corner',
        other: 'Polygon · # corners',
      });
    }
  }
}

/** "250 m", "1.5 km", "12 km", in the reader's language. */
function formatMetres(metres: number): string {
  if (!Number.isFinite(metres)) return '—';
  if (Math.abs(metres) >= 1000) {
    return formatNumber(metres / 1000, {
      style: 'unit',
      unit: 'kilometer',
      minimumFractionDigits: metres >= 10_000 ? 0 : 1,
      maximumFractionDigits: metres >= 10_000 ? 0 : 1,
    });
  }
  return formatNumber(Math.round(metres), { style: 'unit', unit: 'meter' });
}
