import { describe, expect, it } from 'vitest';
import {
  PREVIEW_CORNERS_PER_LAYER,
  PREVIEW_MAX_CORNERS_PER_OUTLINE,
  PREVIEW_OUTLINES_PER_LAYER,
  previewPlan,
  type ImportPreviewOutline,
} from './import-preview-batches';
import { packedCornerCount, type PackedShape } from './packed-shape';

function polygon(corners: number): PackedShape {
  const flat = new Float64Array(corners * 2);
  for (let index = 0; index < corners; index++) {
    const angle = (index / corners) * 2 * Math.PI;
    flat[index * 2] = -116 + 0.1 * Math.cos(angle);
    flat[index * 2 + 1] = 43 + 0.1 * Math.sin(angle);
  }
  return { kind: 'polygon', corners: flat };
}

const outline = (key: string, shape: PackedShape, color: string | null = null) =>
  ({ key, color, shape }) satisfies ImportPreviewOutline;

const cornersOf = (shapes: readonly PackedShape[], maxCorners: number) =>
  shapes.reduce((sum, shape) => sum + Math.min(packedCornerCount(shape), maxCorners), 0);

describe('import preview plan', () => {
  it('thins a 100,000-corner lake shore to a layer of its own that a task can add', () => {
    const lake = polygon(100_000);
    const { maxCorners, batches } = previewPlan([outline('lake', lake)]);
    expect(maxCorners).toBe(PREVIEW_MAX_CORNERS_PER_OUTLINE);
    expect(batches).toEqual([{ color: '#1C7ED6', shapes: [lake] }]);
  });

  it('splits outlines into layers of bounded corners and outlines, each outline once, in order per colour', () => {
    const outlines = [
      ...Array.from({ length: 30 }, (_, index) =>
        outline(`big-${index}`, polygon(1_500), '#C92A2A'),
      ),
      ...Array.from({ length: 450 }, (_, index) =>
        outline(
          `small-${index}`,
          index % 3 === 0
            ? { kind: 'circle', center: { latitude: 43, longitude: -116 }, radius: 200 }
            : polygon(12),
        ),
      ),
    ];
    const { maxCorners, batches } = previewPlan(outlines);
    for (const batch of batches) {
      expect(batch.shapes.length).toBeLessThanOrEqual(PREVIEW_OUTLINES_PER_LAYER);
      expect(cornersOf(batch.shapes, maxCorners)).toBeLessThanOrEqual(PREVIEW_CORNERS_PER_LAYER);
    }
    const red = batches
      .filter((batch) => batch.color === '#C92A2A')
      .flatMap((batch) => batch.shapes);
    const blue = batches
      .filter((batch) => batch.color === '#1C7ED6')
      .flatMap((batch) => batch.shapes);
    expect(red).toEqual(outlines.slice(0, 30).map(({ shape }) => shape));
    expect(blue).toEqual(outlines.slice(30).map(({ shape }) => shape));
    expect(batches.length).toBeGreaterThan(2);
  });
});
