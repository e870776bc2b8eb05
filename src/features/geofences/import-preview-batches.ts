import { DEFAULT_GEOFENCE_COLOR } from './map-geofence';
import { packedCornerCount, type PackedShape } from './packed-shape';

/** An outline an import would create, as the map previews it. */
export interface ImportPreviewOutline {
  key: string;
  color: string | null;
  shape: PackedShape;
}

/**
 * Corners the whole import preview draws at most: Leaflet projects every corner it holds again on
 * each zoom, in one task, so 2,500 outlines of 300 corners froze the page for a third of a second
 * per zoom. Each outline keeps at least PREVIEW_MIN_CORNERS, enough to show its shape.
 */
const PREVIEW_CORNER_BUDGET = 50_000;
const PREVIEW_MIN_CORNERS = 16;
/**
 * Corners one outline keeps at most: a preview is at most a screen wide, where 2,000 corners are
 * under two pixels apart. A lake shore of 100,000 corners otherwise took half the budget, one
 * Leaflet layer added (projected, simplified and drawn) in one task of 180 ms or more.
 */
export const PREVIEW_MAX_CORNERS_PER_OUTLINE = 2_000;
/** Corners one preview layer holds at most: each layer is added in a task of its own. */
export const PREVIEW_CORNERS_PER_LAYER = 10_000;
/** Outlines one preview layer holds at most (Leaflet's cost per outline, circles included). */
export const PREVIEW_OUTLINES_PER_LAYER = 200;

/** One preview layer's content: outlines of one colour. */
export interface PreviewBatch {
  color: string;
  shapes: PackedShape[];
}

export interface PreviewPlan {
  /** Corners each outline is thinned to when its layer is made. */
  maxCorners: number;
  batches: PreviewBatch[];
}

/**
 * The outlines by colour in batches small enough to add one per task, each outline counted
 * thinned to the preview's corner budget: at most PREVIEW_OUTLINES_PER_LAYER outlines and
 * PREVIEW_CORNERS_PER_LAYER corners (or a single outline), in the outlines' order in each colour.
 */
export function previewPlan(outlines: readonly ImportPreviewOutline[]): PreviewPlan {
  const maxCorners = Math.floor(
    Math.min(
      PREVIEW_MAX_CORNERS_PER_OUTLINE,
      Math.max(PREVIEW_MIN_CORNERS, PREVIEW_CORNER_BUDGET / Math.max(1, outlines.length)),
    ),
  );
  const byColor = new Map<string, ImportPreviewOutline[]>();
  for (const outline of outlines) {
    const color = outline.color ?? DEFAULT_GEOFENCE_COLOR;
    const members = byColor.get(color);
    if (members) members.push(outline);
    else byColor.set(color, [outline]);
  }
  const batches: PreviewBatch[] = [];
  for (const [color, members] of byColor) {
    let batch: PreviewBatch | null = null;
    let corners = 0;
    for (const { shape } of members) {
      const shapeCorners = Math.min(packedCornerCount(shape), maxCorners);
      if (
        batch === null ||
        batch.shapes.length >= PREVIEW_OUTLINES_PER_LAYER ||
        corners + shapeCorners > PREVIEW_CORNERS_PER_LAYER
      ) {
        batch = { color, shapes: [] };
        batches.push(batch);
        corners = 0;
      }
      batch.shapes.push(shape);
      corners += shapeCorners;
    }
  }
  return { maxCorners, batches };
}
