import { t } from '@lingui/core/macro';
import { kmlGen } from '@tmcw/togeojson';
import { DOMParser, ParseError, type Document as XmlDocument } from '@xmldom/xmldom';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import type { Geometry, Polygon } from 'geojson';
import { decodeUtf8Text } from '@/lib/decode-text';
import { formatNumber } from '@/lib/format';
import {
  GEOJSON_IMPORT_MAX_BYTES,
  readGeofenceFeatures,
  type FeatureWording,
  type GeofenceImportParse,
} from './geofence-geojson';

/**
 * KML and KMZ import, run in the import worker. KML becomes GeoJSON with @tmcw/togeojson, then
 * goes through the very checks a GeoJSON file does (corner limit, crossing edges, names).
 *
 * Browsers offer no DOMParser in workers, and parsing on the page would freeze it (measured in
 * Chromium on 2 cores: DOMParser takes 0.2 s for 5 MB of KML and 1.3 s for 20 MB, in one task),
 * so @xmldom/xmldom, whose documents togeojson reads, parses it here, off the page. KMZ is a zip:
 * fflate unpacks its first .kml as a stream, so a zip bomb is stopped at the size limit instead of
 * filling the memory.
 */

/** What a file holds, judged from its bytes (a name can be wrong, its bytes cannot). */
export type GeofenceFileFormat = 'geojson' | 'kml' | 'kmz';

/** Unpacked KML is held to the same limit as a GeoJSON file. */
const KML_MAX_BYTES = GEOJSON_IMPORT_MAX_BYTES;

/**
 * Elements a KML file may have. The parser holds every element in memory (about 1 KB each, so this
 * is about 500 MB), and 20 MB of empty elements would be 5 million; real KML of 20 MB has about
 * a tenth of this.
 */
export const KML_MAX_ELEMENTS = 500_000;

/** Small pieces of the archive at a time: one piece cannot unpack to more than about 16 MB. */
const UNZIP_CHUNK_BYTES = 16 * 1024;

const kmlWording: FeatureWording = {
  label: (placemarkNumber, name) =>
    name === null
      ? t`Placemark ${placemarkNumber} (no name)`
      : t`Placemark ${placemarkNumber} “${name}”`,
  polygonsOnly: () => t`Only placemarks with a polygon can be imported.`,
};

/** "20 MB", "25.3 MB" ("25,3 Mo" in French). */
function megabytes(bytes: number): string {
  const size = formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 });
  return t`${size} MB`;
}

export function sniffGeofenceFile(bytes: Uint8Array): GeofenceFileFormat {
  // "PK": a zip archive's local file header (or an empty archive's end record).
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05)) {
    return 'kmz';
  }
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  // Whitespace before the first character.
  let byte = bytes[index];
  while (byte !== undefined && [0x20, 0x09, 0x0a, 0x0d].includes(byte)) {
    index += 1;
    byte = bytes[index];
  }
  return bytes[index] === 0x3c ? 'kml' : 'geojson';
}

/**
 * What is wrong with a file whose name promises KMZ or KML while its bytes are neither a zip nor
 * XML, or null. Said before the text is read as GeoJSON, whose complaint would not help.
 */
export function misnamedFileProblem(fileName: string, format: GeofenceFileFormat): string | null {
  if (format !== 'geojson') return null;
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'kmz') {
    return t`This .kmz file is not a ZIP archive. A KMZ is a zip archive with a KML document inside; this file may have been renamed or damaged.`;
  }
  if (extension === 'kml') {
    return t`This .kml file is not an XML document. A KML file is XML beginning with “<”; this file may have been renamed or damaged.`;
  }
  return null;
}

export type KmzExtraction =
  { ok: true; entryName: string; bytes: Uint8Array } | { ok: false; message: string };

/** The first .kml in a KMZ archive, unpacked up to `maxBytes`. */
export function extractKmlFromKmz(archive: Uint8Array, maxBytes = KML_MAX_BYTES): KmzExtraction {
  // Filled in by fflate's callbacks as the archive streams through.
  const state: {
    entry: UnzipFile | null;
    chunks: Uint8Array[];
    unpacked: number;
    finished: boolean;
    failure: string | null;
  } = { entry: null, chunks: [], unpacked: 0, finished: false, failure: null };

  const unzipper = new Unzip();
  unzipper.register(UnzipInflate);
  unzipper.onfile = (file) => {
    // Other entries (icons, photos) are skipped without being unpacked.
    if (state.entry || !/\.kml$/i.test(file.name) || file.name.startsWith('__MACOSX/')) return;
    state.entry = file;
    const entryName = file.name;
    const maxSize = megabytes(maxBytes);
    if (file.originalSize !== undefined && file.originalSize > maxBytes) {
      const unpackedSize = megabytes(file.originalSize);
      state.failure = t`The KML inside this KMZ (${entryName}) is ${unpackedSize} once unpacked; KML up to ${maxSize} can be imported.`;
      return;
    }
    file.ondata = (error, chunk, final) => {
      if (state.failure) return;
      if (error) {
        state.failure =
          file.compression === 0 || file.compression === 8
            ? t`The KMZ file is damaged: ${entryName} cannot be unpacked.`
            : t`${entryName} in this KMZ is packed with a method the console cannot unpack (only “deflate” is supported).`;
        return;
      }
      state.unpacked += chunk.length;
      // Counted as it unpacks: the sizes a zip declares can lie.
      if (state.unpacked > maxBytes) {
        state.failure = t`The KML inside this KMZ (${entryName}) unpacks to more than ${maxSize}; KML up to ${maxSize} can be imported.`;
        file.terminate();
        return;
      }
      state.chunks.push(chunk);
      if (final) state.finished = true;
    };
    file.start();
  };

  try {
    for (let offset = 0; offset < archive.length && !state.failure && !state.finished;) {
      const end = Math.min(archive.length, offset + UNZIP_CHUNK_BYTES);
      unzipper.push(archive.subarray(offset, end), end === archive.length);
      offset = end;
    }
  } catch {
    return { ok: false, message: t`The KMZ file is damaged: it is not a readable zip archive.` };
  }
  if (state.failure) return { ok: false, message: state.failure };
  if (!state.entry) {
    return {
      ok: false,
      message: t`The KMZ holds no .kml file. A KMZ is a zip archive with a KML document inside (usually doc.kml).`,
    };
  }
  if (!state.finished) {
    const entryName = state.entry.name;
    return { ok: false, message: t`The KMZ file is damaged: ${entryName} is cut short.` };
  }
  const bytes = new Uint8Array(state.unpacked);
  let offset = 0;
  for (const chunk of state.chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, entryName: state.entry.name, bytes };
}

/**
 * A placemark's polygons as one geometry: KML's MultiGeometry (GeoJSON's GeometryCollection)
 * often pairs an area with a label point; its polygons are what a geofence can be.
 */
function polygonsOf(geometry: Geometry | null): Geometry | { type: 'MultiGeometry' } | null {
  if (!geometry || geometry.type !== 'GeometryCollection') return geometry;
  const polygons = geometry.geometries.filter(
    (member): member is Polygon => member.type === 'Polygon',
  );
  const [only, ...more] = polygons;
  if (!only) return { type: 'MultiGeometry' };
  if (more.length === 0) return only;
  return { type: 'MultiPolygon', coordinates: polygons.map((polygon) => polygon.coordinates) };
}

/** The placemark's own fill (KML's PolyStyle), else its line colour, as #RRGGBB. */
function colourOf(properties: Record<string, unknown>): string | null {
  for (const key of ['fill', 'stroke']) {
    const value = properties[key];
    if (typeof value === 'string' && /^#[0-9A-Fa-f]{6}$/.test(value)) return value;
  }
  return null;
}

/** Comments and CDATA sections (skipped: a description's HTML is not elements), DOCTYPEs, start tags. */
const MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<!DOCTYPE|<[^!?/]/gi;

/**
 * Why KML text must not reach the parser, or null: a DOCTYPE (the only way to declare entities,
 * so none can expand or read a file, whatever the parser would do with them), or more elements
 * than the memory should hold. One pass over the text, before anything is built.
 */
function markupProblem(text: string): string | null {
  let elements = 0;
  for (const match of text.matchAll(MARKUP)) {
    const markup = match[0];
    if (markup.length === 2) {
      elements += 1;
      if (elements > KML_MAX_ELEMENTS) {
        const maxElements = formatNumber(KML_MAX_ELEMENTS);
        return t`The file has more than ${maxElements} elements, more than the console reads.`;
      }
    } else if (/^<!doctype/i.test(markup)) {
      return t`The file declares a DOCTYPE. KML never needs one, and a DOCTYPE can define entities that expand to gigabytes or read other files, so such files are refused. Remove the <!DOCTYPE …> declaration and choose the file again.`;
    }
  }
  return null;
}

/** The line a parse error was found on (the parser says 0 where it has none). */
function lineNumberOf(locator: unknown): number | null {
  if (typeof locator !== 'object' || locator === null || !('lineNumber' in locator)) return null;
  const line = locator.lineNumber;
  return typeof line === 'number' && line > 0 ? line : null;
}

type XmlRead = { ok: true; document: XmlDocument } | { ok: false; message: string };

/** Strict XML: whatever the parser would warn about and carry on past is refused instead. */
function readXml(text: string): XmlRead {
  // The parser's own words (English) follow when it gives them.
  let problem = t`the parser stopped`;
  try {
    const document = new DOMParser({
      onError: (_level, message) => {
        problem = message;
        throw new Error(message);
      },
    }).parseFromString(text, 'application/xml');
    return { ok: true, document };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const line = lineNumberOf(error.locator);
    const lineNumber = line ? formatNumber(line) : null;
    return {
      ok: false,
      message:
        lineNumber === null
          ? t`The file is not well-formed XML, so it cannot be KML: ${problem}.`
          : t`The file is not well-formed XML, so it cannot be KML: ${problem} on line ${lineNumber}.`,
    };
  }
}

/** Reads KML text into the geofences its placemarks would create and what is wrong with the rest. */
export function parseGeofenceKml(source: string): GeofenceImportParse {
  // TextDecoder drops a byte order mark; text from elsewhere may still have one.
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const refused = markupProblem(text);
  if (refused) return { ok: false, message: refused };
  const read = readXml(text);
  if (!read.ok) return read;
  const root = read.document.documentElement;
  if (root?.localName !== 'kml') {
    const rootElement = root?.tagName ?? '?';
    return {
      ok: false,
      message: t`The file is XML but not KML: its root element is <${rootElement}>, not <kml>.`,
    };
  }
  const features: unknown[] = [];
  for (const feature of kmlGen(read.document)) {
    const properties = feature.properties ?? {};
    // Ground overlays (pictures) and network links are not placemarks.
    if ('@geometry-type' in properties) continue;
    features.push({
      type: 'Feature',
      geometry: polygonsOf(feature.geometry),
      properties: { name: properties.name ?? null, color: colourOf(properties) },
    });
  }
  return readGeofenceFeatures({ type: 'FeatureCollection', features }, kmlWording);
}

/** A KML or KMZ file's geofences, or why the file cannot be used. */
export function parseGeofenceKmlFile(
  bytes: Uint8Array,
  format: 'kml' | 'kmz',
): GeofenceImportParse {
  let kmlBytes = bytes;
  if (format === 'kmz') {
    const extracted = extractKmlFromKmz(bytes);
    if (!extracted.ok) return extracted;
    kmlBytes = extracted.bytes;
  } else if (bytes.length > KML_MAX_BYTES) {
    const fileSize = megabytes(bytes.length);
    const maxSize = megabytes(KML_MAX_BYTES);
    return {
      ok: false,
      message: t`The file is ${fileSize}; KML up to ${maxSize} can be imported.`,
    };
  }
  const decoded = decodeUtf8Text(kmlBytes, t`Save it as KML in UTF-8 and choose it again.`);
  if (!decoded.ok) return decoded;
  return parseGeofenceKml(decoded.text);
}
