import { readBoolean, readGuid, readString, searchSchema } from '@/lib/search-params';

/**
 * The fleet map's address: the group shown, the vehicle search and whether updates are paused, so
 * Back from a vehicle returns to all three.
 */
export const fleetMapSearchSchema = searchSchema({
  /** Only the vehicles of this group and its subgroups. */
  groupId: readGuid,
  q: (value) => readString(value, 100),
  paused: (value) => (readBoolean(value) === true ? true : undefined),
});
