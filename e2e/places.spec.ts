import type { Page, Request } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { expectNoSeriousViolations, switchTheme } from './axe-checks';
import { demoManager, expect, injectFaults, signIn, test } from './fixtures';

interface SentGeofence {
  name: string;
  geofenceGeography: {
    shapeType: number;
    radius: number;
    points: { latitude: number; longitude: number }[];
  };
}

/** Geofence creations, recorded as they leave the page. */
function recordGeofenceCreations(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/v1\/geofences(\?|$)/.test(request.url())) {
      sent.push(request);
    }
  });
  return sent;
}

async function openGeofences(page: Page) {
  // No fly-to animations: the view settles at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, demoManager, { path: '/geofences' });
  await expect(page.getByRole('heading', { name: 'Geofences', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('region', { name: 'Geofence map' })).toBeVisible();
}

/** Opens "Find a place", searches, and waits for the list of places. */
async function searchPlaces(page: Page, query: string) {
  await page.getByRole('button', { name: 'Find a place' }).click();
  const search = page.getByRole('search', { name: 'Find a place' });
  const field = search.getByRole('combobox', { name: 'Address or place name' });
  await expect(field).toBeFocused();
  await field.fill(query);
  await field.press('Enter');
  const places = page.getByRole('listbox', { name: 'Places found' });
  await expect(places.getByRole('option').first()).toBeVisible();
  return { search, field, places };
}

test.describe('find a place', () => {
  test('finds the Portland depot, draws a 300 m circle around it, and saves it as a geofence', async ({
    page,
  }) => {
    await openGeofences(page);
    const posts = recordGeofenceCreations(page);
    const searches: URL[] = [];
    page.on('request', (request) => {
      if (request.url().includes('nominatim.openstreetmap.org'))
        searches.push(new URL(request.url()));
    });

    const { search, field, places } = await searchPlaces(page, 'Portland');
    // The demo answers the configured search from its own gazetteer: no network needed.
    await expect(search.getByText(/places match “Portland”/)).toBeVisible();
    expect(searches).toHaveLength(1);
    expect(searches[0]!.searchParams.get('q')).toBe('Portland');
    expect(searches[0]!.searchParams.get('format')).toBe('jsonv2');
    await expect(places.getByRole('option').first()).toContainText('Portland');

    // Keyboard: down to the depot, Enter chooses it.
    await field.press('ArrowDown');
    await field.press('ArrowDown');
    await expect(field).toHaveAttribute(
      'aria-activedescendant',
      (await places.getByRole('option', { name: /^Portland Depot/ }).getAttribute('id'))!,
    );
    await field.press('Enter');
    await expect(places).toBeHidden();
    await expect(search.getByText('Cascade Freight & Logistics', { exact: false })).toBeVisible();

    await search.getByLabel('Radius (metres)').fill('300');
    await search.getByRole('button', { name: 'Draw around it' }).click();
    await expect(search).toBeHidden();
    await expect(page.getByRole('button', { name: 'Find a place' })).toBeFocused();

    const form = page.getByRole('form', { name: 'New geofence' });
    await expect(form.getByText('Circle · 300 m radius')).toBeVisible();
    await form.getByLabel('Name').fill('E2E Portland Depot gate');
    await form.getByRole('button', { name: 'Save geofence' }).click();
    await expect(page.getByText('“E2E Portland Depot gate” was created.')).toBeVisible();

    const body = posts[0]!.postDataJSON() as SentGeofence;
    expect(body.geofenceGeography.shapeType).toBe(3);
    expect(body.geofenceGeography.radius).toBe(300);
    expect(body.geofenceGeography.points).toEqual([{ latitude: 45.5543, longitude: -122.6757 }]);

    await page.getByLabel('Search geofences').fill('E2E Portland Depot gate');
    await expect(
      page.getByRole('listbox', { name: 'Geofences' }).getByRole('option', {
        name: /E2E Portland Depot gate/,
      }),
    ).toBeVisible();
    // Searched once: choosing and drawing asked nothing more of the search.
    expect(searches).toHaveLength(1);
  });

  test('a new search drops the last choice, and Draw around it names the geofence after the place and says its group', async ({
    page,
  }) => {
    await openGeofences(page);
    const { search, field, places } = await searchPlaces(page, 'Portland');
    await places.getByRole('option', { name: /^Portland Depot/ }).click();
    await expect(search.getByRole('button', { name: 'Draw around it' })).toBeVisible();

    await field.fill('Qqzxv nowhere');
    await field.press('Enter');
    await expect(search.getByText('No places match “Qqzxv nowhere”.')).toBeVisible();
    // Nothing from the last search under "No places match".
    await expect(search.getByRole('button', { name: 'Draw around it' })).toHaveCount(0);
    await expect(search.getByText('Cascade Freight & Logistics', { exact: false })).toHaveCount(0);

    await field.fill('Portland');
    await field.press('Enter');
    await places.getByRole('option', { name: /^Portland Depot/ }).click();
    await search.getByRole('button', { name: 'Draw around it' }).click();
    const form = page.getByRole('form', { name: 'New geofence' });
    await expect(form.getByLabel('Name')).toHaveValue('Portland Depot');
    // Where it will go is said, not left to a placeholder.
    await expect(form.getByText('It will be saved in Company (top group).')).toBeVisible();
  });
});

const ring = (west: number, south: number) =>
  `${west},${south},0 ${west + 0.01},${south},0 ${west + 0.01},${south + 0.01},0 ${west},${south + 0.01},0 ${west},${south},0`;

/** KML as Google Earth saves it: placemarks with a style and an outer ring each. */
function kmlOf(placemarks: { name: string; west: number; south: number }[], padding = '') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
<Document>${padding}
  <name>Boise lots</name>
  <Style id="lot"><PolyStyle><color>7f3e8a2b</color></PolyStyle></Style>
${placemarks
  .map(
    ({ name, west, south }) => `  <Placemark>
    <name>${name}</name>
    <styleUrl>#lot</styleUrl>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>${ring(west, south)}</coordinates></LinearRing></outerBoundaryIs></Polygon>
  </Placemark>`,
  )
  .join('\n')}
</Document>
</kml>`;
}

/** Opens the import panel and chooses a file as a user would. */
async function chooseImportFile(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('GeoJSON, KML or KMZ file').click();
  await (await chooser).setFiles(file);
  return page.getByRole('complementary', { name: 'Import' });
}

test.describe('KML and KMZ import', () => {
  test('a KML file with two polygons previews both, and the import creates them', async ({
    page,
  }) => {
    await openGeofences(page);
    const posts = recordGeofenceCreations(page);
    const panel = await chooseImportFile(page, {
      name: 'boise-lots.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(
        kmlOf([
          { name: 'E2E KML North Lot', west: -116.25, south: 43.6 },
          { name: 'E2E KML South Lot', west: -116.25, south: 43.55 },
        ]),
      ),
    });
    await expect(panel.getByText('2 geofences are ready to import.')).toBeVisible();
    await expect(
      panel.getByRole('list', { name: 'Geofences to import' }).getByRole('listitem'),
    ).toHaveText([
      'E2E KML North Lot · Polygon · 4 corners',
      'E2E KML South Lot · Polygon · 4 corners',
    ]);

    await panel.getByRole('button', { name: 'Import 2 geofences' }).click();
    await expect(page.getByText('2 geofences were imported.')).toBeVisible();
    expect(posts).toHaveLength(2);
    const sent = posts.map((post) => post.postDataJSON() as SentGeofence & { colorHex: string });
    expect(sent.map((body) => body.name)).toEqual(['E2E KML North Lot', 'E2E KML South Lot']);
    // The KML's PolyStyle colour (aabbggrr) comes across as #RRGGBB.
    expect(sent.every((body) => body.colorHex === '#2B8A3E')).toBe(true);
    expect(sent[0]!.geofenceGeography.points).toHaveLength(4);

    await page.getByLabel('Search geofences').fill('E2E KML');
    await expect(page.getByRole('listbox', { name: 'Geofences' }).getByRole('option')).toHaveCount(
      2,
    );
  });

  test('a KMZ imports its KML', async ({ page }) => {
    await openGeofences(page);
    const posts = recordGeofenceCreations(page);
    const archive = zipSync({
      'doc.kml': strToU8(kmlOf([{ name: 'E2E KMZ Yard', west: -122.7, south: 45.55 }])),
      'files/icon.png': new Uint8Array(64),
    });
    const panel = await chooseImportFile(page, {
      name: 'yard.kmz',
      mimeType: 'application/vnd.google-earth.kmz',
      buffer: Buffer.from(archive),
    });
    await expect(panel.getByText('1 geofence is ready to import.')).toBeVisible();
    await panel.getByRole('button', { name: 'Import 1 geofence' }).click();
    await expect(page.getByText('1 geofence was imported.')).toBeVisible();
    expect(posts).toHaveLength(1);
    expect((posts[0]!.postDataJSON() as SentGeofence).name).toBe('E2E KMZ Yard');
  });

  test('a text file named .kmz is refused as not a ZIP archive, not as bad JSON', async ({
    page,
  }) => {
    await openGeofences(page);
    const panel = await chooseImportFile(page, {
      name: 'yards.kmz',
      mimeType: 'application/vnd.google-earth.kmz',
      buffer: Buffer.from('Yards to fence: north, south.'),
    });
    const refusal = panel.getByRole('alert');
    await expect(refusal).toContainText('This .kmz file is not a ZIP archive.');
    await expect(refusal).not.toContainText('JSON');
  });

  test('a box across the 180° meridian is refused by name, not imported round the world', async ({
    page,
  }) => {
    await openGeofences(page);
    const posts = recordGeofenceCreations(page);
    const box = [
      [179.5, -17],
      [-179.5, -17],
      [-179.5, -16],
      [179.5, -16],
      [179.5, -17],
    ];
    const panel = await chooseImportFile(page, {
      name: 'fiji.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: { name: 'E2E Fiji' },
              geometry: { type: 'Polygon', coordinates: [box] },
            },
          ],
        }),
      ),
    });
    await expect(panel.getByText(/E2E Fiji.*crosses the 180° meridian/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Import 0 geofences' })).toBeDisabled();
    expect(posts).toHaveLength(0);
  });

  test('a KMZ whose KML is too large once unpacked is refused, saying so', async ({ page }) => {
    await openGeofences(page);
    const posts = recordGeofenceCreations(page);
    // 21 MB of KML that packs into a few kilobytes, as a zip bomb does.
    const padding = ' '.repeat(21 * 1024 * 1024);
    const archive = zipSync({
      'doc.kml': strToU8(kmlOf([{ name: 'E2E Huge', west: -116.25, south: 43.6 }], padding)),
    });
    expect(archive.length).toBeLessThan(100_000);
    const panel = await chooseImportFile(page, {
      name: 'huge.kmz',
      mimeType: 'application/vnd.google-earth.kmz',
      buffer: Buffer.from(archive),
    });
    const refusal = panel.getByRole('alert');
    await expect(refusal).toContainText('This file cannot be imported');
    await expect(refusal).toContainText(
      'The KML inside this KMZ (doc.kml) is 21 MB once unpacked; KML up to 20 MB can be imported.',
    );
    await expect(panel.getByRole('button', { name: 'Import 0 geofences' })).toBeDisabled();
    expect(posts).toHaveLength(0);
  });
});

test.describe('find a place, accessibly', () => {
  test('the geofences page with the search open has no serious violations, light or dark', async ({
    page,
  }) => {
    await openGeofences(page);
    const { search, places } = await searchPlaces(page, 'Fresno');
    await expectNoSeriousViolations(page, 'results listed (light)');
    await switchTheme(page, 'dark');
    await expectNoSeriousViolations(page, 'results listed (dark)', {
      rules: ['color-contrast'],
    });

    await places.getByRole('option', { name: /^Fresno Depot/ }).click();
    await expect(search.getByRole('button', { name: 'Draw around it' })).toBeEnabled();
    await expectNoSeriousViolations(page, 'place chosen (dark)', {
      rules: ['color-contrast'],
    });
    await switchTheme(page, 'light');
    await expectNoSeriousViolations(page, 'place chosen (light)');

    // Escape closes the search and gives the focus back to its button.
    await search.getByLabel('Radius (metres)').focus();
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    await expect(page.getByRole('button', { name: 'Find a place' })).toBeFocused();
  });

  test('says when the place search fails, and tries again', async ({ page }) => {
    await openGeofences(page);
    // The search service is down: the demo's fault switch drops its answers.
    await injectFaults(page, [{ pathPattern: '/search$', status: 503 }]);
    await page.getByRole('button', { name: 'Find a place' }).click();
    const search = page.getByRole('search', { name: 'Find a place' });
    await search.getByRole('combobox', { name: 'Address or place name' }).fill('Boise');
    await search.getByRole('combobox', { name: 'Address or place name' }).press('Enter');
    await expect(search.getByRole('alert')).toContainText(
      'The place search did not answer (HTTP 503)',
    );
    await injectFaults(page, []);
    await search.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('listbox', { name: 'Places found' }).getByRole('option').first(),
    ).toContainText('Boise');
  });
});

test.describe('without a place search', () => {
  test('says that places cannot be searched, and why', async ({ context, page }) => {
    // A console whose config.json names no geocoderUrl.
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const { geocoderUrl: _left, ...config } = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: config });
    });
    await openGeofences(page);
    await page.getByRole('button', { name: 'Find a place' }).click();
    const search = page.getByRole('search', { name: 'Find a place' });
    await expect(search.getByText('Places cannot be searched')).toBeVisible();
    await expect(search).toContainText('geocoderUrl in config.json');
    await expect(search.getByRole('combobox')).toHaveCount(0);
  });
});

test.describe('find a place on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('searches, chooses and draws within the screen', async ({ page }) => {
    test.slow();
    await openGeofences(page);
    const { search, places } = await searchPlaces(page, 'Tacoma');
    const within = async (what: string, box: { x: number; width: number } | null) => {
      expect(box, what).not.toBeNull();
      expect(box!.x, what).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, what).toBeLessThanOrEqual(390);
    };
    await within('the search', await search.boundingBox());
    await within('the places found', await places.boundingBox());
    await places.getByRole('option', { name: /^Tacoma Depot/ }).click();
    // Chosen, the search folds to leave the map in view; unfolded, it offers the shapes again.
    await search.getByRole('button', { name: 'Unfold the place search' }).click();
    // The segmented control's radios are hidden behind their labels.
    await search.locator('label', { hasText: 'Square' }).click();
    await expect(search.getByRole('radio', { name: 'Square' })).toBeChecked();
    await expect(search.getByLabel('Side (metres)')).toHaveValue('400');
    const draw = search.getByRole('button', { name: 'Draw around it' });
    await expect(draw).toBeInViewport();
    await draw.click();
    const form = page.getByRole('form', { name: 'New geofence' });
    await expect(form.getByText('Rectangle · 4 corners')).toBeVisible();
    await expect(form.getByLabel('Name')).toBeInViewport();
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});

test.describe('find a place on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a chosen place folds the search, so the map around it stays in view', async ({ page }) => {
    test.slow();
    await openGeofences(page);
    await page.getByRole('button', { name: 'Find a place' }).tap();
    const search = page.getByRole('search', { name: 'Find a place' });
    const field = search.getByRole('combobox', { name: 'Address or place name' });
    await field.fill('Tacoma');
    await field.press('Enter');
    const places = page.getByRole('listbox', { name: 'Places found' });
    await places.getByRole('option', { name: /^Tacoma Depot/ }).tap();

    const fold = search.getByRole('button', { name: 'Unfold the place search' });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(field).toBeHidden();
    const mapBox = await page.getByRole('region', { name: 'Geofence map' }).boundingBox();
    const searchBox = await search.boundingBox();
    // The folded search takes the top of the map, not most of it.
    expect(searchBox!.y + searchBox!.height - mapBox!.y).toBeLessThan(mapBox!.height * 0.4);

    await fold.tap();
    await expect(search.getByLabel('Radius (metres)')).toBeVisible();
    await search.getByRole('button', { name: 'Fold the place search' }).tap();
    await expect(search.getByLabel('Radius (metres)')).toBeHidden();
    await search.getByRole('button', { name: 'Draw around it' }).tap();
    const form = page.getByRole('form', { name: 'New geofence' });
    await expect(form.getByLabel('Name')).toHaveValue(/^Tacoma Depot/);
  });
});

test.describe('a place a geofence is named after', () => {
  test('Draw around it warns that alerts would double, and opens the existing geofence instead', async ({
    page,
  }) => {
    await openGeofences(page);
    const posts = recordGeofenceCreations(page);
    const first = await searchPlaces(page, 'Portland');
    await first.places.getByRole('option', { name: /^Portland Depot/ }).click();
    await first.search.getByRole('button', { name: 'Draw around it' }).click();
    const form = page.getByRole('form', { name: 'New geofence' });
    await expect(form.getByLabel('Name')).toHaveValue('Portland Depot');
    await form.getByRole('button', { name: 'Save geofence' }).click();
    await expect(page.getByText('“Portland Depot” was created.')).toBeVisible();
    const selected = new URL(page.url()).searchParams.get('selected');
    expect(selected).toBeTruthy();
    await page
      .getByRole('complementary', { name: 'Portland Depot' })
      .getByRole('button', { name: 'Close the panel' })
      .click();
    await expect(page.getByRole('complementary', { name: 'Portland Depot' })).toBeHidden();

    const again = await searchPlaces(page, 'Portland');
    await again.places.getByRole('option', { name: /^Portland Depot/ }).click();
    await again.search.getByRole('button', { name: 'Draw around it' }).click();
    const warning = page.getByRole('dialog', {
      name: 'A geofence named “Portland Depot” already exists',
    });
    await expect(warning).toContainText('every alert for the place would come twice');
    await warning.getByRole('button', { name: 'Open the existing one' }).click();
    await expect(warning).toBeHidden();
    const panel = page.getByRole('complementary', { name: 'Portland Depot' });
    await expect(panel.getByRole('form', { name: 'Edit geofence' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('selected')).toBe(selected);
    await expect(page.getByRole('form', { name: 'New geofence' })).toHaveCount(0);
    expect(posts).toHaveLength(1);
  });
});
