import { msg } from '@lingui/core/macro';
import { translate } from '@/i18n/translate';
/**
 * The one check every map runs before it draws or fits anything: whether a position or an outline
 * can be placed on the map, and if not, why, in words a reader can take in. One bad value (the
 * vendor's own example geofence has a corner at -1.7976931348623157e+308) must never reach
 * Leaflet, where it asks for an infinite number of tiles and takes the whole page down.
 */

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** An outline as the service describes one: a ring of corners, or a centre and a radius. */
export type MapShape =
  | { kind: 'polygon' | 'square'; points: readonly MapPoint[] }
  /** Radius in metres. */
  | { kind: 'circle'; center: MapPoint; radius: number };

export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Half the Earth's circumference: a larger circle would cover the globe more than once. */
const LARGEST_RADIUS_METRES = 20_037_509;
/** Corners closer than this (≈ 0.1 m) are one corner, as the saved outline rounds them. */
const SAME_CORNER_DEGREES = 1e-6;

/**
 * English, for the pages that still pass it to cannotBeDrawn, which shows it in the chosen
 * language; the functions below return their reasons translated.
 */
export const NO_OUTLINE = 'it has no outline';
const noOutline = msg`it has no outline`;
const outsideTheMap = msg`its outline is outside the map`;
const positionOutsideTheMap = msg`its position is outside the map`;
const noGpsFix = msg`its position is 0, 0, where a GPS without a fix reports from`;

/** Both coordinates are finite numbers within ±90 latitude and ±180 longitude. */
export function isOnMap(point: MapPoint): boolean {
  const { latitude, longitude } = point;
  return (
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/**
 * Why a reported position (a vehicle's, an event's) cannot be shown on a map, or null when it
 * can. 0, 0 is refused as well: it is where a GPS without a fix reports from, not a place.
 */
export function positionProblem(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): string | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') {
    return translate(msg`it has no position`);
  }
  if (!isOnMap({ latitude, longitude })) return translate(positionOutsideTheMap);
  if (latitude === 0 && longitude === 0) return translate(noGpsFix);
  return null;
}

/** Why an outline cannot be drawn, or null when it can (it may still be refused on saving). */
export function shapeProblem(shape: MapShape | null | undefined): string | null {
  if (!shape) return translate(noOutline);
  if (shape.kind === 'circle') {
    if (!isOnMap(shape.center)) return translate(outsideTheMap);
    const { radius } = shape;
    if (!Number.isFinite(radius) || radius <= 0) {
      return translate(msg`its radius is not a positive number`);
    }
    if (radius > LARGEST_RADIUS_METRES) return translate(msg`its radius is larger than the Earth`);
    return null;
  }
  if (!shape.points.every(isOnMap)) return translate(outsideTheMap);
  const corners = countDistinctCorners(shape.points);
  // Whole messages rather than a plural: only 0, 1 and 2 come here.
  if (corners === 0) return translate(msg`its outline has no corners; an area needs at least 3`);
  if (corners === 1) return translate(msg`its outline has 1 corner; an area needs at least 3`);
  if (corners === 2) return translate(msg`its outline has 2 corners; an area needs at least 3`);
  return null;
}

/** "Cannot be drawn: its outline is outside the map". */
export function cannotBeDrawn(problem: string): string {
  const reason = problem === NO_OUTLINE ? translate(noOutline) : problem;
  return translate(msg`Cannot be drawn: ${reason}`);
}

/**
 * Bounds a map can be fitted to: clamped into ±90/±180 (a circle near a pole reaches past it), or
 * null when a side is not a finite number or south lies north of north.
 */
export function boundsForMap(bounds: MapBounds | null | undefined): MapBounds | null {
  if (!bounds) return null;
  const { south, west, north, east } = bounds;
  if (![south, west, north, east].every(Number.isFinite) || south > north || west > east) {
    return null;
  }
  const latitude = (value: number) => Math.max(-90, Math.min(90, value));
  const longitude = (value: number) => Math.max(-180, Math.min(180, value));
  return {
    south: latitude(south),
    west: longitude(west),
    north: latitude(north),
    east: longitude(east),
  };
}

/** The box around the points, or null for none. Check the points with the guard first. */
export function boundsOfPoints(points: Iterable<MapPoint>): MapBounds | null {
  let bounds: MapBounds | null = null;
  for (const { latitude, longitude } of points) {
    bounds = bounds
      ? {
          south: Math.min(bounds.south, latitude),
          west: Math.min(bounds.west, longitude),
          north: Math.max(bounds.north, latitude),
          east: Math.max(bounds.east, longitude),
        }
      : { south: latitude, west: longitude, north: latitude, east: longitude };
  }
  return bounds;
}

/** Corners of a ring, repeats aside (drawing tools and GeoJSON close a ring on its first corner). */
function countDistinctCorners(points: readonly MapPoint[]): number {
  const corners: MapPoint[] = [];
  for (const point of points) {
    if (!corners.some((corner) => sameCorner(corner, point))) corners.push(point);
    // Three are enough to know; an outline of thousands need not be compared pair by pair.
    if (corners.length >= 3) return corners.length;
  }
  return corners.length;
}

function sameCorner(a: MapPoint, b: MapPoint): boolean {
  return (
    Math.abs(a.latitude - b.latitude) < SAME_CORNER_DEGREES &&
    Math.abs(a.longitude - b.longitude) < SAME_CORNER_DEGREES
  );
}
