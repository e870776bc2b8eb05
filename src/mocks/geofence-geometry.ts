import type { GeoPoint } from './db';

/** Metres per degree of latitude (spherical Earth; plenty for shapes a few kilometres across). */
const METRES_PER_DEGREE = 111_320;

/** The point `metres` away from `origin` on compass bearing `bearingDegrees`. */
export function offsetPoint(origin: GeoPoint, metres: number, bearingDegrees: number): GeoPoint {
  const bearing = (bearingDegrees * Math.PI) / 180;
  const north = Math.cos(bearing) * metres;
  const east = Math.sin(bearing) * metres;
  return {
    latitude: round(origin.latitude + north / METRES_PER_DEGREE),
    longitude: round(
      origin.longitude + east / (METRES_PER_DEGREE * Math.cos((origin.latitude * Math.PI) / 180)),
    ),
  };
}

/** Six decimals ≈ 0.1 m: what a GPS fix or a drawn vertex carries. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The closed ring's edges in order, the last one joining back to the first point. */
function ringEdges(points: readonly GeoPoint[]): [GeoPoint, GeoPoint][] {
  const [first] = points;
  if (!first) return [];
  return points.map((point, index) => [point, points[index + 1] ?? first]);
}

/** Twice the signed area in degree² (shoelace); zero means the ring encloses nothing. */
function doubledArea(points: readonly GeoPoint[]): number {
  let sum = 0;
  for (const [a, b] of ringEdges(points)) {
    sum += a.longitude * b.latitude - b.longitude * a.latitude;
  }
  return sum;
}

export function hasArea(points: readonly GeoPoint[]): boolean {
  return Math.abs(doubledArea(points)) > 1e-12;
}

function orientation(p: GeoPoint, q: GeoPoint, r: GeoPoint): number {
  const value =
    (q.latitude - p.latitude) * (r.longitude - q.longitude) -
    (q.longitude - p.longitude) * (r.latitude - q.latitude);
  if (Math.abs(value) < 1e-15) return 0;
  return value > 0 ? 1 : 2;
}

function onSegment(p: GeoPoint, q: GeoPoint, r: GeoPoint): boolean {
  return (
    q.longitude <= Math.max(p.longitude, r.longitude) &&
    q.longitude >= Math.min(p.longitude, r.longitude) &&
    q.latitude <= Math.max(p.latitude, r.latitude) &&
    q.latitude >= Math.min(p.latitude, r.latitude)
  );
}

/** True when segments p1–q1 and p2–q2 cross or touch. */
function segmentsIntersect(p1: GeoPoint, q1: GeoPoint, p2: GeoPoint, q2: GeoPoint): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(p1, p2, q1)) ||
    (o2 === 0 && onSegment(p1, q2, q1)) ||
    (o3 === 0 && onSegment(p2, p1, q2)) ||
    (o4 === 0 && onSegment(p2, q1, q2))
  );
}

/**
 * True when two non-adjacent edges of the closed ring cross or touch. O(n²), which is fine for
 * hand-drawn shapes; planar in degrees, which is exact enough for shapes far from the poles.
 */
export function selfIntersects(points: readonly GeoPoint[]): boolean {
  const edges = ringEdges(points);
  return edges.some(([a1, a2], i) =>
    edges.some(
      ([b1, b2], j) =>
        // Neighbouring edges share a vertex, and so do the last edge and the first.
        j >= i + 2 && !(i === 0 && j === edges.length - 1) && segmentsIntersect(a1, a2, b1, b2),
    ),
  );
}

/** A point on the shape's outline: where a vehicle crosses into or out of the geofence. */
export function pointOnBoundary(
  shape: { shapeType: 1 | 2 | 3; points: readonly GeoPoint[]; radius: number },
  fraction: number,
  edgeFraction: number,
): GeoPoint {
  const [first] = shape.points;
  if (!first) throw new Error('A geofence outline needs at least one point.');
  if (shape.shapeType === 3) return offsetPoint(first, shape.radius, fraction * 360);
  const edges = ringEdges(shape.points);
  const edge = edges[Math.min(edges.length - 1, Math.floor(fraction * edges.length))];
  if (!edge)
    throw new RangeError(`The fraction along the outline must be in [0, 1), got ${fraction}.`);
  const [a, b] = edge;
  return {
    latitude: round(a.latitude + (b.latitude - a.latitude) * edgeFraction),
    longitude: round(a.longitude + (b.longitude - a.longitude) * edgeFraction),
  };
}
