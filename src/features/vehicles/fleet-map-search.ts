import { readBoolean, readString, searchSchema } from '@/lib/search-params';

/**
 * The fleet map's address: the vehicle search and whether updates are paused, so Back from a
 * vehicle returns to both.
 */
export const fleetMapSearchSchema = searchSchema({
  q: (value) => readString(value, 100),
  paused: (value) => (readBoolean(value) === true ? true : undefined),
});
