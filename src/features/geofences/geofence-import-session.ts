import { t } from '@lingui/core/macro';
import type { GeoPoint } from '@/api/geofences';
import { decodeUtf8Text } from '@/lib/decode-text';
import { formatNumber } from '@/lib/format';
import {
  MAX_IMPORT_CORNERS,
  parseGeofenceGeoJson,
  type GeofenceImportParse,
  type ImportCandidate,
  type ImportProblem,
} from './geofence-geojson';
import {
  misnamedFileProblem,
  parseGeofenceKmlFile,
  sniffGeofenceFile,
  type GeofenceFileFormat,
} from './geofence-kml';
import type { ShapeDraft } from './geofence-shape';
import { displayOutline, simplifyRing, suggestTolerance } from './geofence-simplify';
import { validateShape } from './geofence-validation';
import { packShapes, type PackedShape } from './packed-shape';

/** A geofence the file would create, as the page receives it: its outline packed. */
export type PackedCandidate = Omit<ImportCandidate, 'shape'> & { shape: PackedShape };

/** A valid outline with more corners than an import takes as it is: shown, not sent. */
export type OversizedCandidate = Omit<ImportCandidate, 'shape'> & {
  /** A light copy of the outline for the map preview only. */
  outline: PackedShape;
};

export type GeofenceImportRead =
  | {
      ok: true;
      /** From the file's bytes: GeoJSON, KML, or KML in a KMZ archive. */
      format: GeofenceFileFormat;
      /** GeoJSON features, or KML placemarks. */
      featureCount: number;
      /** Ready to import as they are. */
      candidates: PackedCandidate[];
      oversized: OversizedCandidate[];
      problems: ImportProblem[];
      /** The tolerance that brings every oversized outline within the limit. */
      suggestedToleranceMetres: number | null;
    }
  | { ok: false; message: string };

export interface SimplifiedImport {
  toleranceMetres: number;
  /** Oversized outlines that are now within the limit and valid. */
  candidates: PackedCandidate[];
  /** Still over the limit at this tolerance. */
  oversized: OversizedCandidate[];
  /** Outlines the simplification broke (for example, made to cross themselves). */
  problems: ImportProblem[];
}

/** The candidates with their outlines packed into one buffer, to cross to the page. */
function packCandidates(candidates: readonly ImportCandidate[]): PackedCandidate[] {
  const shapes = packShapes(candidates.map((candidate) => candidate.shape));
  return candidates.map((candidate, index) => {
    const shape = shapes[index];
    if (!shape) throw new Error(`Packing the outlines lost the one of candidate ${index + 1}.`);
    return { ...candidate, shape };
  });
}

/** Outlines over the limit as the page shows them: a light copy of each, packed. */
function oversizedCandidates(
  outlines: readonly { candidate: ImportCandidate; corners: readonly GeoPoint[] }[],
): OversizedCandidate[] {
  const lightCopies = packShapes(
    outlines.map(({ corners }) => ({ kind: 'polygon', points: displayOutline(corners) })),
  );
  return outlines.map(({ candidate, corners }, index) => {
    const { shape: _shape, ...rest } = candidate;
    const outline = lightCopies[index];
    if (!outline) throw new Error(`Packing the outlines lost the one of candidate ${index + 1}.`);
    return { ...rest, cornerCount: corners.length, outline };
  });
}

/**
 * One file's import (GeoJSON, KML or KMZ), kept where it runs (a Web Worker): the full outlines of
 * oversized shapes stay here, and only light copies and the outlines to send cross to the page,
 * packed.
 */
export class GeofenceImportSession {
  private originals: { candidate: ImportCandidate; corners: GeoPoint[] }[] = [];

  /** `fileName` only words a refusal: the bytes decide the format. */
  read(bytes: Uint8Array, fileName = ''): GeofenceImportRead {
    const format = sniffGeofenceFile(bytes);
    const misnamed = misnamedFileProblem(fileName, format);
    if (misnamed) return { ok: false, message: misnamed };
    let parsed: GeofenceImportParse;
    if (format === 'geojson') {
      const decoded = decodeUtf8Text(bytes, t`Save it as GeoJSON in UTF-8 and choose it again.`);
      if (!decoded.ok) return decoded;
      parsed = parseGeofenceGeoJson(decoded.text);
    } else {
      parsed = parseGeofenceKmlFile(bytes, format);
    }
    if (!parsed.ok) return parsed;
    const ready: ImportCandidate[] = [];
    this.originals = [];
    for (const candidate of parsed.candidates) {
      if (candidate.shape.kind === 'circle' || candidate.cornerCount <= MAX_IMPORT_CORNERS) {
        ready.push(candidate);
        continue;
      }
      this.originals.push({ candidate, corners: candidate.shape.points });
    }
    return {
      ok: true,
      format,
      featureCount: parsed.featureCount,
      candidates: packCandidates(ready),
      oversized: oversizedCandidates(this.originals),
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
    const ready: ImportCandidate[] = [];
    const stillOversized: { candidate: ImportCandidate; corners: GeoPoint[] }[] = [];
    const problems: ImportProblem[] = [];
    for (const { candidate, corners } of this.originals) {
      const simplified = simplifyRing(corners, toleranceMetres);
      if (simplified.length > MAX_IMPORT_CORNERS) {
        stillOversized.push({ candidate, corners: simplified });
        continue;
      }
      const shape: ShapeDraft = { kind: 'polygon', points: simplified };
      const problem = validateShape(shape);
      if (problem) {
        const name = candidate.name;
        const cornerCount = formatNumber(simplified.length);
        problems.push({
          featureNumber: candidate.featureNumber,
          label: t`“${name}” simplified to ${cornerCount} corners`,
          message: problem,
        });
        continue;
      }
      ready.push({
        ...candidate,
        shape,
        cornerCount: simplified.length,
        simplifiedFrom: corners.length,
      });
    }
    return {
      toleranceMetres,
      candidates: packCandidates(ready),
      oversized: oversizedCandidates(stillOversized),
      problems,
    };
  }
}
