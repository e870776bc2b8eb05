import type { GeoPoint } from '@/api/geofences';
import { shapeBounds, type GeoBounds, type ShapeDraft } from './geofence-shape';

/**
 * An outline as it crosses from the import worker to the page: its corners as one flat list of
 * numbers (longitude, latitude, longitude, …). 2,500 outlines of 300 {latitude, longitude}
 * objects took over a second to copy between threads, most of it on the page, in one task.
 */
export type PackedShape =
  Extract<ShapeDraft, { kind: 'circle' }> | { kind: 'polygon' | 'square'; corners: Float64Array };

/**
 * The shapes packed side by side in one buffer, each a view of its own part: a browser copies one
 * buffer between threads in one piece, where thousands of small ones cost an allocation each.
 */
export function packShapes(shapes: readonly ShapeDraft[]): PackedShape[] {
  let total = 0;
  for (const shape of shapes) if (shape.kind !== 'circle') total += shape.points.length * 2;
  const buffer = new Float64Array(total);
  let offset = 0;
  return shapes.map((shape) => {
    if (shape.kind === 'circle') return shape;
    const corners = buffer.subarray(offset, offset + shape.points.length * 2);
    shape.points.forEach((point, index) => {
      corners[index * 2] = point.longitude;
      corners[index * 2 + 1] = point.latitude;
    });
    offset += corners.length;
    return { kind: shape.kind, corners };
  });
}

/** Corners of the outline (0 for a circle). */
export function packedCornerCount(shape: PackedShape): number {
  return shape.kind === 'circle' ? 0 : shape.corners.length / 2;
}

function packedCorner(corners: Float64Array, index: number): GeoPoint {
  const longitude = corners[index * 2];
  const latitude = corners[index * 2 + 1];
  if (longitude === undefined || latitude === undefined) {
    throw new RangeError(`The outline has no corner ${index}: it has ${corners.length / 2}.`);
  }
  return { longitude, latitude };
}

/** The outline as the console edits and sends it; built for one geofence at a time. */
export function unpackShape(shape: PackedShape): ShapeDraft {
  if (shape.kind === 'circle') return shape;
  const points = Array.from({ length: packedCornerCount(shape) }, (_, index) =>
    packedCorner(shape.corners, index),
  );
  return { kind: shape.kind, points };
}

/**
 * At most `maxCorners` of the corners, evenly spaced (every n-th), for drawing many outlines at
 * once: the map projects every corner it holds on each zoom.
 */
export function thinnedCorners(shape: PackedShape, maxCorners: number): GeoPoint[] {
  if (shape.kind === 'circle') return [];
  const count = packedCornerCount(shape);
  const kept = Math.min(count, Math.max(1, Math.floor(maxCorners)));
  const step = count / kept;
  return Array.from({ length: kept }, (_, index) =>
    packedCorner(shape.corners, Math.floor(index * step)),
  );
}

export function packedBounds(shape: PackedShape): GeoBounds | null {
  if (shape.kind === 'circle') return shapeBounds(shape);
  const { corners } = shape;
  if (corners.length === 0) return null;
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (let index = 0; index < corners.length; index += 2) {
    const longitude = corners[index];
    const latitude = corners[index + 1];
    // Corners come in pairs; half of one would be no corner.
    if (longitude === undefined || latitude === undefined) break;
    if (longitude < west) west = longitude;
    if (longitude > east) east = longitude;
    if (latitude < south) south = latitude;
    if (latitude > north) north = latitude;
  }
  return { south, west, north, east };
}

/** The buffers the shapes are packed in, each once: to move them to the page rather than copy. */
export function packedBuffers(shapes: Iterable<PackedShape>): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const shape of shapes) {
    if (shape.kind !== 'circle' && shape.corners.buffer instanceof ArrayBuffer) {
      buffers.add(shape.corners.buffer);
    }
  }
  return [...buffers];
}
