import type { GeoPoint } from '@/api/geofences';
import { decodeUtf8Text } from '@/lib/decode-text';
import {
  MAX_IMPORT_CORNERS,
  parseGeofenceGeoJson,
  type GeofenceImportParse,
  type ImportCandidate,
  type ImportProblem,
} from './geofence-geojson';
import { parseGeofenceKmlFile, sniffGeofenceFile, type GeofenceFileFormat } from './geofence-kml';
import type { ShapeDraft } from './geofence-shape';
import { displayOutline, simplifyRing, suggestTolerance } from './geofence-simplify';
import { validateShape } from './geofence-validation';

/** A valid outline with more corners than an import takes as it is: shown, not sent. */
export type OversizedCandidate = Omit<ImportCandidate, 'shape'> & {
  /** A light copy of the outline for the map preview only. */
  outline: ShapeDraft;
};

export type GeofenceImportRead =
  | {
      ok: true;
      /** From the file's bytes: GeoJSON, KML, or KML in a KMZ archive. */
      format: GeofenceFileFormat;
      /** GeoJSON features, or KML placemarks. */
      featureCount: number;
      /** Ready to import as they are. */
      candidates: ImportCandidate[];
      oversized: OversizedCandidate[];
      problems: ImportProblem[];
      /** The tolerance that brings every oversized outline within the limit. */
      suggestedToleranceMetres: number | null;
    }
  | { ok: false; message: string };

export interface SimplifiedImport {
  toleranceMetres: number;
  /** Oversized outlines that are now within the limit and valid. */
  candidates: ImportCandidate[];
  /** Still over the limit at this tolerance. */
  oversized: OversizedCandidate[];
  /** Outlines the simplification broke (for example, made to cross themselves). */
  problems: ImportProblem[];
}

const GEOJSON_SAVE_ADVICE = 'Save it as GeoJSON in UTF-8 and choose it again.';

function withOutline(candidate: ImportCandidate, corners: readonly GeoPoint[]): OversizedCandidate {
  const { shape: _shape, ...rest } = candidate;
  return {
    ...rest,
    cornerCount: corners.length,
    outline: { kind: 'polygon', points: displayOutline(corners) },
  };
}

/**
 * One file's import (GeoJSON, KML or KMZ), kept where it runs (a Web Worker): the full outlines of oversized shapes
 * stay here, and only light copies and the outlines to send cross to the page.
 */
export class GeofenceImportSession {
  private originals: { candidate: ImportCandidate; corners: GeoPoint[] }[] = [];

  read(bytes: Uint8Array): GeofenceImportRead {
    const format = sniffGeofenceFile(bytes);
    let parsed: GeofenceImportParse;
    if (format === 'geojson') {
      const decoded = decodeUtf8Text(bytes, GEOJSON_SAVE_ADVICE);
      if (!decoded.ok) return decoded;
      parsed = parseGeofenceGeoJson(decoded.text);
    } else {
      parsed = parseGeofenceKmlFile(bytes, format);
    }
    if (!parsed.ok) return parsed;
    const candidates: ImportCandidate[] = [];
    const oversized: OversizedCandidate[] = [];
    this.originals = [];
    for (const candidate of parsed.candidates) {
      if (candidate.shape.kind === 'circle' || candidate.cornerCount <= MAX_IMPORT_CORNERS) {
        candidates.push(candidate);
        continue;
      }
      this.originals.push({ candidate, corners: candidate.shape.points });
      oversized.push(withOutline(candidate, candidate.shape.points));
    }
    return {
      ok: true,
      format,
      featureCount: parsed.featureCount,
      candidates,
      oversized,
      problems: parsed.problems,
      suggestedToleranceMetres:
        this.originals.length > 0
          ? suggestTolerance(
              this.originals.map((original) => original.corners),
              MAX_IMPORT_CORNERS,
            )
          : null,
    };
  }

  /** Every oversized outline simplified from its original corners at this tolerance. */
  simplify(toleranceMetres: number): SimplifiedImport {
    const result: SimplifiedImport = {
      toleranceMetres,
      candidates: [],
      oversized: [],
      problems: [],
    };
    for (const { candidate, corners } of this.originals) {
      const simplified = simplifyRing(corners, toleranceMetres);
      if (simplified.length > MAX_IMPORT_CORNERS) {
        result.oversized.push(withOutline(candidate, simplified));
        continue;
      }
      const shape: ShapeDraft = { kind: 'polygon', points: simplified };
      const problem = validateShape(shape);
      if (problem) {
        result.problems.push({
          featureNumber: candidate.featureNumber,
          label: `“${candidate.name}” simplified to ${simplified.length} corners`,
          message: problem,
        });
        continue;
      }
      result.candidates.push({
        ...candidate,
        shape,
        cornerCount: simplified.length,
        simplifiedFrom: corners.length,
      });
    }
    return result;
  }
}
