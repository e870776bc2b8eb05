import { useMemo, useState } from 'react';
import type { Geofence } from '@/api/geofences';
import { useRowSelection } from '@/components/list/use-row-selection';
import type { GeofenceListBulkSelection } from './geofence-list';

const geofenceIdOf = (geofence: Geofence) => geofence.geofenceId;

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
  filterKey,
}: {
  /** The geofences the list shows, in its order. */
  listedGeofences: readonly Geofence[];
  filterKey: string;
}): GeofenceSelection {
  const [selecting, setSelectingState] = useState(false);
  const selection = useRowSelection<Geofence>({ keyOf: geofenceIdOf, resetKey: filterKey });
  const selectedRows = useMemo(
    () => listedGeofences.filter((geofence) => selection.keys.has(geofence.geofenceId)),
    [listedGeofences, selection.keys],
  );
  const listedRow = (id: string) => listedGeofences.find((geofence) => geofence.geofenceId === id);

  const selectAll = () => selection.selectAll(listedGeofences);
  const clear = selection.clear;
  return {
    selecting,
    setSelecting: (next) => {
      setSelectingState(next);
      clear();
    },
    selectedRows,
    listSelection: selecting
      ? {
          ids: selection.keys,
          onToggle: (id) => {
            const row = listedRow(id);
            if (row) selection.toggle(row);
          },
          onExtend: (id) => {
            const row = listedRow(id);
            if (row) selection.extendTo(row, listedGeofences);
          },
          onSelectAll: selectAll,
        }
      : undefined,
    selectAll,
    clear,
  };
}
