import type { GeofenceCollectionFilter } from '@/api/geofences';
import { readGuid, readString, searchSchema } from '@/lib/search-params';

/** The map page's state that belongs in the address: what is selected and how the list is cut. */
export const geofencesSearchSchema = searchSchema({
  /** The selected geofence's ID. */
  selected: (value) => readString(value, 64),
  /** Show one group's geofences (with subgroups) instead of all. */
  groupId: readGuid,
  /** Side-list search text. */
  q: (value) => readString(value, 100),
});
export type GeofencesSearch = ReturnType<typeof geofencesSearchSchema>;

export function geofenceCollectionFilter(search: GeofencesSearch): GeofenceCollectionFilter {
  return search.groupId ? { groupId: search.groupId } : {};
}
