import L from 'leaflet';
import { boundsForMap, type MapBounds } from '@/lib/map-shape';

/**
 * Every fit of a map's view goes through here: bounds that are not finite never reach Leaflet
 * (which would ask for an infinite number of tiles and throw), and the others are clamped into
 * the map. `fly` animates the move. Returns false when nothing could be fitted.
 */
export function fitMapView(
  map: L.Map,
  bounds: MapBounds | null,
  options: L.FitBoundsOptions & { fly?: boolean; duration?: number },
): boolean {
  const usable = boundsForMap(bounds);
  if (!usable) return false;
  const { fly, duration, ...fitOptions } = options;
  const latLngBounds = L.latLngBounds([usable.south, usable.west], [usable.north, usable.east]);
  if (fly) map.flyToBounds(latLngBounds, { ...fitOptions, duration });
  else map.fitBounds(latLngBounds, { ...fitOptions, animate: false });
  return true;
}
