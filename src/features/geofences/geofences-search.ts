import type { GeofenceCollectionFilter } from '@/api/geofences';

/** The map page's state that belongs in the address: what is selected and how the list is cut. */
export interface GeofencesSearch {
  /** The selected geofence's ID. */
  selected?: string;
  /** Show one group's geofences (with subgroups) instead of all. */
  groupId?: string;
  /** Side-list search text. */
  q?: string;
}

export function geofenceCollectionFilter(search: GeofencesSearch): GeofenceCollectionFilter {
  return search.groupId ? { groupId: search.groupId } : {};
}
