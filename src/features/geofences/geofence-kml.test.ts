import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { GeofenceImportParse } from './geofence-geojson';
import { GeofenceImportSession } from './geofence-import-session';
import {
  extractKmlFromKmz,
  KML_MAX_ELEMENTS,
  parseGeofenceKml,
  parseGeofenceKmlFile,
  sniffGeofenceFile,
} from './geofence-kml';

const ring = (west: number, south: number, size = 0.01) =>
  `${west},${south},0 ${west + size},${south},0 ${west + size},${south + size},0 ${west},${south + size},0 ${west},${south},0`;

const polygon = (coordinates: string, inner?: string) =>
  `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates}</coordinates></LinearRing></outerBoundaryIs>${
    inner
      ? `<innerBoundaryIs><LinearRing><coordinates>${inner}</coordinates></LinearRing></innerBoundaryIs>`
      : ''
  }</Polygon>`;

const kmlDocument = (placemarks: string) => `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <Style id="green"><PolyStyle><color>7f2b8a3e</color></PolyStyle></Style>
    ${placemarks}
  </Document>
</kml>`;

const twoYards = kmlDocument(`
  <Placemark><name>North yard</name><styleUrl>#green</styleUrl>${polygon(ring(-116.25, 43.6))}</Placemark>
  <Placemark><name>South yard</name>${polygon(ring(-116.25, 43.55))}</Placemark>`);

/** What Google Earth and GIS tools write: styles, folders, holes, multi-geometries, tracks. */
const richKml = `<?xml version="1.0" encoding="UTF-8"?>\r
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">\r
<Document>
  <name>Depots &amp; yards</name>
  <!-- styles first -->
  <Style id="yard"><PolyStyle><color>7f00ff00</color><fill>1</fill></PolyStyle>
    <LineStyle><color>ff0000ff</color><width>2</width></LineStyle></Style>
  <StyleMap id="yardMap"><Pair><key>normal</key><styleUrl>#yard</styleUrl></Pair></StyleMap>
  <Schema name="site" id="site"><SimpleField name="dock_count" type="int"/></Schema>
  <Folder><name>Oregon</name>
    <Placemark id="p1">
      <name>Portland  <!-- the main one -->Depot</name>
      <description><![CDATA[<b>Open</b> 24/7 & staffed]]></description>
      <styleUrl>#yardMap</styleUrl>
      <ExtendedData><SchemaData schemaUrl="#site"><SimpleData name="dock_count">12</SimpleData></SchemaData>
        <Data name="manager"><value>Maria L&#243;pez</value></Data></ExtendedData>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>
        -122.68,45.55,0 -122.67,45.55,0 -122.67,45.56,0 -122.68,45.56,0 -122.68,45.55,0
      </coordinates></LinearRing></outerBoundaryIs>
      <innerBoundaryIs><LinearRing><coordinates>-122.676,45.552 -122.674,45.552 -122.674,45.554 -122.676,45.552</coordinates></LinearRing></innerBoundaryIs></Polygon>
    </Placemark>
    <Placemark><name>Two lots</name><visibility>0</visibility>
      <MultiGeometry>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>-116.25,43.6 -116.24,43.6 -116.24,43.61 -116.25,43.6</coordinates></LinearRing></outerBoundaryIs></Polygon>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>-116.25,43.55 -116.24,43.55 -116.24,43.56</coordinates></LinearRing></outerBoundaryIs></Polygon>
        <Point><coordinates>-116.245,43.58</coordinates></Point>
      </MultiGeometry></Placemark>
  </Folder>
  <Placemark><name>Route</name><LineString><coordinates>-122.1,45.1 -122.2,45.2</coordinates></LineString></Placemark>
  <Placemark><name>Drive</name><gx:Track><when>2024-01-01T00:00:00Z</when><when>2024-01-01T00:01:00Z</when>
    <gx:coord>-122.1 45.1 0</gx:coord><gx:coord>-122.2 45.2 0</gx:coord></gx:Track></Placemark>
  <Placemark><name>No shape</name></Placemark>
  <GroundOverlay><name>Photo</name><LatLonBox><north>45.6</north><south>45.5</south><east>-122.6</east><west>-122.7</west></LatLonBox></GroundOverlay>
</Document>
</kml>`;

function expectParsed(result: GeofenceImportParse) {
  if (!result.ok) throw new Error(`expected a parse, got: ${result.message}`);
  return result;
}

function expectRefused(result: GeofenceImportParse | ReturnType<typeof extractKmlFromKmz>) {
  if (result.ok) throw new Error('The file was expected to be refused.');
  return result.message;
}

describe('KML import', () => {
  it('makes a geofence of each polygon placemark, with its name and fill colour', () => {
    const parsed = expectParsed(parseGeofenceKml(twoYards));
    expect(parsed.featureCount).toBe(2);
    expect(parsed.problems).toEqual([]);
    expect(
      parsed.candidates.map(({ name, color, cornerCount, shape }) => [
        name,
        color,
        cornerCount,
        shape.kind,
      ]),
    ).toEqual([
      ['North yard', '#3E8A2B', 4, 'polygon'],
      ['South yard', null, 4, 'polygon'],
    ]);
    expect(parsed.candidates[0]!.shape).toEqual({
      kind: 'polygon',
      points: [
        { latitude: 43.6, longitude: -116.25 },
        { latitude: 43.6, longitude: -116.24 },
        { latitude: 43.61, longitude: -116.24 },
        { latitude: 43.61, longitude: -116.25 },
      ],
    });
  });

  it('applies the GeoJSON checks after conversion, naming each refused placemark', () => {
    const crossed = '-116.2,43.6 -116.19,43.61 -116.19,43.6 -116.2,43.61 -116.2,43.6';
    const parsed = expectParsed(
      parseGeofenceKml(
        kmlDocument(`
          <Placemark><name>Gate</name><Point><coordinates>-116.2,43.6</coordinates></Point></Placemark>
          <Placemark><name>Crossed lot</name>${polygon(crossed)}</Placemark>
          <Placemark><name>Lot with a hole</name>${polygon(ring(-116.3, 43.5, 0.1), ring(-116.28, 43.52))}</Placemark>
          <Placemark><name>${'Long name '.repeat(12)}</name>${polygon(ring(-116.1, 43.6))}</Placemark>
          <Placemark>${polygon(ring(-116.0, 43.6))}</Placemark>
          <Placemark><name>Two lots</name><MultiGeometry>${polygon(ring(-115.9, 43.6))}${polygon(
            ring(-115.8, 43.6),
          )}<Point><coordinates>-115.85,43.6</coordinates></Point></MultiGeometry></Placemark>
          <Placemark><name>Only lines</name><MultiGeometry><LineString><coordinates>-115,43 -115.1,43.1</coordinates></LineString><LineString><coordinates>-115.2,43 -115.3,43.1</coordinates></LineString></MultiGeometry></Placemark>`),
      ),
    );
    expect(parsed.featureCount).toBe(7);
    expect(parsed.problems.map((problem) => `${problem.label}: ${problem.message}`)).toEqual([
      'Placemark 1 “Gate”: is a Point, not a polygon. Only placemarks with a polygon can be imported.',
      'Placemark 2 “Crossed lot”: The outline crosses itself. Move the corners so that no two edges cross.',
      'Placemark 3 “Lot with a hole”: has a hole, and a geofence is a single outline without holes.',
      expect.stringMatching(
        /^Placemark 4 “Long name .*”: has an unusable name\. Use at most 100 characters/,
      ),
      'Placemark 7 “Only lines”: is a MultiGeometry, not a polygon. Only placemarks with a polygon can be imported.',
    ]);
    expect(parsed.candidates.map((candidate) => candidate.name)).toEqual([
      'Imported geofence 5',
      'Two lots (part 1 of 2)',
      'Two lots (part 2 of 2)',
    ]);
  });

  it('refuses a DOCTYPE, whatever it declares, before anything is parsed: no entity can expand', () => {
    const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<kml><Document><name>&lol2;</name></Document></kml>`;
    expect(expectRefused(parseGeofenceKml(billionLaughs))).toMatch(/^The file declares a DOCTYPE/);
    const external = '<!doctype kml SYSTEM "file:///etc/passwd"><kml/>';
    expect(expectRefused(parseGeofenceKml(external))).toMatch(/^The file declares a DOCTYPE/);
    // Only markup counts: the words in a comment declare nothing.
    const commented = twoYards.replace('<Document>', '<Document><!-- no <!DOCTYPE> here -->');
    expect(expectParsed(parseGeofenceKml(commented)).candidates).toHaveLength(2);
  });

  it('refuses malformed XML and XML that is not KML, saying what is wrong and where', () => {
    expect(expectRefused(parseGeofenceKml('<kml>\n<Document>\n<name>x</Document></kml>'))).toBe(
      'The file is not well-formed XML, so it cannot be KML: Opening and ending tag mismatch: "name" != "Document" on line 3.',
    );
    const cases: [string, RegExp][] = [
      ['<kml><name>&nbsp;</name></kml>', /entity not found:&nbsp; on line 1\.$/],
      ['<kml><name>Open', /unclosed xml tag\(s\): kml, name on line 1\.$/],
      ['<kml/><kml/>', /Only one element can be added/],
      ['<kml/>\ntext', /Extra content at the end of the document/],
      ['<kml id=1/>', /missed quot/],
      ['<kml a="1" a="2"/>', /Attribute a redefined/],
      ['<kml><!-- never closed </kml>', /comment is not well-formed/],
      ['<kml><gx:Track/></kml>', /namespace is null/],
      ['', /missing root element\.$/],
    ];
    for (const [text, problem] of cases) {
      const message = expectRefused(parseGeofenceKml(text));
      expect(message, text).toMatch(/^The file is not well-formed XML, so it cannot be KML: /);
      expect(message, text).toMatch(problem);
    }
    expect(expectRefused(parseGeofenceKml('<gpx version="1.1"></gpx>'))).toBe(
      'The file is XML but not KML: its root element is <gpx>, not <kml>.',
    );
  });

  it('refuses more elements than it reads before building any, and counts none in CDATA', () => {
    const tooMany = `<kml>${'<a/>'.repeat(KML_MAX_ELEMENTS)}</kml>`;
    expect(expectRefused(parseGeofenceKml(tooMany))).toBe(
      'The file has more than 500,000 elements, more than the console reads.',
    );
    const html = `<![CDATA[${'<b>'.repeat(KML_MAX_ELEMENTS)}]]>`;
    const described = twoYards.replace(
      '<name>North yard</name>',
      `<name>North yard</name><description>${html}</description>`,
    );
    expect(expectParsed(parseGeofenceKml(described)).candidates).toHaveLength(2);
  });

  it('reads what Google Earth and GIS tools write: comments, CDATA, entities, namespaces, a byte order mark', () => {
    const parsed = expectParsed(parseGeofenceKml(`\uFEFF${richKml}`));
    expect(parsed.featureCount).toBe(5);
    expect(parsed.problems.map((problem) => `${problem.label}: ${problem.message}`)).toEqual([
      'Placemark 1 “Portland  Depot”: has a hole, and a geofence is a single outline without holes.',
      'Placemark 3 “Route”: is a LineString, not a polygon. Only placemarks with a polygon can be imported.',
      'Placemark 4 “Drive”: is a LineString, not a polygon. Only placemarks with a polygon can be imported.',
      'Placemark 5 “No shape”: has no geometry.',
    ]);
    expect(parsed.candidates.map(({ name, cornerCount }) => [name, cornerCount])).toEqual([
      ['Two lots (part 1 of 2)', 3],
      ['Two lots (part 2 of 2)', 3],
    ]);
  });

  it('refuses KML in another encoding than UTF-8', () => {
    const latin1 = Uint8Array.from(
      [...'<kml><name>Caf\u00e9</name></kml>'].map((c) => c.charCodeAt(0)),
    );
    expect(expectRefused(parseGeofenceKmlFile(latin1, 'kml'))).toMatch(
      /not UTF-8.*Save it as KML in UTF-8/,
    );
  });
});

describe('KMZ import', () => {
  it('reads the first .kml in the archive and leaves the rest packed', () => {
    const archive = zipSync({
      'files/icon.png': new Uint8Array(1000),
      'doc.kml': strToU8(twoYards),
      'other.kml': strToU8('<kml><Document/></kml>'),
    });
    const extracted = extractKmlFromKmz(archive);
    if (!extracted.ok) throw new Error(extracted.message);
    expect(extracted.entryName).toBe('doc.kml');
    const parsed = expectParsed(parseGeofenceKmlFile(archive, 'kmz'));
    expect(parsed.candidates.map((candidate) => candidate.name)).toEqual([
      'North yard',
      'South yard',
    ]);
  });

  it('refuses a KMZ whose KML is too large, by its declared size and as it unpacks', () => {
    // A megabyte of spaces packs into about a kilobyte: the shape of a zip bomb.
    const padded = strToU8(twoYards.replace('<Document>', `<Document>${' '.repeat(1_000_000)}`));
    const archive = zipSync({ 'doc.kml': padded });
    expect(archive.length).toBeLessThan(10_000);
    expect(expectRefused(extractKmlFromKmz(archive, 500_000))).toBe(
      'The KML inside this KMZ (doc.kml) is 1 MB once unpacked; KML up to 0.5 MB can be imported.',
    );
    // The local header claims 100 bytes: the count as it unpacks stops it all the same.
    const lying = archive.slice();
    new DataView(lying.buffer).setUint32(22, 100, true);
    expect(expectRefused(extractKmlFromKmz(lying, 500_000))).toBe(
      'The KML inside this KMZ (doc.kml) unpacks to more than 0.5 MB; KML up to 0.5 MB can be imported.',
    );
  });

  it('says when the archive holds no KML or is not a zip at all', () => {
    expect(expectRefused(extractKmlFromKmz(zipSync({ 'photo.jpg': new Uint8Array(10) })))).toMatch(
      /holds no \.kml file/,
    );
    const damaged = zipSync({ 'doc.kml': strToU8(twoYards) }).slice(0, 60);
    expect(expectRefused(extractKmlFromKmz(damaged))).toMatch(/KMZ file is damaged/);
  });
});

describe('file formats', () => {
  it('tells GeoJSON, KML and KMZ apart by their bytes', () => {
    expect(sniffGeofenceFile(strToU8('{"type":"FeatureCollection"}'))).toBe('geojson');
    expect(sniffGeofenceFile(strToU8('\uFEFF\n  <?xml version="1.0"?><kml/>'))).toBe('kml');
    expect(sniffGeofenceFile(zipSync({ 'doc.kml': strToU8('<kml/>') }))).toBe('kmz');
  });

  it('names the real problem of a file whose name promises KMZ or KML and whose bytes are neither', () => {
    const text = strToU8('Meeting notes: fence the north yard.');
    expect(new GeofenceImportSession().read(text, 'yards.kmz')).toEqual({
      ok: false,
      message: expect.stringMatching(/^This \.kmz file is not a ZIP archive\./),
    });
    expect(new GeofenceImportSession().read(text, 'yards.KML')).toEqual({
      ok: false,
      message: expect.stringMatching(/^This \.kml file is not an XML document\./),
    });
    // Bytes still decide when they are a format the import reads: KML saved as .kmz is KML.
    const read = new GeofenceImportSession().read(strToU8(twoYards), 'yards.kmz');
    expect(read).toMatchObject({ ok: true, format: 'kml' });
  });

  it('reads KML through the import session, with its format and the corner limit', () => {
    const corners = Array.from({ length: 2500 }, (_, index) => {
      const angle = (index / 2500) * 2 * Math.PI;
      return `${(-122.6 + 0.2 * Math.cos(angle)).toFixed(6)},${(45.5 + 0.2 * Math.sin(angle)).toFixed(6)}`;
    });
    const lake = kmlDocument(
      `<Placemark><name>Lake</name>${polygon([...corners, corners[0]].join(' '))}</Placemark>`,
    );
    const read = new GeofenceImportSession().read(strToU8(lake));
    if (!read.ok) throw new Error(read.message);
    expect(read.format).toBe('kml');
    expect(read.oversized.map((candidate) => [candidate.name, candidate.cornerCount])).toEqual([
      ['Lake', 2500],
    ]);
  });
});
