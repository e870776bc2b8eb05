import { useQuery } from '@tanstack/react-query';
import {
  geofenceSearchIndexQueryOptions,
  type GeofenceSearchEntry,
  type GeofenceSearchIndex,
} from '@/api/geofences';
import { rankMatches, type RankedMatch, type SearchField } from '@/lib/search/prefix-match';

export type { GeofenceSearchIndex };

type GeofenceMatchField = 'name';
export type GeofenceMatch = RankedMatch<GeofenceSearchEntry, GeofenceMatchField>;

function geofenceFields(geofence: GeofenceSearchEntry): SearchField<GeofenceMatchField>[] {
  return [{ field: 'name', value: geofence.name, kind: 'text' }];
}

/** Geofences whose name (or a word of it) starts with `text`, best first. */
export function matchGeofences(
  index: Pick<GeofenceSearchIndex, 'geofences'>,
  text: string,
  limit?: number,
): GeofenceMatch[] {
  return rankMatches(
    index.geofences,
    text,
    geofenceFields,
    (geofence) => geofence.name ?? '',
    limit,
  );
}

/** Every geofence (up to a cap) by name, read once in the background and kept for minutes. */
export function useGeofenceSearchIndex({ enabled = true } = {}) {
  return useQuery({ ...geofenceSearchIndexQueryOptions(), enabled });
}
