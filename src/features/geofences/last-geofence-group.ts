import { isGuid } from '@/lib/guid';
import { guardSchema, readStoredJson, writeStoredJson } from '@/lib/stored-json';

/** The group of the geofence this browser saved last (null: the company's top group). */
const LAST_GEOFENCE_GROUP_KEY = 'fleet-console.geofences.last-group';

const lastGroupSchema = guardSchema(
  (value: unknown): value is string | null =>
    value === null || (typeof value === 'string' && isGuid(value)),
);

/** A new geofence's group when the list shows every group: most go where the last one went. */
export function lastGeofenceGroupId(): string | null {
  return readStoredJson('local', LAST_GEOFENCE_GROUP_KEY, lastGroupSchema, null).value;
}

/** Without storage a new geofence simply starts in the top group. */
export function rememberGeofenceGroupId(groupId: string | null): void {
  writeStoredJson('local', LAST_GEOFENCE_GROUP_KEY, groupId);
}
