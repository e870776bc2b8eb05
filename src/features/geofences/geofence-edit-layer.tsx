import L from 'leaflet';
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { ShapeDraft } from './geofence-shape';
import { layerForShape, shapeOfLayer } from './leaflet-shapes';
import { DEFAULT_GEOFENCE_COLOR } from './map-geofence';

/** Thick and dashed, in the colour chosen in the form: clearly a shape with unsaved changes. */
export function draftStyle(color: string): L.PathOptions {
  return { color, weight: 3, opacity: 1, fillColor: color, fillOpacity: 0.2, dashArray: '8 6' };
}

/** What the edit layer shows; a new `key` rebuilds the layer (a fresh draft, or Cancel). */
export interface EditableShape {
  key: number;
  shape: ShapeDraft;
}

/**
 * The one shape being drawn or edited, with leaflet-geoman's handles: drag a corner, add one from
 * a middle handle, right-click to remove one, drag the shape to move it, drag a circle's edge to
 * resize it. Reports the new outline after each change; React never rebuilds the layer mid-edit.
 */
export function GeofenceEditLayer({
  editable,
  color,
  onChange,
}: {
  editable: EditableShape | null;
  /** The Colour field's value, so the outline looks as it will once saved. */
  color: string | null;
  onChange: (shape: ShapeDraft) => void;
}) {
  const map = useMap();
  // SVG rather than canvas: a handful of editable paths, each a real element to drag.
  const renderer = useMemo(() => L.svg(), []);
  const shownColor = color ?? DEFAULT_GEOFENCE_COLOR;
  // Read when the layer is built for a new key: later outlines come from the layer itself.
  const readShown = useEffectEvent(() => ({ initial: editable, initialColor: shownColor }));
  const reportChange = useEffectEvent((shape: ShapeDraft) => onChange(shape));
  const key = editable?.key;
  const layerRef = useRef<L.Path | null>(null);

  useEffect(() => {
    const { initial, initialColor } = readShown();
    if (key === undefined || !initial) return;
    const kind = initial.shape.kind;
    const layer = layerForShape(initial.shape, {
      ...draftStyle(initialColor),
      renderer,
      pmIgnore: false,
    });
    layer.addTo(map);
    layerRef.current = layer;
    layer.pm.enable({
      draggable: true,
      snappable: false,
      // Crossing outlines are allowed while editing; saving explains what is wrong instead.
      allowSelfIntersection: true,
      allowSelfIntersectionEdit: true,
      removeLayerBelowMinVertexCount: false,
      // A square keeps exactly four corners.
      preventMarkerRemoval: kind === 'square',
      hideMiddleMarkers: kind === 'square',
    });
    const report = () => {
      const shape = shapeOfLayer(layer, kind);
      if (shape) reportChange(shape);
    };
    layer.on('pm:edit', report);
    return () => {
      layer.off('pm:edit', report);
      layer.pm.disable();
      layer.remove();
      layerRef.current = null;
    };
  }, [map, renderer, key]);

  // A new colour restyles the layer in place: rebuilding it would drop the edit handles.
  useEffect(() => {
    layerRef.current?.setStyle({ color: shownColor, fillColor: shownColor });
  }, [shownColor, key]);

  return null;
}
