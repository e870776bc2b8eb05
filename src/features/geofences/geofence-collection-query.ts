import { geofenceCollectionQueryOptions, type GeofenceCollectionFilter } from '@/api/geofences';
import { afterNextPaint } from '@/lib/after-next-paint';

/**
 * The geofences of a filter, as the map, the filters and the route's loader read them: one set of
 * options, so whichever starts the read, the first page gets a frame to paint before the other
 * pages are asked for. The demo answers on this thread, where those answers would hold up that
 * paint; a real service's come later anyway.
 */
export function geofenceCollectionQuery(filter: GeofenceCollectionFilter) {
  return geofenceCollectionQueryOptions(filter, { beforeOtherPages: afterNextPaint });
}
