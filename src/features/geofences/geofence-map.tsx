import { useLingui } from '@lingui/react/macro';
import './geoman';
import { ActionIcon, Tooltip } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  type RefObject,
} from 'react';
import { useMap } from 'react-leaflet';
import { BaseMap } from '@/components/map/base-map';
import { fitMapView } from '@/components/map/fit-map-view';
import { MapControl } from '@/components/map/map-control';
import { GeofenceDisplayLayer } from './geofence-display-layer';
import { GeofenceEditLayer, type EditableShape } from './geofence-edit-layer';
import { mergeBounds, shapeBounds, type GeoBounds, type ShapeDraft } from './geofence-shape';
import { GeomanDrawControls } from './geoman-draw-controls';
import type { ImportPreviewOutline } from './import-preview-batches';
import { ImportPreviewLayer } from './import-preview-layer';
import { toLatLngBounds } from './leaflet-shapes';
import type { MapGeofence } from './map-geofence';
import { panelInsets } from './map-panel-insets';
import { packedBounds } from './packed-shape';
import { PlaceSearchControl } from './place-search';
import type { PlaceDrawOutcome } from './place-search-panel';

/** Room kept between a fitted shape and the map's edges or the panel. */
const FIT_MARGIN = 24;

export interface GeofenceMapProps {
  geofences: readonly MapGeofence[];
  /**
   * Names the collection shown (e.g. its group), so the view fits a new one once; null while the
   * geofences on screen are still the previous collection's.
   */
  collectionKey: string | null;
  /** False while the collection's pages are still arriving (each is drawn as it comes). */
  collectionComplete: boolean;
  selectedId: string | null;
  /** The selected geofence's outline, also when the list does not hold it (yet). */
  selectedShape: ShapeDraft | null;
  onSelect: (geofenceId: string) => void;
  editable: EditableShape | null;
  /** The open form's colour (null without a form): the outline being drawn or edited shows it. */
  editColor: string | null;
  /** The saved geofence whose outline the edit layer currently replaces. */
  editedGeofenceId: string | null;
  onShapeEdited: (shape: ShapeDraft) => void;
  onShapeDrawn: (shape: ShapeDraft) => void;
  /** An outline around a place found by the search, named after it (see the place search). */
  onPlaceOutlined: (shape: ShapeDraft, placeName: string) => Promise<PlaceDrawOutcome>;
  drawingDisabled: boolean;
  /** Starts drawing a polygon at once whenever this changes to another key (null: does not). */
  startDrawing: string | null;
  /** Geofences an import would create, drawn dashed until they are imported. */
  preview: readonly ImportPreviewOutline[] | null;
  /** The panel laid over the map (beside it on wide screens, below on phones); views avoid it. */
  panelRef: RefObject<HTMLElement | null>;
  /** Where the draw buttons go: beside the map, so no tap meant for the map lands on them. */
  drawToolbarTarget: HTMLElement | null;
}

export function GeofenceMap(props: GeofenceMapProps) {
  const { t } = useLingui();
  // A shape clicked on the map is already in view: only selections made elsewhere fly to it.
  const selectedOnMapRef = useRef<string | null>(null);
  const { onSelect } = props;
  const selectOnMap = useCallback(
    (geofenceId: string) => {
      selectedOnMapRef.current = geofenceId;
      onSelect(geofenceId);
    },
    [onSelect],
  );
  return (
    <BaseMap label={t`Geofence map`} attributionPosition="bottomleft">
      <PlaceSearchControl
        drawingDisabled={props.drawingDisabled}
        onDrawAround={props.onPlaceOutlined}
        pagePanelRef={props.panelRef}
      />
      <GeofenceDisplayLayer
        geofences={props.geofences}
        selectedId={props.selectedId}
        hiddenId={props.editedGeofenceId}
        onSelect={selectOnMap}
      />
      <ImportPreviewLayer outlines={props.preview} />
      <GeofenceEditLayer
        editable={props.editable}
        color={props.editColor}
        onChange={props.onShapeEdited}
      />
      <GeomanDrawControls
        disabled={props.drawingDisabled}
        onDrawn={props.onShapeDrawn}
        startDrawing={props.startDrawing}
        toolbarTarget={props.drawToolbarTarget}
      />
      <GeofenceViewController {...props} selectedOnMapRef={selectedOnMapRef} />
      <PointerOnlyHandles />
    </BaseMap>
  );
}

function boundsOfAll(geofences: readonly MapGeofence[]): GeoBounds | null {
  return mergeBounds(
    geofences.flatMap((geofence) => (geofence.shape ? [shapeBounds(geofence.shape)] : [])),
  );
}

/** Moves the view: to everything at first, to the selection, to an import preview, on request. */
function GeofenceViewController({
  geofences,
  collectionKey,
  collectionComplete,
  selectedId,
  selectedShape,
  editable,
  preview,
  panelRef,
  selectedOnMapRef,
}: GeofenceMapProps & { selectedOnMapRef: RefObject<string | null> }) {
  const { t } = useLingui();
  const map = useMap();
  const reduceMotion = useReducedMotion();
  const allBounds = useMemo(() => boundsOfAll(geofences), [geofences]);
  /** The collection the view was fitted to, and whether all of it was there then. */
  const fittedCollection = useRef<{ key: string; bounds: GeoBounds; complete: boolean } | null>(
    null,
  );
  /** Set once the user pans, zooms or clicks the map: the view is theirs from then on. */
  const userMovedMap = useRef(false);
  const focusedId = useRef<string | null>(null);
  const hasShownView = useRef(false);

  const show = useCallback(
    (bounds: GeoBounds) => {
      const insets = panelInsets(map, panelRef.current);
      const shown = fitMapView(map, bounds, {
        // The zoom, place search and fit buttons stand at the top left.
        paddingTopLeft: [64, FIT_MARGIN],
        paddingBottomRight: [insets.right + FIT_MARGIN, insets.bottom + FIT_MARGIN],
        maxZoom: 17,
        // The first view jumps into place; later ones fly, unless the user asked for less motion.
        fly: hasShownView.current && !reduceMotion,
        duration: 0.6,
      });
      if (shown) hasShownView.current = true;
    },
    [map, panelRef, reduceMotion],
  );
  // Effects fit the view with the motion setting of the latest render, without re-running for it.
  const fitView = useEffectEvent((bounds: GeoBounds) => show(bounds));

  useEffect(() => {
    const container = map.getContainer();
    const takeOver = () => {
      userMovedMap.current = true;
    };
    const events = ['pointerdown', 'wheel', 'keydown'] as const;
    for (const type of events) container.addEventListener(type, takeOver, { passive: true });
    return () => {
      for (const type of events) container.removeEventListener(type, takeOver);
    };
  }, [map]);

  // A layout effect, so the view is set before the display layer adds the shapes: moving the
  // view afterwards would project every shape twice. The first page is fitted as soon as it is
  // drawn; if the complete collection reaches further, the view widens to it, unless the user
  // has moved the map meanwhile.
  useLayoutEffect(() => {
    if (!allBounds || collectionKey === null) return;
    const fitted = fittedCollection.current;
    if (fitted?.key === collectionKey) {
      if (fitted.complete || !collectionComplete) return;
      fittedCollection.current = { ...fitted, complete: true };
      const reachesFurther = !toLatLngBounds(fitted.bounds).contains(toLatLngBounds(allBounds));
      if (reachesFurther && !userMovedMap.current && !selectedShape) fitView(allBounds);
      return;
    }
    fittedCollection.current = {
      key: collectionKey,
      bounds: allBounds,
      complete: collectionComplete,
    };
    userMovedMap.current = false;
    if (!selectedShape) fitView(allBounds);
  }, [allBounds, collectionKey, collectionComplete, selectedShape]);

  useEffect(() => {
    if (!selectedId) {
      focusedId.current = null;
      return;
    }
    if (!selectedShape || focusedId.current === selectedId) return;
    focusedId.current = selectedId;
    const clickedOnMap = selectedOnMapRef.current === selectedId;
    selectedOnMapRef.current = null;
    if (!clickedOnMap) fitView(shapeBounds(selectedShape));
  }, [selectedId, selectedShape, selectedOnMapRef]);

  // A shape just drawn (or put into edit mode) must not hide under the panel that opened for it.
  const editableKey = editable?.key ?? null;
  // Read when a new outline arrives, not as it is edited.
  const readEditableShape = useEffectEvent(() => editable?.shape);
  useEffect(() => {
    const shape = readEditableShape();
    if (editableKey === null || !shape) return;
    const bounds = shapeBounds(shape);
    const insets = panelInsets(map, panelRef.current);
    const size = map.getSize();
    const topLeft = map.latLngToContainerPoint([bounds.north, bounds.west]);
    const bottomRight = map.latLngToContainerPoint([bounds.south, bounds.east]);
    const inView =
      topLeft.x >= 0 &&
      topLeft.y >= 0 &&
      bottomRight.x <= size.x - insets.right &&
      bottomRight.y <= size.y - insets.bottom;
    if (!inView) fitView(bounds);
  }, [editableKey, map, panelRef]);

  useEffect(() => {
    const bounds =
      preview && mergeBounds(preview.flatMap((outline) => packedBounds(outline.shape) ?? []));
    if (bounds) fitView(bounds);
  }, [preview]);

  return (
    <MapControl position="topleft">
      <Tooltip label={t`Fit all geofences in view`} position="right" withinPortal>
        <ActionIcon
          variant="default"
          size={34}
          aria-label={t`Fit all geofences in view`}
          disabled={!allBounds}
          onClick={() => allBounds && show(allBounds)}
        >
          <span aria-hidden="true">⤢</span>
        </ActionIcon>
      </Tooltip>
    </MapControl>
  );
}

function PointerOnlyHandles() {
  const map = useMap();
  useEffect(() => {
    const pane = map.getPane('markerPane');
    if (!pane) return;
    const quiet = (node: Node) => {
      if (!(node instanceof HTMLElement) || !node.classList.contains('marker-icon')) return;
      node.tabIndex = -1;
      node.removeAttribute('role');
      node.setAttribute('aria-hidden', 'true');
    };
    pane.querySelectorAll('.marker-icon').forEach(quiet);
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) mutation.addedNodes.forEach(quiet);
    });
    observer.observe(pane, { childList: true });
    return () => observer.disconnect();
  }, [map]);
  return null;
}
