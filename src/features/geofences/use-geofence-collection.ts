import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isApiError } from '@/api/api-error';
import { collectionGeofences, geofenceDetailQueryOptions, type Geofence } from '@/api/geofences';
import { sameId } from '@/lib/guid';
import { geofenceCollectionQuery } from './geofence-collection-query';
import { geofenceCollectionFilter, type GeofencesSearch } from './geofences-search';
import { drawableShape, filterMapGeofences, toMapGeofence } from './map-geofence';

/** Every geofence of the list's group, and the ones its search leaves in, in the list's order. */
export function useGeofenceCollection(search: GeofencesSearch) {
  const filter = geofenceCollectionFilter(search);
  const query = useQuery({
    ...geofenceCollectionQuery(filter),
    placeholderData: keepPreviousData,
  });
  const collection = query.data;
  const geofences = useMemo(() => collection && collectionGeofences(collection), [collection]);
  const mapGeofences = useMemo(() => (geofences ?? []).map(toMapGeofence), [geofences]);
  const listed = useMemo(
    () => filterMapGeofences(mapGeofences, search.q),
    [mapGeofences, search.q],
  );
  /** The geofences the list shows, in its order, as the service sent them. */
  const listedGeofences = useMemo(() => {
    const byId = new Map((geofences ?? []).map((geofence) => [geofence.geofenceId, geofence]));
    return listed.flatMap((item) => byId.get(item.id) ?? []);
  }, [geofences, listed]);
  return {
    filter,
    query,
    geofences,
    /** False while pages of the collection are still on their way (they are drawn as they come). */
    complete: collection?.complete ?? false,
    expected: collection?.expected,
    total: mapGeofences.length,
    listed,
    listedGeofences,
  };
}

export type GeofenceCollection = ReturnType<typeof useGeofenceCollection>;

/**
 * The geofence open on the map, by geofenceIdentifier alone: the list's copy serves until it is
 * refetched, and `deletingGeofence` while its deletion refreshes the lists.
 */
export function useSelectedGeofence({
  selectedId,
  collection,
  deletingGeofence,
}: {
  selectedId: string | null;
  collection: GeofenceCollection;
  deletingGeofence: Geofence | null;
}) {
  const { geofences } = collection;
  const listedSelected = useMemo(
    () =>
      selectedId
        ? geofences?.find((geofence) => sameId(geofence.geofenceId, selectedId))
        : undefined,
    [geofences, selectedId],
  );
  const detailQuery = useQuery({
    ...geofenceDetailQueryOptions(selectedId ?? ''),
    enabled: selectedId !== null,
    initialData: listedSelected,
    initialDataUpdatedAt: collection.query.dataUpdatedAt,
  });
  const selectedGeofence = selectedId
    ? (detailQuery.data ??
      (deletingGeofence && sameId(deletingGeofence.geofenceId, selectedId)
        ? deletingGeofence
        : null))
    : null;
  // The saved outline only when a map can draw it; otherwise why not, and it is drawn anew.
  const { shape: savedShape, problem: savedShapeProblem } = useMemo(
    () => (selectedGeofence ? drawableShape(selectedGeofence) : { shape: null, problem: null }),
    [selectedGeofence],
  );
  // Deleted elsewhere (a bulk delete, another tab) while open here.
  const deletedElsewhere =
    selectedId !== null &&
    deletingGeofence === null &&
    detailQuery.data !== undefined &&
    isApiError(detailQuery.error) &&
    detailQuery.error.code === 'NOT_FOUND';
  return { detailQuery, selectedGeofence, savedShape, savedShapeProblem, deletedElsewhere };
}
