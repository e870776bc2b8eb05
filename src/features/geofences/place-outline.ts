import { t } from '@lingui/core/macro';
import type { GeoPoint } from '@/api/geofences';
import { formatNumber } from '@/lib/format';
import { circleRing, type ShapeDraft } from './geofence-shape';

/** The outlines "Draw around it" offers: the contract's circle, or its square (4 corners). */
export type PlaceOutlineKind = 'circle' | 'square';

/** Metres: a circle's radius or a square's side. Defaults fit a depot yard. */
export const PLACE_OUTLINE_DEFAULTS: Record<PlaceOutlineKind, number> = {
  circle: 200,
  square: 400,
};
export const PLACE_OUTLINE_MIN_METRES = 10;
export const PLACE_OUTLINE_MAX_METRES = 50_000;

/** What is wrong with the size in a sentence, or null when it can be drawn. */
export function placeOutlineSizeProblem(kind: PlaceOutlineKind, metres: unknown): string | null {
  const circle = kind === 'circle';
  if (typeof metres !== 'number' || !Number.isFinite(metres)) {
    return circle ? t`Enter the radius in metres.` : t`Enter the side in metres.`;
  }
  if (metres < PLACE_OUTLINE_MIN_METRES || metres > PLACE_OUTLINE_MAX_METRES) {
    const min = formatNumber(PLACE_OUTLINE_MIN_METRES);
    const max = formatNumber(PLACE_OUTLINE_MAX_METRES);
    return circle
      ? t`Enter a radius from ${min} to ${max} m.`
      : t`Enter a side from ${min} to ${max} m.`;
  }
  return null;
}

/**
 * A circle of that radius centred on the place, or a square of that side with its edges running
 * north–south and east–west, corners in the order the rectangle tool gives (south-west first).
 */
export function outlineAroundPlace(
  center: GeoPoint,
  kind: PlaceOutlineKind,
  metres: number,
): ShapeDraft {
  if (kind === 'circle') return { kind: 'circle', center, radius: metres };
  // The points half a side away due north, east, south and west fix the square's edges.
  const [north, east, south, west] = circleRing(center, metres / 2, 4) as [
    GeoPoint,
    GeoPoint,
    GeoPoint,
    GeoPoint,
  ];
  return {
    kind: 'square',
    points: [
      { latitude: south.latitude, longitude: west.longitude },
      { latitude: north.latitude, longitude: west.longitude },
      { latitude: north.latitude, longitude: east.longitude },
      { latitude: south.latitude, longitude: east.longitude },
    ],
  };
}
