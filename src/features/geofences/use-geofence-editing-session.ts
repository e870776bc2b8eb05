import { useCallback, useReducer, useState } from 'react';
import type { Geofence } from '@/api/geofences';
import { sameId } from '@/lib/guid';
import type { EditableShape } from './geofence-edit-layer';
import type { ShapeDraft } from './geofence-shape';
import type { ImportPreviewOutline } from './import-preview-batches';

/**
 * The outline on the edit layer: a new drawing, or a saved geofence's outline being changed
 * (`saved` null: its saved outline could not be drawn, and this one was drawn in its place).
 */
type OutlineEdit = EditableShape &
  (
    | { target: 'new'; name?: string }
    | { target: 'saved'; geofenceId: string; saved: ShapeDraft | null }
  );

/** The work in the side panel besides showing the selected geofence; one at a time. */
type GeofenceWork =
  | { kind: 'none' }
  | { kind: 'outline'; outline: OutlineEdit }
  | { kind: 'import'; preview: readonly ImportPreviewOutline[] | null };

/** An outline edit before it is keyed; each kind keeps its own fields. */
type UnkeyedOutlineEdit = OutlineEdit extends infer Edit
  ? Edit extends OutlineEdit
    ? Omit<Edit, 'key'>
    : never
  : never;

/** A fresh outline edit, keyed anew so its drawing layer starts over. */
function withOutline(state: EditingSessionState, outline: UnkeyedOutlineEdit): EditingSessionState {
  const key = state.outlineCount + 1;
  return { ...state, outlineCount: key, work: { kind: 'outline', outline: { ...outline, key } } };
}

export interface EditingSessionState {
  /** The `selected` address parameter the session was last brought in line with. */
  selectedId: string | null;
  work: GeofenceWork;
  /** Gives each new outline its own edit-layer key, so the layer is rebuilt for it. */
  outlineCount: number;
  /** Kept on screen while its deletion refreshes the lists, which drops it from the cache. */
  deletingGeofence: Geofence | null;
  /** The geofence last saved here, so the page can tell when the list's filter leaves it out. */
  lastSavedId: string | null;
}

export type EditingSessionAction =
  /** The address selects another geofence (or none), already confirmed by the unsaved-changes guard. */
  | { type: 'selection-changed'; selectedId: string | null }
  /** `name`: what the outline was drawn around (a place found by the search). */
  | { type: 'draw-started'; shape: ShapeDraft; name?: string }
  | { type: 'reshape-started'; geofenceId: string; saved: ShapeDraft }
  /** A saved geofence whose outline cannot be drawn got a new one, drawn on the map. */
  | { type: 'redrawn'; geofenceId: string; shape: ShapeDraft }
  | { type: 'outline-changed'; shape: ShapeDraft }
  /** Discarded, or the geofence it belonged to was deleted. */
  | { type: 'outline-ended' }
  | { type: 'saved'; geofenceId: string }
  | { type: 'deletion-started'; geofence: Geofence }
  | { type: 'import-opened' }
  | { type: 'import-previewed'; preview: readonly ImportPreviewOutline[] | null }
  | { type: 'import-closed' };

const NO_WORK: GeofenceWork = { kind: 'none' };

export function initialEditingSession(selectedId: string | null): EditingSessionState {
  return { selectedId, work: NO_WORK, outlineCount: 0, deletingGeofence: null, lastSavedId: null };
}

const isSelected = (id: string, selectedId: string | null) =>
  selectedId !== null && sameId(id, selectedId);

/** A different selection ends the work that belonged to the one before. */
function workAfterSelection(work: GeofenceWork, selectedId: string | null): GeofenceWork {
  if (work.kind === 'import') return selectedId ? NO_WORK : work;
  if (work.kind !== 'outline') return work;
  const { outline } = work;
  if (outline.target === 'new') return selectedId ? NO_WORK : work;
  return isSelected(outline.geofenceId, selectedId) ? work : NO_WORK;
}

export function editingSessionReducer(
  state: EditingSessionState,
  action: EditingSessionAction,
): EditingSessionState {
  switch (action.type) {
    case 'selection-changed': {
      const { selectedId } = action;
      return {
        ...state,
        selectedId,
        work: workAfterSelection(state.work, selectedId),
        deletingGeofence:
          state.deletingGeofence && isSelected(state.deletingGeofence.geofenceId, selectedId)
            ? state.deletingGeofence
            : null,
        lastSavedId:
          state.lastSavedId && isSelected(state.lastSavedId, selectedId) ? state.lastSavedId : null,
      };
    }
    case 'draw-started':
      return withOutline(state, { shape: action.shape, target: 'new', name: action.name });
    case 'reshape-started':
      return withOutline(state, {
        shape: action.saved,
        target: 'saved',
        geofenceId: action.geofenceId,
        saved: action.saved,
      });
    case 'redrawn':
      return withOutline(state, {
        shape: action.shape,
        target: 'saved',
        geofenceId: action.geofenceId,
        saved: null,
      });
    case 'outline-changed':
      return state.work.kind === 'outline'
        ? {
            ...state,
            work: { kind: 'outline', outline: { ...state.work.outline, shape: action.shape } },
          }
        : state;
    case 'outline-ended':
      return state.work.kind === 'outline' ? { ...state, work: NO_WORK } : state;
    case 'saved':
      return {
        ...state,
        work: state.work.kind === 'outline' ? NO_WORK : state.work,
        lastSavedId: action.geofenceId,
      };
    case 'deletion-started':
      return { ...state, deletingGeofence: action.geofence };
    case 'import-opened':
      return { ...state, work: { kind: 'import', preview: null } };
    case 'import-previewed':
      return state.work.kind === 'import'
        ? { ...state, work: { kind: 'import', preview: action.preview } }
        : state;
    case 'import-closed':
      return state.work.kind === 'import' ? { ...state, work: NO_WORK } : state;
  }
}

/**
 * What the geofence page is doing besides showing the selected geofence: drawing a new outline,
 * changing a saved one, or importing; and what the open form reports (unsaved changes, colour).
 * The work follows the `selected` address parameter, adjusted while rendering when it changes.
 */
export function useGeofenceEditingSession(selectedId: string | null) {
  const [state, dispatch] = useReducer(editingSessionReducer, selectedId, initialEditingSession);
  if (state.selectedId !== selectedId) dispatch({ type: 'selection-changed', selectedId });
  const [editorDirty, setEditorDirty] = useState(false);
  /** The open form's colour, which the map shows before it is saved. */
  const [editorColor, setEditorColor] = useState<string | null>(null);

  // Stable: the import panel reports its preview from an effect that depends on it.
  const setImportPreview = useCallback(
    (preview: readonly ImportPreviewOutline[] | null) =>
      dispatch({ type: 'import-previewed', preview }),
    [],
  );
  const updateOutline = useCallback(
    (shape: ShapeDraft) => dispatch({ type: 'outline-changed', shape }),
    [],
  );

  const { work } = state;
  const outline = work.kind === 'outline' ? work.outline : null;
  return {
    ...state,
    dispatch,
    outline,
    importOpen: work.kind === 'import',
    preview: work.kind === 'import' ? work.preview : null,
    setImportPreview,
    updateOutline,
    editorDirty,
    setEditorDirty,
    editorColor,
    setEditorColor,
  };
}

export type GeofenceEditingSession = ReturnType<typeof useGeofenceEditingSession>;
