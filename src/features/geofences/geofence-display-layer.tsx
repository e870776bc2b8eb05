import L from 'leaflet';
import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { layerForShape } from './leaflet-shapes';
import type { MapGeofence } from './map-geofence';

interface DisplayEntry {
  geofence: MapGeofence;
  layer: L.Path;
}

function baseStyle(geofence: MapGeofence): L.PathOptions {
  return {
    color: geofence.color,
    weight: 2,
    opacity: 0.9,
    fillColor: geofence.color,
    fillOpacity: 0.15,
    // Outside-facing geofences are dashed, so the two kinds tell apart at a glance.
    dashArray: geofence.isInside ? undefined : '6 4',
  };
}

function selectedStyle(geofence: MapGeofence): L.PathOptions {
  return { ...baseStyle(geofence), weight: 4, opacity: 1, fillOpacity: 0.35 };
}

/** Tooltip content as a text node: names come from users and must never be read as HTML. */
function textContent(text: string): () => HTMLElement {
  return () => {
    const element = document.createElement('span');
    element.textContent = text;
    return element;
  };
}

/**
 * Every listed geofence on one canvas. Layers live outside React: they are created once per
 * geofence revision and only the changed ones are replaced, so a refetch or a selection change
 * touches a handful of layers, not thousands.
 */
export function GeofenceDisplayLayer({
  geofences,
  selectedId,
  hiddenId,
  onSelect,
}: {
  geofences: readonly MapGeofence[];
  selectedId: string | null;
  /** The geofence whose outline is being edited (the edit layer draws it instead). */
  hiddenId: string | null;
  onSelect: (geofenceId: string) => void;
}) {
  const map = useMap();
  // A canvas with extra margin, so panning shows already-drawn shapes instead of blank edges.
  const renderer = useMemo(() => L.canvas({ padding: 0.5, tolerance: 4 }), []);
  const group = useMemo(() => L.layerGroup([], { pmIgnore: true }), []);
  const entries = useRef(new Map<string, DisplayEntry>());
  const highlighted = useRef<string | null>(null);
  const select = useEffectEvent((geofenceId: string) => onSelect(geofenceId));

  useEffect(() => {
    const current = entries.current;
    group.addTo(map);
    return () => {
      group.clearLayers();
      group.remove();
      current.clear();
      highlighted.current = null;
    };
  }, [map, group]);

  useEffect(() => {
    const current = entries.current;
    const listed = new Set<string>();
    for (const geofence of geofences) {
      listed.add(geofence.id);
      const existing = current.get(geofence.id);
      if (existing?.geofence.revision === geofence.revision) {
        existing.geofence = geofence;
        continue;
      }
      if (existing) group.removeLayer(existing.layer);
      if (!geofence.shape) {
        current.delete(geofence.id);
        continue;
      }
      const layer = layerForShape(geofence.shape, {
        ...(geofence.id === selectedId ? selectedStyle(geofence) : baseStyle(geofence)),
        renderer,
        pmIgnore: true,
        snapIgnore: true,
      });
      layer.bindTooltip(textContent(geofence.name), { sticky: true, direction: 'top' });
      layer.on('click', (event) => {
        // While drawing, a click on a shape places a corner: pass it on to the map, where
        // geoman listens (the canvas stops it at the shape).
        if (map.pm.globalDrawModeEnabled()) map.fire('click', event);
        else select(geofence.id);
      });
      current.set(geofence.id, { geofence, layer });
      if (geofence.id !== hiddenId) group.addLayer(layer);
    }
    for (const [id, entry] of current) {
      if (listed.has(id)) continue;
      group.removeLayer(entry.layer);
      current.delete(id);
    }

    const previous = highlighted.current ? current.get(highlighted.current) : undefined;
    if (previous && highlighted.current !== selectedId) {
      previous.layer.setStyle(baseStyle(previous.geofence));
    }
    const selected = selectedId ? current.get(selectedId) : undefined;
    if (selected) {
      selected.layer.setStyle(selectedStyle(selected.geofence));
      if (group.hasLayer(selected.layer)) selected.layer.bringToFront();
    }
    highlighted.current = selectedId;

    for (const [id, entry] of current) {
      const shown = id !== hiddenId;
      if (shown !== group.hasLayer(entry.layer)) {
        if (shown) group.addLayer(entry.layer);
        else group.removeLayer(entry.layer);
      }
    }
  }, [map, group, renderer, geofences, selectedId, hiddenId]);

  return null;
}
