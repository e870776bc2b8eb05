import { t } from '@lingui/core/macro';
import type { GeoPoint } from '@/api/geofences';
import { formatNumber } from '@/lib/format';
import { distinctCorners, type ShapeDraft } from './geofence-shape';

/** The service refuses longer names (and empty ones). */
export const GEOFENCE_NAME_MAX_LENGTH = 100;

/** What is wrong with the name, in a sentence, or null when it can be sent. */
export function validateGeofenceName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return t`Enter a name for the geofence.`;
  if (trimmed.length > GEOFENCE_NAME_MAX_LENGTH) {
    const maxLength = GEOFENCE_NAME_MAX_LENGTH;
    const length = trimmed.length;
    return t`Use at most ${maxLength} characters (this name has ${length}).`;
  }
  return null;
}

export function validateColorHex(color: string): string | null {
  return /^#[0-9A-Fa-f]{6}$/.test(color.trim()) ? null : t`Pick a colour such as #1C7ED6.`;
}

/**
 * What is wrong with the outline, in a sentence a person can act on, or null when the service
 * would accept it. Checked in the browser so nothing invalid is ever sent.
 */
export function validateShape(shape: ShapeDraft): string | null {
  if (shape.kind === 'circle') {
    const centreProblem = positionProblem(shape.center, null);
    if (centreProblem) return centreProblem;
    if (!Number.isFinite(shape.radius) || shape.radius <= 0) {
      return t`The circle needs a radius greater than 0 m.`;
    }
    return null;
  }

  for (const [index, point] of shape.points.entries()) {
    const problem = positionProblem(point, index + 1);
    if (problem) return problem;
  }
  const crossing = antimeridianCrossing(shape.points);
  if (crossing) {
    const fromLongitude = coordinate(crossing[0]);
    const toLongitude = coordinate(crossing[1]);
    return t`The outline crosses the 180° meridian (an edge runs from longitude ${fromLongitude} to ${toLongitude}), where the map would draw it as a band round the world. Split it into one shape on each side of the meridian.`;
  }
  const corners = distinctCorners(shape.points);
  const cornerCount = corners.length;
  if (shape.kind === 'square' && cornerCount !== 4) {
    return t`A rectangle needs exactly 4 corners; this one has ${cornerCount}.`;
  }
  if (cornerCount < 3) {
    return t`A polygon needs at least 3 corners; this one has ${cornerCount}.`;
  }
  if (onOneLine(corners)) {
    return t`The corners lie on one line, so the outline encloses no area.`;
  }
  if (ringSelfIntersects(corners)) {
    return t`The outline crosses itself. Move the corners so that no two edges cross.`;
  }
  if (!enclosesArea(corners)) return t`The outline encloses no area.`;
  return null;
}

/**
 * The longitudes of an edge spanning more than half the world: its short way round crosses the
 * 180° meridian, which is what the file meant; drawn the long way it would circle the globe.
 */
function antimeridianCrossing(points: readonly GeoPoint[]): [number, number] | null {
  const first = points[0];
  if (first === undefined) return null;
  for (const [index, point] of points.entries()) {
    // The last edge closes the ring back to the first corner.
    const next = points[index + 1] ?? first;
    // A corner on ±180 itself touches the meridian without crossing it.
    const onMeridian = Math.abs(point.longitude) === 180 || Math.abs(next.longitude) === 180;
    if (!onMeridian && Math.abs(next.longitude - point.longitude) > 180) {
      return [point.longitude, next.longitude];
    }
  }
  return null;
}

/** A coordinate as written in the file, with the reader's decimal separator. */
function coordinate(value: number): string {
  return formatNumber(value, { maximumFractionDigits: 20, useGrouping: false });
}

/** `cornerNumber`: 1-based; null for a circle's centre. Whole sentences, for the translators. */
function positionProblem(point: GeoPoint, cornerNumber: number | null): string | null {
  const { latitude: rawLatitude, longitude: rawLongitude } = point;
  if (!Number.isFinite(rawLatitude) || !Number.isFinite(rawLongitude)) {
    return cornerNumber === null
      ? t`The centre has no valid position.`
      : t`Corner ${cornerNumber} has no valid position.`;
  }
  const latitude = coordinate(rawLatitude);
  const longitude = coordinate(rawLongitude);
  if (rawLatitude < -90 || rawLatitude > 90) {
    return cornerNumber === null
      ? t`The centre is off the map: latitude ${latitude} is not between -90 and 90.`
      : t`Corner ${cornerNumber} is off the map: latitude ${latitude} is not between -90 and 90.`;
  }
  if (rawLongitude < -180 || rawLongitude > 180) {
    return cornerNumber === null
      ? t`The centre is off the map: longitude ${longitude} is not between -180 and 180.`
      : t`Corner ${cornerNumber} is off the map: longitude ${longitude} is not between -180 and 180.`;
  }
  return null;
}

/** Below this (in degree², about a square centimetre) an area counts as none. */
const NO_AREA = 1e-12;

/** Every corner on the line through the first corner and the one farthest from it. */
function onOneLine(corners: readonly GeoPoint[]): boolean {
  const origin = corners[0];
  // No corners at all lie on any line.
  if (origin === undefined) return true;
  let farthest = origin;
  let farthestDistance = 0;
  for (const corner of corners) {
    const distance =
      (corner.latitude - origin.latitude) ** 2 + (corner.longitude - origin.longitude) ** 2;
    if (distance > farthestDistance) {
      farthest = corner;
      farthestDistance = distance;
    }
  }
  return corners.every((corner) => Math.abs(cross(origin, farthest, corner)) <= NO_AREA);
}

/** Twice the signed area of the ring in degrees² (shoelace formula): positive anticlockwise. */
export function doubledSignedArea(corners: readonly GeoPoint[]): number {
  const first = corners[0];
  if (first === undefined) return 0;
  let sum = 0;
  for (const [index, a] of corners.entries()) {
    // The last edge closes the ring back to the first corner.
    const b = corners[index + 1] ?? first;
    sum += a.longitude * b.latitude - b.longitude * a.latitude;
  }
  return sum;
}

function enclosesArea(corners: readonly GeoPoint[]): boolean {
  return Math.abs(doubledSignedArea(corners)) > NO_AREA;
}

/** Twice the signed area of the triangle a, b, c. */
function cross(a: GeoPoint, b: GeoPoint, c: GeoPoint): number {
  return (
    (b.longitude - a.longitude) * (c.latitude - a.latitude) -
    (b.latitude - a.latitude) * (c.longitude - a.longitude)
  );
}

/** Which side of the line a→b the point c lies on: 1 left, -1 right, 0 on it. */
function turn(a: GeoPoint, b: GeoPoint, c: GeoPoint): number {
  const value = cross(a, b, c);
  if (Math.abs(value) < 1e-18) return 0;
  return value > 0 ? 1 : -1;
}

/** For c known to be on the line a→b: is it within the segment's box? */
function withinSegment(a: GeoPoint, b: GeoPoint, c: GeoPoint): boolean {
  return (
    c.longitude >= Math.min(a.longitude, b.longitude) &&
    c.longitude <= Math.max(a.longitude, b.longitude) &&
    c.latitude >= Math.min(a.latitude, b.latitude) &&
    c.latitude <= Math.max(a.latitude, b.latitude)
  );
}

/** Segments a1–a2 and b1–b2 cross or touch. */
export function segmentsMeet(a1: GeoPoint, a2: GeoPoint, b1: GeoPoint, b2: GeoPoint): boolean {
  const t1 = turn(a1, a2, b1);
  const t2 = turn(a1, a2, b2);
  const t3 = turn(b1, b2, a1);
  const t4 = turn(b1, b2, a2);
  if (t1 !== t2 && t3 !== t4 && t1 !== 0 && t2 !== 0 && t3 !== 0 && t4 !== 0) return true;
  return (
    (t1 === 0 && withinSegment(a1, a2, b1)) ||
    (t2 === 0 && withinSegment(a1, a2, b2)) ||
    (t3 === 0 && withinSegment(b1, b2, a1)) ||
    (t4 === 0 && withinSegment(b1, b2, a2))
  );
}

/**
 * True when two edges of the closed ring cross or touch, other than neighbours sharing their
 * corner. Planar in degrees, which is exact enough for outlines away from the poles and the
 * antimeridian.
 *
 * Sort and sweep: edges sorted by their west end, each one compared only with the earlier edges
 * whose east end it has not passed yet. That is O(n log n) plus the pairs whose longitude ranges
 * overlap, a handful per edge for real outlines, so 100,000 corners take well under a second
 * where comparing every pair would take minutes.
 */
export function ringSelfIntersects(corners: readonly GeoPoint[]): boolean {
  const count = corners.length;
  const first = corners[0];
  if (count < 4 || first === undefined) {
    // A triangle cannot cross itself; it can only fold onto a line (no area).
    return false;
  }
  const west = new Float64Array(count);
  const east = new Float64Array(count);
  const south = new Float64Array(count);
  const north = new Float64Array(count);
  corners.forEach((a, edge) => {
    // Edge `edge` runs from its corner to the next; the last one closes the ring.
    const b = corners[edge + 1] ?? first;
    west[edge] = Math.min(a.longitude, b.longitude);
    east[edge] = Math.max(a.longitude, b.longitude);
    south[edge] = Math.min(a.latitude, b.latitude);
    north[edge] = Math.max(a.latitude, b.latitude);
  });
  // Every edge number below indexes these arrays and `corners` (all `count` long), so the
  // undefined checks and fallbacks never apply; they only tell the compiler so.
  const order = Array.from({ length: count }, (_, edge) => edge).sort(
    (a, b) => (west[a] ?? 0) - (west[b] ?? 0),
  );
  // Edges whose longitude range still reaches the sweep line.
  let active: number[] = [];
  for (const edge of order) {
    const sweep = west[edge];
    const edgeSouth = south[edge];
    const edgeNorth = north[edge];
    const edgeStart = corners[edge];
    if (
      sweep === undefined ||
      edgeSouth === undefined ||
      edgeNorth === undefined ||
      edgeStart === undefined
    ) {
      continue;
    }
    const edgeEnd = corners[edge + 1] ?? first;
    // Drop finished edges now and then rather than on every step (amortised O(1)).
    if (active.length > 32) active = active.filter((other) => (east[other] ?? -Infinity) >= sweep);
    for (const other of active) {
      const otherEast = east[other];
      const otherSouth = south[other];
      const otherNorth = north[other];
      if (otherEast === undefined || otherSouth === undefined || otherNorth === undefined) {
        continue;
      }
      if (otherEast < sweep) continue;
      if (otherSouth > edgeNorth || otherNorth < edgeSouth) continue;
      const gap = Math.abs(edge - other);
      // Neighbouring edges share a corner, and so do the last edge and the first.
      if (gap === 1 || gap === count - 1) continue;
      const otherStart = corners[other];
      if (otherStart === undefined) continue;
      if (segmentsMeet(edgeStart, edgeEnd, otherStart, corners[other + 1] ?? first)) return true;
    }
    active.push(edge);
  }
  return false;
}
