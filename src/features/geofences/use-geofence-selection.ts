import { useMemo, useState } from 'react';
import type { Geofence } from '@/api/geofences';
import {
  bulkSelectionOf,
  EMPTY_BULK_SELECTION,
  extendBulkSelection,
  toggleInBulkSelection,
} from './geofence-bulk-selection';
import type { GeofenceListBulkSelection } from './geofence-list';

export interface GeofenceSelection {
  /** Select mode is on: clicks in the list choose geofences instead of opening them. */
  selecting: boolean;
  /** Turns select mode on or off; either way the choice starts empty. */
  setSelecting: (selecting: boolean) => void;
  /** The chosen geofences that the list shows, in its order. */
  selectedRows: readonly Geofence[];
  /** What the list needs in select mode; undefined outside it. */
  listSelection: GeofenceListBulkSelection | undefined;
  selectAll: () => void;
  clear: () => void;
}

/**
 * Select mode: geofences chosen in the side list for bulk work, kept apart from the one open on
 * the map. The choice ends with the mode, and when `filterKey` (what the list's filter holds)
 * changes.
 */
export function useGeofenceSelection({
  listedGeofences,
  listedIds,
  filterKey,
}: {
  /** The geofences the list shows, in its order. */
  listedGeofences: readonly Geofence[];
  listedIds: readonly string[];
  filterKey: string;
}): GeofenceSelection {
  const [selecting, setSelectingState] = useState(false);
  const [selection, setSelection] = useState(EMPTY_BULK_SELECTION);
  const [selectionFilterKey, setSelectionFilterKey] = useState(filterKey);
  if (selectionFilterKey !== filterKey) {
    setSelectionFilterKey(filterKey);
    setSelection(EMPTY_BULK_SELECTION);
  }
  const selectedRows = useMemo(
    () => listedGeofences.filter((geofence) => selection.ids.has(geofence.geofenceId)),
    [listedGeofences, selection],
  );

  const selectAll = () => setSelection(bulkSelectionOf(listedIds));
  const clear = () => setSelection(EMPTY_BULK_SELECTION);
  return {
    selecting,
    setSelecting: (next) => {
      setSelectingState(next);
      clear();
    },
    selectedRows,
    listSelection: selecting
      ? {
          ids: selection.ids,
          onToggle: (id) => setSelection((current) => toggleInBulkSelection(current, id)),
          onExtend: (id) => setSelection((current) => extendBulkSelection(current, listedIds, id)),
          onSelectAll: selectAll,
        }
      : undefined,
    selectAll,
    clear,
  };
}
