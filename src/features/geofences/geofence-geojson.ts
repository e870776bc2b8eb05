import { t } from '@lingui/core/macro';
import type { Geofence, GeoPoint } from '@/api/geofences';
import { shapeProblem } from '@/lib/map-shape';
import {
  circleRing,
  distinctCorners,
  roundCoordinate,
  shapeFromGeography,
  type ShapeDraft,
} from './geofence-shape';
import { validateGeofenceName, validateShape } from './geofence-validation';

/**
 * GeoJSON ⇄ geofences. Decisions (also in the import panel's help text):
 * - Export: every geofence is a Polygon feature, so any GIS tool shows its area. A circle becomes
 *   a 64-corner polygon that also carries `shapeType: 3`, `radius` (metres) and `center`
 *   ([longitude, latitude]); a rectangle carries `shapeType: 2`.
 * - Import: Polygon and MultiPolygon features. A MultiPolygon becomes one geofence per polygon,
 *   named "Name (part 2 of 3)". A feature with `shapeType: 3` and a valid `radius` and `center`
 *   becomes that exact circle (so an export imports back unchanged); one with `shapeType: 2`
 *   and 4 corners becomes a rectangle. Holes are refused: a geofence is a single outline.
 *   A feature without a name is called "Imported geofence N" (N = its position in the file).
 */

/** [longitude, latitude], as GeoJSON orders them. */
type GeoJsonPosition = [number, number];

interface GeofenceFeatureProperties {
  name: string;
  geofenceId: string;
  shapeType: 1 | 2 | 3;
  color: string | null;
  isInside: boolean | null;
  includeSubGroups: boolean | null;
  groupId: string | null;
  groupName: string | null;
  /** Circles only, metres. */
  radius?: number;
  /** Circles only. */
  center?: GeoJsonPosition;
}

interface GeofenceFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Polygon'; coordinates: GeoJsonPosition[][] };
  properties: GeofenceFeatureProperties;
}

export interface GeofenceFeatureCollection {
  type: 'FeatureCollection';
  features: GeofenceFeature[];
}

/** Corners of the polygon that stands in for a circle in other tools. */
const CIRCLE_EXPORT_SEGMENTS = 64;

function toPosition(point: GeoPoint): GeoJsonPosition {
  return [roundCoordinate(point.longitude), roundCoordinate(point.latitude)];
}

/** GeoJSON rings repeat their first position at the end. */
function closedRing(points: readonly GeoPoint[]): GeoJsonPosition[] {
  const ring = distinctCorners(points).map(toPosition);
  const [first] = ring;
  return first ? [...ring, first] : ring;
}

const shapeTypeOf = { polygon: 1, square: 2, circle: 3 } as const;

/** One feature per geofence; geofences without a usable geography are returned by name. */
export function geofencesToFeatureCollection(geofences: readonly Geofence[]): {
  collection: GeofenceFeatureCollection;
  skipped: string[];
} {
  const features: GeofenceFeature[] = [];
  const skipped: string[] = [];
  for (const geofence of geofences) {
    const shape = shapeFromGeography(geofence.geofenceGeography);
    // An outline no map can draw would be written as one no GIS tool can read either.
    if (!shape || shapeProblem(shape)) {
      skipped.push(geofence.name ?? geofence.geofenceId);
      continue;
    }
    const properties: GeofenceFeatureProperties = {
      name: geofence.name ?? '',
      geofenceId: geofence.geofenceId,
      shapeType: shapeTypeOf[shape.kind],
      color: geofence.color ?? null,
      isInside: geofence.isInside ?? null,
      includeSubGroups: geofence.includeSubGroups ?? null,
      groupId: geofence.groupId ?? null,
      groupName: geofence.groupName ?? null,
    };
    let ring: GeoJsonPosition[];
    if (shape.kind === 'circle') {
      properties.radius = shape.radius;
      properties.center = toPosition(shape.center);
      ring = closedRing(circleRing(shape.center, shape.radius, CIRCLE_EXPORT_SEGMENTS));
    } else {
      ring = closedRing(shape.points);
    }
    features.push({
      type: 'Feature',
      id: geofence.geofenceId,
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties,
    });
  }
  return { collection: { type: 'FeatureCollection', features }, skipped };
}

// ---------------------------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------------------------

/** Files are read and checked off the main thread, so the page stays responsive up to this. */
export const GEOJSON_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The most corners one imported geofence may have as it is. The service publishes no limit; this
 * one keeps the map editor responsive and requests small. Larger outlines are offered a
 * simplification first.
 */
export const MAX_IMPORT_CORNERS = 2000;

/** One geofence the file would create. */
export interface ImportCandidate {
  /** Stable within one parse, for lists and map layers. */
  key: string;
  /** 1-based position of its feature in the file. */
  featureNumber: number;
  name: string;
  /** The feature had no name, so the default pattern was used. */
  defaultName: boolean;
  shape: ShapeDraft;
  /** From the feature's `color` property when it is #RRGGBB. */
  color: string | null;
  /** From the feature's `isInside` property when it is a boolean. */
  isInside: boolean | null;
  /** From the feature's `groupId` property (our export writes it); null when there is none. */
  groupId: string | null;
  /** From the feature's `groupName` property, to name a group that is not in this company. */
  groupName: string | null;
  /** Corners of the outline (0 for a circle). */
  cornerCount: number;
  /** The corner count in the file, when the outline was simplified for import. */
  simplifiedFrom?: number;
}

export interface ImportProblem {
  featureNumber: number;
  /** "Feature 3 “North yard”" or "Feature 3 (no name)", with " part 2" for MultiPolygons. */
  label: string;
  message: string;
}

export type GeofenceImportParse =
  | { ok: true; featureCount: number; candidates: ImportCandidate[]; problems: ImportProblem[] }
  | { ok: false; message: string };

export function defaultImportName(featureNumber: number): string {
  return t`Imported geofence ${featureNumber}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a GeoJSON text into the geofences it would create and what is wrong with the rest. */
export function parseGeofenceGeoJson(text: string): GeofenceImportParse {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { ok: false, message: t`The file is not valid JSON, so it cannot be GeoJSON.` };
  }
  return readGeofenceFeatures(document);
}

/**
 * How refusals name what they refuse: GeoJSON "Feature 3", KML "Placemark 3" (KML converted to
 * GeoJSON goes through the same checks). Functions, so each is worded when a file is read.
 */
export interface FeatureWording {
  /** "Feature 3 “North yard”", or "Feature 3 (no name)" for `name` null. */
  label: (featureNumber: number, name: string | null) => string;
  /** Ends the refusal of a feature that is not a polygon. */
  polygonsOnly: () => string;
}

const geoJsonWording: FeatureWording = {
  label: (featureNumber, name) =>
    name === null ? t`Feature ${featureNumber} (no name)` : t`Feature ${featureNumber} “${name}”`,
  polygonsOnly: () => t`Only Polygon and MultiPolygon features can be imported.`,
};

/** The geofences a parsed GeoJSON document would create and what is wrong with the rest. */
export function readGeofenceFeatures(
  document: unknown,
  wording: FeatureWording = geoJsonWording,
): GeofenceImportParse {
  let features: unknown[];
  if (isRecord(document) && document.type === 'FeatureCollection') {
    if (!Array.isArray(document.features)) {
      return { ok: false, message: t`The FeatureCollection has no "features" list.` };
    }
    features = document.features;
  } else if (isRecord(document) && document.type === 'Feature') {
    features = [document];
  } else {
    return {
      ok: false,
      message: t`The file is not a GeoJSON FeatureCollection of Polygon or MultiPolygon features.`,
    };
  }

  const candidates: ImportCandidate[] = [];
  const problems: ImportProblem[] = [];
  for (const [index, feature] of features.entries()) {
    const featureNumber = index + 1;
    const read = readFeature(feature, featureNumber, wording);
    candidates.push(...read.candidates);
    problems.push(...read.problems);
  }
  return { ok: true, featureCount: features.length, candidates, problems };
}

function readFeature(
  feature: unknown,
  featureNumber: number,
  wording: FeatureWording,
): { candidates: ImportCandidate[]; problems: ImportProblem[] } {
  const properties = isRecord(feature) && isRecord(feature.properties) ? feature.properties : {};
  const givenName = readName(properties.name);
  const label = wording.label(featureNumber, givenName);
  const refuse = (message: string) => ({
    candidates: [],
    problems: [{ featureNumber, label, message }],
  });

  if (!isRecord(feature) || feature.type !== 'Feature') {
    return refuse(t`is not a GeoJSON Feature.`);
  }
  const geometry = feature.geometry;
  if (!isRecord(geometry)) return refuse(t`has no geometry.`);

  let polygons: unknown[];
  if (geometry.type === 'Polygon') polygons = [geometry.coordinates];
  else if (geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)) {
    polygons = geometry.coordinates;
  } else if (geometry.type === 'MultiPolygon') {
    return refuse(t`has malformed coordinates.`);
  } else {
    const polygonsOnly = wording.polygonsOnly();
    // The geometry's type is GeoJSON's own word ("LineString"), not translated.
    const geometryType = geometry.type;
    return refuse(
      typeof geometryType === 'string'
        ? t`is a ${geometryType}, not a polygon. ${polygonsOnly}`
        : t`is not a shape, not a polygon. ${polygonsOnly}`,
    );
  }
  if (polygons.length === 0) return refuse(t`has no coordinates.`);

  const baseName = givenName ?? defaultImportName(featureNumber);
  const color =
    typeof properties.color === 'string' && /^#[0-9A-Fa-f]{6}$/.test(properties.color)
      ? properties.color.toUpperCase()
      : null;
  const isInside = typeof properties.isInside === 'boolean' ? properties.isInside : null;
  const groupId = readName(properties.groupId);
  const groupName = readName(properties.groupName);

  const candidates: ImportCandidate[] = [];
  const problems: ImportProblem[] = [];
  for (const [partIndex, polygon] of polygons.entries()) {
    const multi = polygons.length > 1;
    const part = partIndex + 1;
    const partCount = polygons.length;
    const partLabel = multi ? t`${label} part ${part}` : label;
    const name = multi ? t`${baseName} (part ${part} of ${partCount})` : baseName;
    const problem = (message: string) =>
      problems.push({ featureNumber, label: partLabel, message });

    const rings = readRings(polygon);
    if (!rings) {
      problem(t`has malformed coordinates: each corner must be [longitude, latitude].`);
      continue;
    }
    if (rings.length > 1) {
      problem(t`has a hole, and a geofence is a single outline without holes.`);
      continue;
    }
    const [outline] = rings;
    const shape = shapeFromFeature(outline, properties);
    const shapeProblem = validateShape(shape);
    if (shapeProblem) {
      problem(shapeProblem);
      continue;
    }
    const nameProblem = validateGeofenceName(name);
    if (nameProblem) {
      problem(t`has an unusable name. ${nameProblem}`);
      continue;
    }
    candidates.push({
      key: `${featureNumber}.${partIndex + 1}`,
      featureNumber,
      name,
      defaultName: givenName === null,
      shape,
      color,
      isInside,
      groupId,
      groupName,
      cornerCount: shape.kind === 'circle' ? 0 : shape.points.length,
    });
  }
  return { candidates, problems };
}

function readName(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

/** The polygon's rings as points, or null when any position is not [longitude, latitude, …]. */
/** The polygon's outline, then its holes; null when it has no rings or a malformed one. */
function readRings(polygon: unknown): [GeoPoint[], ...GeoPoint[][]] | null {
  if (!Array.isArray(polygon) || polygon.length === 0) return null;
  const rings: GeoPoint[][] = [];
  for (const ring of polygon) {
    if (!Array.isArray(ring)) return null;
    const points: GeoPoint[] = [];
    for (const position of ring) {
      if (
        !Array.isArray(position) ||
        position.length < 2 ||
        typeof position[0] !== 'number' ||
        typeof position[1] !== 'number'
      ) {
        return null;
      }
      points.push({ longitude: position[0], latitude: position[1] });
    }
    rings.push(points);
  }
  const [outline, ...holes] = rings;
  return outline ? [outline, ...holes] : null;
}

/** The circle or rectangle our export describes in properties, else the outline as a polygon. */
function shapeFromFeature(ring: GeoPoint[], properties: Record<string, unknown>): ShapeDraft {
  const { shapeType, radius, center } = properties;
  if (
    shapeType === 3 &&
    typeof radius === 'number' &&
    Array.isArray(center) &&
    typeof center[0] === 'number' &&
    typeof center[1] === 'number'
  ) {
    return { kind: 'circle', center: { longitude: center[0], latitude: center[1] }, radius };
  }
  const corners = distinctCorners(ring);
  if (shapeType === 2 && corners.length === 4) return { kind: 'square', points: corners };
  return { kind: 'polygon', points: corners };
}
