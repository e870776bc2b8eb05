// @vitest-environment jsdom
import { kml } from '@tmcw/togeojson';
import { describe, expect, it } from 'vitest';
import { parseXmlDocument, type XmlDocument } from './xml-document';

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

function read(text: string): XmlDocument {
  const result = parseXmlDocument(text);
  if (!result.ok) throw new Error(`${result.message} (line ${result.line})`);
  return result.document;
}

function problemOf(text: string) {
  const result = parseXmlDocument(text);
  if (result.ok) throw new Error('The text was expected to be refused.');
  return result;
}

describe('the XML reader', () => {
  it('gives togeojson the same GeoJSON as the browser’s own XML parser', () => {
    const fromBrowser = kml(new DOMParser().parseFromString(richKml, 'application/xml'));
    const fromReader = kml(read(richKml) as unknown as Document);
    expect(fromReader).toEqual(fromBrowser);
    // The comparison means something only if the document was read in full.
    expect(fromReader.features.map((feature) => feature.properties?.name)).toEqual([
      'Portland  Depot',
      'Two lots',
      'Route',
      'Drive',
      'No shape',
      'Photo',
    ]);
    expect(fromReader.features[0]?.properties).toMatchObject({
      description: { '@type': 'html', value: '<b>Open</b> 24/7 & staffed' },
      dock_count: 12,
      manager: 'Maria López',
      fill: '#00ff00',
    });
  });

  it('finds elements by name and namespace, and reads attributes and text', () => {
    const document = read(richKml);
    const root = document.documentElement!;
    expect(root.tagName).toBe('kml');
    expect(root.namespaceURI).toBe('http://www.opengis.net/kml/2.2');
    expect(document.getElementsByTagName('Placemark')).toHaveLength(5);
    const coord = document.getElementsByTagNameNS('*', 'coord');
    expect(coord).toHaveLength(2);
    expect(coord.item(0)?.tagName).toBe('gx:coord');
    expect(coord.item(0)?.namespaceURI).toBe('http://www.google.com/kml/ext/2.2');
    expect(document.getElementsByTagName('Placemark')[0]?.getAttribute('id')).toBe('p1');
    expect(document.getElementsByTagName('Placemark')[0]?.getAttribute('missing')).toBeNull();
    expect(document.getElementsByTagName('name')[0]?.textContent).toBe('Depots & yards');
  });

  it('refuses a DOCTYPE, whatever it declares: no entity can expand', () => {
    const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<kml><Document><name>&lol2;</name></Document></kml>`;
    const problem = problemOf(billionLaughs);
    expect(problem.reason).toBe('doctype');
    expect(problem.line).toBe(2);
    expect(problem.message).toMatch(/declares a DOCTYPE/);
    const external = '<!doctype kml SYSTEM "file:///etc/passwd"><kml/>';
    expect(problemOf(external).reason).toBe('doctype');
  });

  it('names what is malformed and where', () => {
    const cases: [string, RegExp, number][] = [
      ['<kml>\n<Document>\n</kml>', /found <\/kml> where <\/Document> was expected/, 3],
      ['<kml><name>&nbsp;</name></kml>', /&nbsp; is not one of XML's own/, 1],
      ['<kml><name>Fish & chips</name></kml>', /bare “&”/, 1],
      ['<kml><name>Open', /ends before <name> is closed/, 1],
      ['<kml/><kml/>', /second root element/, 1],
      ['<kml/>\ntext', /text outside the root element/, 2],
      ['<kml id=1/>', /must be in quotes/, 1],
      ['<kml a="1" a="2"/>', /attribute a twice/, 1],
      ['<kml><!-- never closed </kml>', /comment is never closed/, 1],
      ['', /no root element/, 1],
      ['<kml><name>&#0;</name></kml>', /not a character XML allows/, 1],
    ];
    for (const [text, message, line] of cases) {
      const problem = problemOf(text);
      expect(problem.reason, text).toBe('malformed');
      expect(problem.message, text).toMatch(message);
      expect(problem.line, text).toBe(line);
    }
  });

  it('stops at its element and depth limits rather than filling the memory', () => {
    const many = parseXmlDocument(`<kml>${'<a/>'.repeat(20)}</kml>`, {
      maxElements: 10,
      maxDepth: 200,
    });
    expect(many.ok ? null : many.message).toMatch(/more than 10 elements/);
    const deep = `${'<a>'.repeat(50)}${'</a>'.repeat(50)}`;
    const result = parseXmlDocument(deep, { maxElements: 1000, maxDepth: 20 });
    expect(result.ok ? null : result.message).toMatch(/nested more than 20 deep/);
  });

  it('takes a byte order mark and keeps one text node per run of text', () => {
    const document = read('\uFEFF<kml><name>a<!-- x -->b<![CDATA[c]]>d</name></kml>');
    const name = document.getElementsByTagName('name')[0]!;
    expect(name.childNodes.map((node) => node.nodeType)).toEqual([3, 4, 3]);
    expect(name.textContent).toBe('abcd');
  });
});
