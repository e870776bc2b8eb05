import simplify from 'simplify-js';
import type { GeoPoint } from '@/api/geofences';

/** Metres per degree of latitude on the mean Earth sphere. */
const METRES_PER_DEGREE = (Math.PI * 6_371_008.8) / 180;

/** Tolerances offered, in metres: round numbers a person can weigh against the map. */
const LARGEST_TOLERANCE_METRES = 1000;
const SIMPLIFY_TOLERANCES_METRES = [1, 2, 5, 10, 20, 50, 100, 200, 500, LARGEST_TOLERANCE_METRES];

/**
 * The outline with the corners that deviate less than `toleranceMetres` from it removed
 * (Douglas–Peucker). Corners are projected to local metres first, so the tolerance means the same
 * east–west as north–south at the outline's latitude.
 */
export function simplifyRing(corners: readonly GeoPoint[], toleranceMetres: number): GeoPoint[] {
  if (corners.length <= 3) return [...corners];
  const latitudeSum = corners.reduce((sum, point) => sum + point.latitude, 0);
  const metresPerDegreeLongitude =
    METRES_PER_DEGREE * Math.cos(((latitudeSum / corners.length) * Math.PI) / 180);
  const projected = corners.map((point) => ({
    x: point.longitude * metresPerDegreeLongitude,
    y: point.latitude * METRES_PER_DEGREE,
  }));
  // A line keeps its two ends: closing the ring makes the first corner both ends.
  const [first] = projected;
  if (first) projected.push(first);
  const kept = simplify(projected, toleranceMetres, true);
  kept.pop();
  return kept.map((point) => ({
    longitude: point.x / metresPerDegreeLongitude,
    latitude: point.y / METRES_PER_DEGREE,
  }));
}

/**
 * The smallest offered tolerance that brings every outline to at most `maxCorners` (a binary
 * search: a larger tolerance never keeps more corners).
 */
export function suggestTolerance(
  rings: readonly (readonly GeoPoint[])[],
  maxCorners: number,
): number {
  const fits = (tolerance: number) =>
    rings.every((ring) => simplifyRing(ring, tolerance).length <= maxCorners);
  let low = 0;
  let high = SIMPLIFY_TOLERANCES_METRES.length - 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const tolerance = SIMPLIFY_TOLERANCES_METRES[middle];
    if (tolerance !== undefined && fits(tolerance)) high = middle;
    else low = middle + 1;
  }
  // The search ends on the last (largest) tolerance when no smaller one fits.
  return SIMPLIFY_TOLERANCES_METRES[low] ?? LARGEST_TOLERANCE_METRES;
}

/** Every n-th corner, at most `maxCorners`: enough to show a huge outline on the map, cheaply. */
export function displayOutline(corners: readonly GeoPoint[], maxCorners = 1000): GeoPoint[] {
  if (corners.length <= maxCorners) return [...corners];
  const step = corners.length / maxCorners;
  const kept: GeoPoint[] = [];
  for (let index = 0; index < maxCorners; index++) {
    // step > 1, so every index falls within the corners.
    const corner = corners[Math.floor(index * step)];
    if (corner) kept.push(corner);
  }
  return kept;
}
