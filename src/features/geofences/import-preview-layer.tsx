import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { GeoPoint } from '@/api/geofences';
import {
  previewPlan,
  type ImportPreviewOutline,
  type PreviewBatch,
} from './import-preview-batches';
import { layerForShape, outlinesLayer } from './leaflet-shapes';
import { thinnedCorners } from './packed-shape';

/**
 * The shapes an import would create, dashed in their colour, not clickable. Outlines of a colour
 * share layers (Leaflet's cost is per layer), and the layers are added one task at a time, so
 * thousands of outlines never hold the page for long.
 */
export function ImportPreviewLayer({
  outlines,
}: {
  outlines: readonly ImportPreviewOutline[] | null;
}) {
  const map = useMap();
  useEffect(() => {
    if (!outlines || outlines.length === 0) return;
    // One canvas for the whole preview: thousands of SVG paths are slow to lay out and paint.
    const renderer = L.canvas({ padding: 0.5 });
    const group = L.layerGroup([], { pmIgnore: true }).addTo(map);
    const { maxCorners, batches } = previewPlan(outlines);
    const styleOf = (color: string): L.PathOptions => ({
      color,
      fillColor: color,
      fillOpacity: 0.1,
      weight: 2,
      dashArray: '4 4',
      interactive: false,
      pmIgnore: true,
      snapIgnore: true,
      renderer,
    });
    // Thinned as each layer is made, in its own task.
    const layersOf = ({ color, shapes }: PreviewBatch): L.Layer[] => {
      const rings: GeoPoint[][] = [];
      const circles: L.Layer[] = [];
      for (const shape of shapes) {
        if (shape.kind === 'circle') circles.push(layerForShape(shape, styleOf(color)));
        else rings.push(thinnedCorners(shape, maxCorners));
      }
      return rings.length > 0 ? [outlinesLayer(rings, styleOf(color)), ...circles] : circles;
    };

    let timer: number | undefined;
    const addNextBatch = (index: number) => {
      const batch = batches[index];
      if (!batch) return;
      for (const layer of layersOf(batch)) group.addLayer(layer);
      timer = window.setTimeout(() => addNextBatch(index + 1), 0);
    };
    // The first batch waits for a task of its own too: added in this effect, it ran in the same
    // task as the render of the import's result, which for one long outline made a task of over
    // 100 ms.
    timer = window.setTimeout(() => addNextBatch(0), 0);
    return () => {
      window.clearTimeout(timer);
      group.remove();
      renderer.remove();
    };
  }, [map, outlines]);
  return null;
}

/**
 * geoman's corner and centre handles are Leaflet markers, which make themselves focusable buttons
 * without a name. They can only be dragged with a pointer, so they leave the tab order and the
 * accessibility tree; the form and GeoJSON import are the keyboard route to a geofence.
 */
