// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_CORNERS } from './geofence-geojson';
import { GeofenceImportSession } from './geofence-import-session';
import { packedCornerCount } from './packed-shape';

/** A wavy ring around Portland: `corners` distinct corners, a few metres of wobble. */
function wavyRing(corners: number): [number, number][] {
  const ring = Array.from({ length: corners }, (_, index): [number, number] => {
    const angle = (index / corners) * 2 * Math.PI;
    const radius = 0.2 * (1 + 0.0005 * Math.sin(index * 1.7));
    return [-122.6 + radius * Math.cos(angle), 45.5 + radius * Math.sin(angle)];
  });
  return [...ring, ring[0]!];
}

const bytesOf = (document: unknown) => new TextEncoder().encode(JSON.stringify(document));

const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
const polygonFeature = (name: string, ring: [number, number][], properties = {}) => ({
  type: 'Feature',
  properties: { name, ...properties },
  geometry: { type: 'Polygon', coordinates: [ring] },
});

describe('GeofenceImportSession', () => {
  it('holds back an outline over the corner limit, with its count, a light outline and a tolerance', () => {
    const session = new GeofenceImportSession();
    const read = session.read(
      bytesOf(
        collection(
          polygonFeature('Huge lake', wavyRing(100_000), { groupId: 'g-1', groupName: 'Lakes' }),
          polygonFeature('Small yard', wavyRing(40)),
        ),
      ),
    );
    if (!read.ok) throw new Error(read.message);
    expect(read.candidates.map((candidate) => candidate.name)).toEqual(['Small yard']);
    expect(read.candidates[0]!.cornerCount).toBe(40);
    expect(read.oversized).toHaveLength(1);
    const [lake] = read.oversized;
    expect(lake).toMatchObject({ name: 'Huge lake', cornerCount: 100_000, groupId: 'g-1' });
    expect(lake!.outline.kind).toBe('polygon');
    expect(packedCornerCount(lake!.outline)).toBeLessThanOrEqual(1000);
    expect(read.suggestedToleranceMetres).toBeGreaterThan(0);

    const simplified = session.simplify(read.suggestedToleranceMetres!);
    expect(simplified.oversized).toEqual([]);
    expect(simplified.problems).toEqual([]);
    const [ready] = simplified.candidates;
    expect(ready).toMatchObject({ name: 'Huge lake', simplifiedFrom: 100_000, groupName: 'Lakes' });
    expect(ready!.cornerCount).toBeLessThanOrEqual(MAX_IMPORT_CORNERS);
    expect(ready!.cornerCount).toBeGreaterThanOrEqual(3);

    // Too fine a tolerance leaves it over the limit, and says so again.
    const tooFine = session.simplify(0.001);
    expect(tooFine.candidates).toEqual([]);
    expect(tooFine.oversized[0]!.cornerCount).toBeGreaterThan(MAX_IMPORT_CORNERS);
  });

  it('refuses text that is not UTF-8, and reads a byte order mark', () => {
    const session = new GeofenceImportSession();
    const latin1 = Uint8Array.from([...'{"name":"Café"}'].map((letter) => letter.charCodeAt(0)));
    expect(session.read(latin1)).toMatchObject({ ok: false, message: /not UTF-8/ });
    const withBom = Uint8Array.from([
      0xef,
      0xbb,
      0xbf,
      ...bytesOf(collection(polygonFeature('Café yard', wavyRing(8)))),
    ]);
    const read = session.read(withBom);
    expect(read.ok && read.candidates[0]!.name).toBe('Café yard');
  });
});
