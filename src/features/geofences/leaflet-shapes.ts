import L from 'leaflet';
import type { GeoPoint } from '@/api/geofences';
import { isAxisAlignedRectangle, type GeoBounds, type ShapeDraft } from './geofence-shape';
import { doubledSignedArea } from './geofence-validation';

function toLatLng(point: GeoPoint): L.LatLng {
  return L.latLng(point.latitude, point.longitude);
}

export function toLatLngBounds(bounds: GeoBounds): L.LatLngBounds {
  return L.latLngBounds([bounds.south, bounds.west], [bounds.north, bounds.east]);
}

/** A Leaflet layer for a shape: a rectangle stays an L.Rectangle so editing keeps it square-cornered. */
export function layerForShape(shape: ShapeDraft, options: L.PathOptions): L.Path {
  if (shape.kind === 'circle') {
    return L.circle(toLatLng(shape.center), { ...options, radius: shape.radius });
  }
  const corners = shape.points.map(toLatLng);
  if (shape.kind === 'square' && isAxisAlignedRectangle(shape.points)) {
    return L.rectangle(L.latLngBounds(corners), options);
  }
  return L.polygon(corners, options);
}

/**
 * Many outlines as one layer, for a preview nobody clicks: Leaflet's cost is per layer (2,500 took
 * a fifth of a second to add, and again on each zoom), far more than per corner. Every ring turns
 * the same way, so that filled by the non-zero rule, overlapping outlines are not cut out of each
 * other as the even-odd rule would.
 */
export function outlinesLayer(
  rings: readonly (readonly GeoPoint[])[],
  options: L.PolylineOptions,
): L.Polygon {
  const polygons = rings.map((ring) => {
    const corners = ring.map(toLatLng);
    return [doubledSignedArea(ring) < 0 ? corners.reverse() : corners];
  });
  return L.polygon(polygons, { ...options, fillRule: 'nonzero' });
}

type NestedLatLngs = L.LatLng | NestedLatLngs[];

function outerRing(nested: NestedLatLngs[]): L.LatLng[] {
  const first = nested[0];
  if (Array.isArray(first)) return outerRing(first);
  return nested.filter((item): item is L.LatLng => item instanceof L.LatLng);
}

/**
 * Back to ±180° longitude: after panning round the world Leaflet reports longitudes like 237°.
 * The whole outline moves by the same whole turns, so it keeps its shape.
 */
function unwrapped(latLngs: readonly L.LatLng[]): GeoPoint[] {
  const meanLongitude =
    latLngs.reduce((sum, latLng) => sum + latLng.lng, 0) / Math.max(1, latLngs.length);
  const shift = Math.round(meanLongitude / 360) * 360;
  return latLngs.map((latLng) => ({ latitude: latLng.lat, longitude: latLng.lng - shift }));
}

/** One point back to ±180° longitude, as `unwrapped` moves an outline. */
function unwrappedPoint(latLng: L.LatLng): GeoPoint {
  return { latitude: latLng.lat, longitude: latLng.lng - Math.round(latLng.lng / 360) * 360 };
}

/**
 * The shape a drawn or edited layer now has, or null for a layer that is not one of ours.
 * `editedKind` keeps a non-rectangular 4-corner "square" a square while it is edited as a polygon.
 */
export function shapeOfLayer(layer: L.Layer, editedKind?: ShapeDraft['kind']): ShapeDraft | null {
  if (layer instanceof L.Circle) {
    return { kind: 'circle', center: unwrappedPoint(layer.getLatLng()), radius: layer.getRadius() };
  }
  if (layer instanceof L.Rectangle) {
    return { kind: 'square', points: unwrapped(outerRing(layer.getLatLngs())) };
  }
  if (layer instanceof L.Polygon) {
    const points = unwrapped(outerRing(layer.getLatLngs()));
    return editedKind === 'square' ? { kind: 'square', points } : { kind: 'polygon', points };
  }
  return null;
}
