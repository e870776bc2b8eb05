import { readFileSync, writeFileSync } from 'node:fs';
import type { Locator, Page, Request } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-checks';
import { demoManager, expect, injectFaults, signIn, test } from './fixtures';

interface SentGeofence {
  name: string;
  geofenceGeography: {
    shapeType: number;
    radius: number;
    points: { latitude: number; longitude: number }[];
  };
}

/** The map page's own content (the shell left out), on every rule axe runs by default. */
const MAIN_ALL_RULES = { within: 'main', rules: 'all' } as const;

/** Writes to /v1/geofences (POST creates, PUT updates), recorded as they leave the page. */
function recordGeofenceWrites(page: Page, method: 'POST' | 'PUT' | 'DELETE'): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && /\/v1\/geofences(\/|$|\?)/.test(request.url())) {
      sent.push(request);
    }
  });
  return sent;
}

async function openGeofences(page: Page, demoParams?: string) {
  // No fly-to animations: shapes and handles stay put for the pointer.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, demoManager, { path: '/geofences', demoParams });
  // The map chunk (Leaflet and geoman) loads with this page, so allow a busy machine some time.
  await expect(page.getByRole('heading', { name: 'Geofences', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('listbox', { name: 'Geofences' }).getByRole('option').first(),
  ).toBeVisible({ timeout: 20_000 });
}

/** Clicks the map at a fraction of its width and height (away from the controls on the left). */
async function clickMap(page: Page, fractionX: number, fractionY: number) {
  const box = await page.getByRole('region', { name: 'Geofence map' }).boundingBox();
  if (!box) throw new Error('The map is not on the page.');
  await page.mouse.click(box.x + box.width * fractionX, box.y + box.height * fractionY);
}

async function drawPolygon(page: Page, corners: [number, number][]) {
  await page.getByRole('button', { name: 'Draw polygon' }).click();
  // The map's own prompt: clicks before draw mode is on would be lost.
  await expect(page.getByText('Click to place the first corner')).toBeVisible();
  for (const [x, y] of corners) await clickMap(page, x, y);
  // Clicking the first corner again closes the outline.
  await clickMap(page, corners[0]![0], corners[0]![1]);
}

test.describe('geofences', () => {
  test(
    'draws a polygon, saves it, finds it after a reload, then moves a corner',
    { tag: '@live' },
    async ({ page }) => {
      await openGeofences(page);
      const posts = recordGeofenceWrites(page, 'POST');

      await drawPolygon(page, [
        [0.3, 0.3],
        [0.5, 0.32],
        [0.52, 0.6],
        [0.32, 0.62],
      ]);
      const form = page.getByRole('form', { name: 'New geofence' });
      await expect(form.getByText('Polygon · 4 corners')).toBeVisible();
      await form.getByLabel('Name').fill('E2E Loading Dock');
      const created = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().endsWith('/v1/geofences'),
      );
      await form.getByRole('button', { name: 'Save geofence' }).click();
      expect((await created).status()).toBe(200);
      const body = posts[0]!.postDataJSON() as SentGeofence;
      expect(body.name).toBe('E2E Loading Dock');
      expect(body.geofenceGeography.shapeType).toBe(1);
      expect(body.geofenceGeography.points).toHaveLength(4);
      await expect(page.getByText('“E2E Loading Dock” was created.')).toBeVisible();
      await expect(page).toHaveURL(/selected=/);

      await page.reload();
      const panel = page.getByRole('complementary', { name: 'E2E Loading Dock' });
      await expect(panel.getByLabel('Name')).toHaveValue('E2E Loading Dock');
      await page.getByLabel('Search geofences').fill('E2E Loading');
      await expect(
        page
          .getByRole('listbox', { name: 'Geofences' })
          .getByRole('option', { name: /E2E Loading Dock/ }),
      ).toHaveAttribute('aria-selected', 'true');

      // Move one corner by dragging its handle.
      await panel.getByRole('button', { name: 'Edit outline on the map' }).click();
      // Map handles have no role: geoman draws them as marker icons.
      const corners = page.locator('.leaflet-marker-pane .marker-icon:not(.marker-icon-middle)');
      await expect(corners).toHaveCount(4);
      const handle = await corners.first().boundingBox();
      if (!handle) throw new Error('No corner handle.');
      const startX = handle.x + handle.width / 2;
      const startY = handle.y + handle.height / 2;
      await page.mouse.move(startX, startY);
      await page.mouse.down();
      await page.mouse.move(startX + 25, startY + 20, { steps: 8 });
      await page.mouse.move(startX + 50, startY + 40, { steps: 8 });
      await page.mouse.up();
      await expect(panel.getByText('Unsaved outline')).toBeVisible();

      const put = page.waitForRequest((request) => request.method() === 'PUT');
      await panel.getByRole('button', { name: 'Save changes' }).click();
      const moved = (await put).postDataJSON() as SentGeofence;
      expect(moved.name).toBe('E2E Loading Dock');
      expect(moved.geofenceGeography.points).toHaveLength(4);
      expect(moved.geofenceGeography.points).not.toEqual(body.geofenceGeography.points);
      // Only the dragged corner moved.
      const unchanged = moved.geofenceGeography.points.filter((point) =>
        body.geofenceGeography.points.some(
          (before) => before.latitude === point.latitude && before.longitude === point.longitude,
        ),
      );
      expect(unchanged).toHaveLength(3);
      await expect(page.getByText('The geofence was saved.')).toBeVisible();
      await expect(panel.getByText('Unsaved outline')).toBeHidden();
    },
  );

  test('the outline being drawn shows the colour in the Colour field, and follows a new one', async ({
    page,
  }) => {
    await openGeofences(page);
    await drawPolygon(page, [
      [0.3, 0.3],
      [0.5, 0.32],
      [0.45, 0.6],
    ]);
    const form = page.getByRole('form', { name: 'New geofence' });
    const colour = form.getByRole('textbox', { name: 'Colour' });
    // The outline being edited is the map's one vector path (saved geofences share a canvas).
    const outline = page.locator('.leaflet-overlay-pane svg path');
    await expect(outline).toHaveAttribute('stroke', await colour.inputValue());
    await colour.fill('#2B8A3E');
    await expect(outline).toHaveAttribute('stroke', '#2B8A3E');
    await expect(outline).toHaveAttribute('fill', '#2B8A3E');
  });

  test('draws a circle, deletes it after confirming its name, and Undo creates it again', async ({
    page,
  }) => {
    await openGeofences(page);
    const posts = recordGeofenceWrites(page, 'POST');

    // Each click waits for the map's own prompt: a click before draw mode is on would be lost.
    await page.getByRole('button', { name: 'Draw circle' }).click();
    await expect(page.getByText('Click to place the centre')).toBeVisible();
    await clickMap(page, 0.4, 0.45);
    await expect(page.getByText('Click to set the radius')).toBeVisible();
    await clickMap(page, 0.47, 0.45);
    const form = page.getByRole('form', { name: 'New geofence' });
    await expect(form.getByText(/^Circle · .* radius$/)).toBeVisible();
    await form.getByLabel('Name').fill('E2E Circle');
    await form.getByRole('button', { name: 'Save geofence' }).click();
    await expect(page.getByText('“E2E Circle” was created.')).toBeVisible();
    const body = posts[0]!.postDataJSON() as SentGeofence;
    expect(body.geofenceGeography.shapeType).toBe(3);
    expect(body.geofenceGeography.points).toHaveLength(1);
    expect(body.geofenceGeography.radius).toBeGreaterThan(0);

    const panel = page.getByRole('complementary', { name: 'E2E Circle' });
    // Saved from here: the switches the service does not report are the ones just sent.
    const settings = panel.getByRole('group', { name: 'Settings' });
    await expect(settings).toContainText('As last saved from this browser.');
    await expect(settings.getByRole('switch', { name: 'Active' })).toBeChecked();
    await expect(panel.getByText('In effect: Always')).toBeVisible();
    const puts = recordGeofenceWrites(page, 'PUT');
    await panel.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete geofence?' });
    await expect(dialog).toContainText('“E2E Circle” will be deleted');
    // One delete, one promise: the panel's delete can be undone as a bulk delete can.
    await expect(dialog).toContainText('Undo creates it again');
    await expect(dialog).not.toContainText('cannot be undone');
    const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Delete geofence' }).click();
    expect((await deleted).status()).toBe(204);
    await expect(page.getByText('“E2E Circle” was deleted.')).toBeVisible();
    // Confirming in the dialog must not also submit the form behind it.
    expect(puts).toHaveLength(0);
    await expect(page).not.toHaveURL(/selected=/);
    await page.getByLabel('Search geofences').fill('E2E Circle');
    await expect(page.getByText('No geofence matches “E2E Circle”.')).toBeVisible();

    const recreated = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect((await recreated).status()).toBe(200);
    const again = posts[1]!.postDataJSON() as SentGeofence;
    expect(again.name).toBe('E2E Circle');
    expect(again.geofenceGeography).toEqual(body.geofenceGeography);
    await expect(page.getByText('“E2E Circle” was created again, with a new ID.')).toBeVisible();
    await expect(
      page.getByRole('listbox', { name: 'Geofences' }).getByRole('option', { name: /E2E Circle/ }),
    ).toBeVisible();
  });

  test('a new geofence starts in the group the last one was saved to, also after a reload', async ({
    page,
  }) => {
    test.slow();
    await openGeofences(page);
    await page.getByRole('button', { name: 'Draw circle' }).click();
    await clickMap(page, 0.3, 0.45);
    await clickMap(page, 0.34, 0.45);
    const form = page.getByRole('form', { name: 'New geofence' });
    await expect(form.getByLabel('Group', { exact: true })).toHaveValue('');
    await form.getByLabel('Name').fill('E2E Portland Yard');
    await form.getByLabel('Group', { exact: true }).fill('Portland Depot');
    await page.getByRole('treeitem', { name: 'Portland Depot', exact: true }).click();
    await form.getByRole('button', { name: 'Save geofence' }).click();
    await expect(page.getByText('“E2E Portland Yard” was created.')).toBeVisible();

    // The list shows every group, so the next one goes where the last one went.
    await page.reload();
    await expect(page.getByRole('complementary', { name: 'E2E Portland Yard' })).toBeVisible();
    await page
      .getByRole('complementary', { name: 'E2E Portland Yard' })
      .getByRole('button', { name: 'Close the panel' })
      .click();
    await page.getByRole('button', { name: 'Draw circle' }).click();
    await clickMap(page, 0.3, 0.7);
    await clickMap(page, 0.34, 0.7);
    const next = page.getByRole('form', { name: 'New geofence' });
    await expect(next.getByLabel('Group', { exact: true })).toHaveValue(/Portland Depot/);
    await expect(next.getByText(/It will be saved in .*Portland Depot\./)).toBeVisible();
  });

  test('a geofence drawn while the list shows one group goes to that group and stays in view', async ({
    page,
  }) => {
    // Draws and saves on the map: allow a busy machine more time.
    test.slow();
    await openGeofences(page);
    const posts = recordGeofenceWrites(page, 'POST');
    await page.getByLabel('Group (with subgroups)').fill('Boise Depot');
    await page.getByRole('treeitem', { name: 'Boise Depot', exact: true }).click();
    await expect(page).toHaveURL(/groupId=/);
    const list = page.getByRole('listbox', { name: 'Geofences' });
    await expect(list.getByRole('option', { name: /Boise Airport Air Cargo/ })).toBeVisible();

    await page.getByRole('button', { name: 'Draw circle' }).click();
    await clickMap(page, 0.3, 0.45);
    await clickMap(page, 0.34, 0.45);
    const form = page.getByRole('form', { name: 'New geofence' });
    // The new geofence starts in the group the list shows, and says so.
    await expect(form.getByLabel('Group', { exact: true })).toHaveValue(/Boise Depot/);
    await form.getByLabel('Name').fill('E2E Boise Gate');
    await form.getByRole('button', { name: 'Save geofence' }).click();
    await expect(page.getByText('“E2E Boise Gate” was created.')).toBeVisible();
    const sent = posts[0]!.postDataJSON() as { groupIdentifier?: string };
    expect(sent.groupIdentifier).toBeTruthy();
    await expect(list.getByRole('option', { name: /E2E Boise Gate/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Moved to a group the filter leaves out: the page says so and offers to show it.
    const panel = page.getByRole('complementary', { name: 'E2E Boise Gate' });
    await panel.getByLabel('Group', { exact: true }).fill('Salt Lake City Depot');
    await page.getByRole('treeitem', { name: 'Salt Lake City Depot', exact: true }).click();
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The geofence was saved.')).toBeVisible();
    await expect(list.getByRole('option', { name: /E2E Boise Gate/ })).toHaveCount(0);
    await expect(
      panel.getByText(/is in Salt Lake City Depot, which the list’s filter/),
    ).toBeVisible();
    await panel.getByRole('button', { name: 'Show all geofences' }).click();
    await expect(page).not.toHaveURL(/groupId=/);
    await expect(list.getByRole('option', { name: /E2E Boise Gate/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('a saved geofence shows what the service reports, and says in a line what it does not', async ({
    page,
  }) => {
    await openGeofences(page);
    const first = page.getByRole('listbox', { name: 'Geofences' }).getByRole('option').first();
    const name = (await first.locator('p').first().textContent()) ?? '';
    await first.click();
    const panel = page.getByRole('complementary', { name });
    await expect(panel.getByLabel('Name')).toHaveValue(name);
    // The service reports when a geofence is in effect: a fact, shown as one.
    await expect(panel.getByText(/^In effect: /)).toBeVisible();
    const settings = panel.getByRole('group', { name: 'Settings' });
    await expect(settings).toContainText('Not reported by the service: saving sets them as shown.');
    await expect(panel).not.toContainText('they show what this browser last saved');
  });

  test('closes the panel with a confirmation after deleting a geofence', async ({ page }) => {
    // Runs at the demo's real latency, so allow more time on a busy machine.
    test.slow();
    // The demo service's usual latency: the panel must not outrun the deletion's refetches.
    await openGeofences(page, 'demoLatency=150');
    const list = page.getByRole('listbox', { name: 'Geofences' });
    const first = list.getByRole('option').first();
    const name = (await first.locator('p').first().textContent()) ?? '';
    await first.click();
    const panel = page.getByRole('complementary', { name });
    await expect(panel.getByLabel('Name')).toHaveValue(name);
    // Filtered to a group it is not in: the panel holds the only copy of it on the page.
    await page.getByLabel('Group (with subgroups)').fill('Boise Depot');
    await page.getByRole('treeitem', { name: 'Boise Depot', exact: true }).click();
    await expect(page).toHaveURL(/groupId=/);
    await expect(list.getByRole('option', { name: /Boise Airport Air Cargo/ })).toBeVisible();
    // The activations refresh after the deletion answers late (rate limited, retried after a
    // second), as a busy service does: the list comes back first and no longer holds the geofence.
    await injectFaults(page, [
      {
        method: 'GET',
        pathPattern: '/v1/geofence/activations$',
        status: 429,
        retryAfter: 1,
        times: 1,
      },
    ]);
    await panel.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete geofence?' })
      .getByRole('button', { name: 'Delete geofence' })
      .click();
    await expect(page.getByText(`“${name}” was deleted.`)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('complementary')).toHaveCount(0);
    await expect(page.getByText('This geofence could not be loaded')).toHaveCount(0);
    await expect(page).not.toHaveURL(/selected=/);
    await expect(list.getByRole('option', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('brings a fresh drawing out from under the side panel', async ({ page }) => {
    // Draws and saves on the map: allow a busy machine more time.
    test.slow();
    await openGeofences(page);
    // Drawn near the right edge, where the panel opens.
    await drawPolygon(page, [
      [0.7, 0.3],
      [0.9, 0.3],
      [0.9, 0.6],
      [0.7, 0.6],
    ]);
    const panel = page.getByRole('complementary', { name: 'New geofence' });
    await expect(panel.getByText('Polygon · 4 corners')).toBeVisible();
    const panelBox = await panel.boundingBox();
    if (!panelBox) throw new Error('The panel is not on the page.');
    const corners = page.locator('.leaflet-marker-pane .marker-icon:not(.marker-icon-middle)');
    await expect(corners).toHaveCount(4);
    // Every corner handle is left of the panel, where the map is not covered.
    await expect
      .poll(() =>
        corners.evaluateAll((handles) =>
          Math.max(...handles.map((handle) => handle.getBoundingClientRect().right)),
        ),
      )
      .toBeLessThan(panelBox.x);
  });

  test('refuses an outline without an area and sends nothing', async ({ page }) => {
    await openGeofences(page);
    const posts = recordGeofenceWrites(page, 'POST');

    // Three corners on one line: a polygon with no inside.
    await drawPolygon(page, [
      [0.3, 0.5],
      [0.4, 0.5],
      [0.5, 0.5],
    ]);
    const form = page.getByRole('form', { name: 'New geofence' });
    await form.getByLabel('Name').fill('Flat');
    await form.getByRole('button', { name: 'Save geofence' }).click();
    await expect(form.getByRole('alert')).toContainText(
      'The corners lie on one line, so the outline encloses no area.',
    );

    // A missing name is caught the same way, and what was typed stays.
    await form.getByLabel('Name').fill('');
    await form.getByRole('button', { name: 'Save geofence' }).click();
    await expect(form.getByText('Enter a name for the geofence.')).toBeVisible();

    await form.getByRole('button', { name: 'Discard' }).click();
    await expect(form).toBeHidden();
    // Checked after a later step, so a request from either save would already have left.
    expect(posts).toHaveLength(0);
  });

  test('asks before leaving a drawn, unsaved geofence', async ({ page }) => {
    await openGeofences(page);
    const posts = recordGeofenceWrites(page, 'POST');
    await page.getByRole('button', { name: 'Draw rectangle' }).click();
    await clickMap(page, 0.3, 0.3);
    await clickMap(page, 0.45, 0.5);
    const form = page.getByRole('form', { name: 'New geofence' });
    await expect(form.getByText('Rectangle · 4 corners')).toBeVisible();
    await form.getByLabel('Name').fill('Half-made yard');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/geofences/);
    await expect(form.getByLabel('Name')).toHaveValue('Half-made yard');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users' })
      .click();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    expect(posts).toHaveLength(0);
  });

  test('imports a GeoJSON file and names the feature it refuses', async ({ page }) => {
    await openGeofences(page);
    const posts = recordGeofenceWrites(page, 'POST');
    const ring = (west: number, south: number) => [
      [
        [west, south],
        [west + 0.01, south],
        [west + 0.01, south + 0.01],
        [west, south + 0.01],
        [west, south],
      ],
    ];
    const file = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'E2E Import North Lot' },
          geometry: { type: 'Polygon', coordinates: ring(-116.25, 43.6) },
        },
        {
          type: 'Feature',
          properties: { name: 'Crossed lot' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-116.2, 43.6],
                [-116.19, 43.61],
                [-116.19, 43.6],
                [-116.2, 43.61],
                [-116.2, 43.6],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'E2E Import South Lot', color: '#2B8A3E' },
          geometry: { type: 'Polygon', coordinates: ring(-116.25, 43.55) },
        },
      ],
    };

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('GeoJSON, KML or KMZ file').click();
    await (
      await chooser
    ).setFiles({
      name: 'boise-lots.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(file)),
    });

    const panel = page.getByRole('complementary', { name: 'Import' });
    await expect(panel.getByRole('alert')).toContainText(
      'Feature 2 “Crossed lot”: The outline crosses itself.',
    );
    await expect(
      panel.getByText('2 geofences are ready to import; 1 feature was refused.'),
    ).toBeVisible();
    await panel.getByRole('button', { name: 'Import 2 geofences' }).click();
    await expect(page.getByText('2 geofences were imported.')).toBeVisible();
    expect(posts).toHaveLength(2);

    await page.getByLabel('Search geofences').fill('E2E Import');
    const list = page.getByRole('listbox', { name: 'Geofences' });
    await expect(list.getByRole('option')).toHaveCount(2);
    await expect(list).not.toContainText('Crossed lot');

    // Export what is listed: the same two polygons come back out as GeoJSON.
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export the 2 listed geofences' }).click();
    const exported = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as {
      type: string;
      features: { geometry: { type: string }; properties: { name: string; color: string } }[];
    };
    expect(exported.type).toBe('FeatureCollection');
    expect(exported.features.map((feature) => feature.properties.name).sort()).toEqual([
      'E2E Import North Lot',
      'E2E Import South Lot',
    ]);
    expect(exported.features.every((feature) => feature.geometry.type === 'Polygon')).toBe(true);
  });

  test('imports a KML file in the import worker and names the placemark it refuses', async ({
    page,
  }) => {
    await openGeofences(page);
    const posts = recordGeofenceWrites(page, 'POST');
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <!-- written by a GIS tool -->
  <Placemark><name>E2E KML Yard &amp; Gate</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
    -116.35,43.6,0 -116.34,43.6,0 -116.34,43.61,0 -116.35,43.61,0 -116.35,43.6,0
  </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
  <Placemark><name>Gate</name><Point><coordinates>-116.345,43.6</coordinates></Point></Placemark>
</Document></kml>`;

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('GeoJSON, KML or KMZ file').click();
    await (
      await chooser
    ).setFiles({
      name: 'yard.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(kml),
    });

    const panel = page.getByRole('complementary', { name: 'Import' });
    await expect(panel.getByRole('alert')).toContainText('Placemark 2 “Gate”: is a Point');
    await panel.getByRole('button', { name: 'Import 1 geofence' }).click();
    await expect(page.getByText('1 geofence was imported.')).toBeVisible();
    expect(posts).toHaveLength(1);
    await page.getByLabel('Search geofences').fill('E2E KML');
    const listed = page.getByRole('listbox', { name: 'Geofences' }).getByRole('option');
    // The entity in its name is read as the character it stands for; four corners, as drawn.
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('E2E KML Yard & Gate');
    await expect(listed).toContainText('Polygon · 4 corners');
  });

  test('filters the activations table by geofence', async ({ page }) => {
    await signIn(page, demoManager, { path: '/geofences/activations' });
    const table = page.getByRole('table', { name: 'Geofence activations' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    await page.getByRole('combobox', { name: 'Geofence' }).fill('Tacoma Depot Yard');
    await page.getByRole('option', { name: 'Tacoma Depot Yard' }).click();
    await expect(page).toHaveURL(/geofenceId=/);
    await expect(table.getByRole('row').nth(1)).toContainText('Tacoma Depot Yard');
    const geofenceCells = table.locator('tbody tr td:first-child');
    await expect(geofenceCells.first()).toHaveText('Tacoma Depot Yard');
    // Until every row is the filtered list's: earlier rows stay while it loads.
    await expect
      .poll(async () => new Set(await geofenceCells.allTextContents()))
      .toEqual(new Set(['Tacoma Depot Yard']));

    // The filter lives in the address, so a reload keeps it.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Geofence' })).toHaveValue('Tacoma Depot Yard');
    await expect(geofenceCells.first()).toHaveText('Tacoma Depot Yard');
  });

  test('has labelled map controls and no serious accessibility violations', async ({ page }) => {
    await openGeofences(page);
    for (const name of ['Zoom in', 'Zoom out', 'Draw polygon', 'Draw rectangle', 'Draw circle']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Fit all geofences in view' })).toBeVisible();
    await page.getByRole('listbox', { name: 'Geofences' }).getByRole('option').first().click();
    const form = page.getByRole('form', { name: 'Edit geofence' });
    await form.getByRole('button', { name: 'Edit outline on the map' }).click();
    // The drag handles are on the map now; they must not be unnamed buttons.
    await expect(page.locator('.leaflet-marker-pane .marker-icon').first()).toBeVisible();

    await expectNoSeriousViolations(page, 'an outline being edited', MAIN_ALL_RULES);
  });

  test('lists thousands of geofences while rendering only the visible rows', async ({ page }) => {
    test.setTimeout(120_000);
    // The 100× demo company takes a while to seed, longer than signIn() waits for the form.
    await page.goto('/geofences?demoLatency=0&demoScale=100');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 60_000 });
    await page.getByLabel('Username').fill(demoManager.username);
    await page.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // 6,000 seeded at this scale, and the two shaped like the vendor's examples.
    await expect(page.getByText(/^6,002 geofences$/)).toBeVisible({ timeout: 60_000 });
    const rendered = await page
      .getByRole('listbox', { name: 'Geofences' })
      .getByRole('option')
      .count();
    expect(rendered).toBeLessThan(60);
    // Keyboard: the list is one tab stop; arrows move, Enter selects.
    await page.getByRole('listbox', { name: 'Geofences' }).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/selected=/);
    await expect(page.getByRole('form', { name: 'Edit geofence' })).toBeVisible();
  });
});

/** Filters the list to one group, once the list holds only that group's geofences. */
async function showGroup(page: Page, groupName: string) {
  const count = page.getByText(/^[\d,]+ geofences$/);
  const everything = (await count.textContent()) ?? '';
  await page.getByLabel('Group (with subgroups)').fill(groupName);
  await page.getByRole('treeitem', { name: groupName, exact: true }).click();
  await expect(page).toHaveURL(/groupId=/);
  await expect(count).not.toHaveText(everything);
}

/** The name a list row shows (its first line). */
async function rowName(option: Locator): Promise<string> {
  return ((await option.locator('p').first().textContent()) ?? '').trim();
}

test.describe('geofence bulk work and export', () => {
  // Each journey sends several changes one at a time and undoes them.
  test.slow();

  test('moves three geofences chosen with Shift to another group, and Undo brings them back', async ({
    page,
  }) => {
    await openGeofences(page);
    await showGroup(page, 'Boise Depot');
    const list = page.getByRole('listbox', { name: 'Geofences' });
    const count = page.getByText(/^[\d,]+ geofences$/);
    const inBoise = Number.parseInt(((await count.textContent()) ?? '').replaceAll(',', ''), 10);
    expect(inBoise).toBeGreaterThan(3);

    await page.getByRole('switch', { name: 'Select for bulk actions' }).check();
    await expect(list).toHaveAttribute('aria-multiselectable', 'true');
    const options = list.getByRole('option');
    const names = [
      await rowName(options.nth(0)),
      await rowName(options.nth(1)),
      await rowName(options.nth(2)),
    ];
    const row = (name: string) => list.getByRole('option').filter({ hasText: name });
    await options.nth(0).click();
    await options.nth(2).click({ modifiers: ['Shift'] });
    for (const name of names) await expect(row(name)).toHaveAttribute('aria-selected', 'true');
    await expect(list.getByRole('option', { selected: true })).toHaveCount(3);
    await expect(page.getByText('3 selected')).toBeVisible();
    // Choosing rows for bulk work opens none of them on the map.
    await expect(page).not.toHaveURL(/selected=/);

    await expectNoSeriousViolations(page, 'three geofences selected', MAIN_ALL_RULES);

    await page.getByRole('button', { name: 'Bulk actions (3)' }).click();
    await page.getByRole('menuitem', { name: 'Move to group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to group' });
    await dialog.getByLabel('New group').fill('Salt Lake City Depot');
    await page.getByRole('treeitem', { name: 'Salt Lake City Depot', exact: true }).click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('button', { name: 'Send 3 changes' }).click();
    await expect(dialog.getByRole('status')).toHaveText('3 done, 0 failed, 0 cancelled.', {
      timeout: 30_000,
    });
    // Now in a group the list's filter leaves out: the list refreshed without them.
    await expect(count).toHaveText(`${inBoise - 3} geofences`);
    for (const name of names) await expect(row(name)).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Undo all done (3)' }).click();
    await expect(dialog.getByRole('heading', { name: 'Undo report' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(dialog.getByRole('status')).toHaveText('3 done, 0 failed, 0 cancelled.');
    await expect(dialog.getByRole('table', { name: 'Undo report' })).toContainText(
      /Back in (.* › )?Boise Depot/,
    );
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(count).toHaveText(`${inBoise} geofences`);
    for (const name of names) {
      await expect(row(name)).toHaveCount(1);
      await expect(row(name)).toContainText('Boise Depot');
    }
    // The run ended the selection; its report stays in the bulk menu until dismissed.
    await expect(list.getByRole('option', { selected: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Bulk actions (0)' }).click();
    await expect(page.getByRole('menuitem', { name: 'Move to group', exact: true })).toBeDisabled();
    await expect(
      page.getByRole('menuitem', { name: /^Report: Move to group · 3 items/ }),
    ).toBeVisible();
  });

  test('deletes a geofence chosen in select mode from the list and the map; Undo creates it again under a new ID', async ({
    page,
  }) => {
    await openGeofences(page);
    const list = page.getByRole('listbox', { name: 'Geofences' });
    const first = list.getByRole('option').first();
    const name = await rowName(first);
    const row = list.getByRole('option').filter({ hasText: name });
    // Open on the map first: the map shows it in the middle of what the panel leaves free.
    await first.click();
    const panel = page.getByRole('complementary', { name });
    await expect(panel.getByLabel('Name')).toHaveValue(name);
    const oldId = new URL(page.url()).searchParams.get('selected');
    expect(oldId).toBeTruthy();
    const mapBox = (await page.getByRole('region', { name: 'Geofence map' }).boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    const onShape = { x: (mapBox.x + 64 + panelBox.x - 24) / 2, y: mapBox.y + mapBox.height / 2 };
    const tooltip = page.locator('.leaflet-tooltip');
    const hoverShape = async () => {
      await page.mouse.move(mapBox.x + 80, mapBox.y + mapBox.height - 40);
      await page.mouse.move(onShape.x, onShape.y, { steps: 4 });
    };
    // As a user would, move over the shape again if a pass came while the map was still moving to
    // it or before it was drawn: the tooltip opens on a move over the shape, not on its arrival.
    const expectTooltipOnHover = () =>
      expect(async () => {
        await hoverShape();
        await expect(tooltip).toHaveText(name, { timeout: 1_000 });
      }).toPass();
    await expectTooltipOnHover();

    await page.getByRole('switch', { name: 'Select for bulk actions' }).check();
    await row.click();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Bulk actions (1)' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete' });
    await expect(dialog.getByText(/Undo creates each geofence again/)).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Changes to send' })).toHaveText(
      `${name}: Delete (undo creates it again with a new ID)`,
    );
    await dialog.getByRole('button', { name: 'Send 1 change' }).click();
    await expect(dialog.getByRole('status')).toHaveText('1 done, 0 failed, 0 cancelled.', {
      timeout: 30_000,
    });

    // Gone from the list, the panel and the map.
    await expect(row).toHaveCount(0);
    await expect(page).not.toHaveURL(/selected=/);
    await expect(panel).toHaveCount(0);
    await hoverShape();
    await expect(tooltip).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Undo all done (1)' }).click();
    const undoReport = dialog.getByRole('table', { name: 'Undo report' });
    await expect(undoReport).toContainText('Created again with a new ID: ', { timeout: 30_000 });
    const newId = /new ID: (\S+)/.exec((await undoReport.textContent()) ?? '')?.[1];
    expect(newId).toBeTruthy();
    expect(newId?.toLowerCase()).not.toBe(oldId?.toLowerCase());
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    // The closing dialog's overlay takes the pointer until it has faded out.
    await expect(dialog).toBeHidden();

    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('aria-selected', 'false');
    await expectTooltipOnHover();
  });

  test('exports the listed geofences as CSV, a row for each geofence the list shows', async ({
    page,
  }) => {
    await openGeofences(page);
    await page.getByLabel('Search geofences').fill('Port');
    const count = page.getByText(/^\d+ of \d+ geofences match$/);
    await expect(count).toBeVisible();
    const listed = Number.parseInt((await count.textContent()) ?? '', 10);
    expect(listed).toBeGreaterThan(1);

    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('menu')).toContainText('Geofences matching the filters');
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^geofences-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    await expect(
      page.getByText(`Exported ${listed} geofences matching the filters.`),
    ).toBeVisible();
    const lines = readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Name,Group,Shape,Radius (m),Area (m²),Alert when vehicles are,Created,Geofence ID',
    );
    expect(lines).toHaveLength(listed + 1);
    // Every row matches the search, in its name or its group.
    for (const line of lines.slice(1)) expect(line.toLowerCase()).toContain('port');
  });
});

test.describe('geofence import', () => {
  // Each journey exports or reads a whole file and imports several geofences one request at a time.
  test.slow();

  test('export then import keeps each geofence in its group, and asks where a missing group was', async ({
    page,
  }) => {
    await openGeofences(page);
    await page.getByLabel('Search geofences').fill('Port of Tacoma');
    const list = page.getByRole('listbox', { name: 'Geofences' });
    await expect(list.getByRole('option').first()).toBeVisible();
    // The search applies after a pause in typing: count once the list shows only its matches.
    await expect(list.getByRole('option').filter({ hasNotText: 'Port of Tacoma' })).toHaveCount(0);
    const listedCount = await list.getByRole('option').count();

    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /^Export the \d+ listed geofences?$/ }).click();
    const exported = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as {
      type: string;
      features: {
        properties: { name: string; groupId: string | null; groupName: string | null };
      }[];
    };
    expect(exported.features).toHaveLength(listedCount);
    const groupIds = exported.features.map((feature) => feature.properties.groupId);
    expect(groupIds.every((groupId) => typeof groupId === 'string')).toBe(true);

    // The same file back, renamed to be found, plus one feature whose group is gone.
    const reimport = structuredClone(exported);
    for (const feature of reimport.features)
      feature.properties.name = `E2E Back ${feature.properties.name}`;
    const orphan = structuredClone(reimport.features[0]!);
    orphan.properties = {
      ...orphan.properties,
      name: 'E2E Orphan',
      groupId: '0badc0de-0000-4000-8000-000000000000',
      groupName: 'Closed Depot',
    };
    reimport.features.push(orphan);

    const posts = recordGeofenceWrites(page, 'POST');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('GeoJSON, KML or KMZ file').click();
    await (
      await chooser
    ).setFiles({
      name: 'tacoma.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(reimport)),
    });
    const panel = page.getByRole('complementary', { name: 'Import' });
    const total = listedCount + 1;
    await expect(panel.getByText(`${total} geofences are ready to import.`)).toBeVisible();
    await expect(
      panel.getByText(
        `${listedCount} ${listedCount === 1 ? 'geofence goes' : 'geofences go'} back to the group named in the file.`,
      ),
    ).toBeVisible();
    await expect(panel.getByText('Groups not found')).toBeVisible();
    await expect(panel).toContainText('“Closed Depot”');
    const importButton = panel.getByRole('button', { name: `Import ${total} geofences` });
    await expect(importButton).toBeDisabled();

    const picker = 'Group for geofences whose group is not found';
    await panel.getByLabel(picker).fill('Seattle Depot');
    await page
      .getByRole('tree', { name: 'Group choices' })
      .getByRole('treeitem', { name: 'Seattle Depot', exact: true })
      .click();
    await expect(importButton).toBeEnabled();
    await importButton.click();
    // One request per geofence.
    await expect(page.getByText(`${total} geofences were imported.`)).toBeVisible({
      timeout: 30_000,
    });

    const sent = posts.map(
      (request) => request.postDataJSON() as { name: string; groupIdentifier?: string },
    );
    expect(sent).toHaveLength(total);
    for (const feature of exported.features) {
      const body = sent.find((entry) => entry.name === `E2E Back ${feature.properties.name}`);
      expect(body?.groupIdentifier).toBe(feature.properties.groupId);
    }
    const orphanBody = sent.find((entry) => entry.name === 'E2E Orphan');
    expect(orphanBody?.groupIdentifier).toBeTruthy();
    expect(orphanBody?.groupIdentifier).not.toBe(orphan.properties.groupId);
  });

  test('a 100,000-corner polygon shows its corner count, is offered a simplification, and the page stays responsive', async ({
    page,
  }) => {
    // Measured, not asserted: the longest main-thread task, for the benchmark notes.
    await page.addInitScript(() => {
      const scope = window as unknown as { longestTask: number };
      scope.longestTask = 0;
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries()) {
          scope.longestTask = Math.max(scope.longestTask, entry.duration);
        }
      }).observe({ type: 'longtask', buffered: true });
    });
    await openGeofences(page);
    const corners = 100_000;
    const ring = Array.from({ length: corners }, (_, index) => {
      const angle = (index / corners) * 2 * Math.PI;
      // A lake shore: a circle with a wobble of a few metres.
      const radius = 0.2 * (1 + 0.0005 * Math.sin(index * 1.7));
      return [
        Number((-116.2 + radius * Math.cos(angle)).toFixed(7)),
        Number((43.6 + radius * Math.sin(angle)).toFixed(7)),
      ];
    });
    const file = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'E2E Huge Lake' },
          geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
        },
      ],
    };
    // A file on disk, as a user picks it: a buffer would be rebuilt inside the page by the test
    // tool, a long task of its own.
    const path = test.info().outputPath('huge-lake.geojson');
    writeFileSync(path, JSON.stringify(file));
    const chooseFile = async () => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByLabel('GeoJSON, KML or KMZ file').click();
      await (await chooser).setFiles(path);
    };
    const panel = page.getByRole('complementary', { name: 'Import' });

    // Closing at once works while the file is still being read: the page is not frozen.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await chooseFile();
    await panel.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(panel).toHaveCount(0);

    const posts = recordGeofenceWrites(page, 'POST');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    // From the choice of the file on: the page's own start-up is not the import's.
    await page.evaluate(() => {
      (window as unknown as { longestTask: number }).longestTask = 0;
    });
    await chooseFile();
    // Read, checked and measured in the worker: seconds on a busy machine.
    await expect(panel.getByText('1 outline has more than 2,000 corners')).toBeVisible({
      timeout: 90_000,
    });
    await expect(
      panel.getByRole('list', { name: 'Outlines to simplify' }).getByRole('listitem'),
    ).toHaveText('E2E Huge Lake · 100,000 corners');
    await expect(panel).toContainText('The service does not publish how many corners');
    await expect(panel.getByRole('button', { name: 'Import 0 geofences' })).toBeDisabled();
    await expect(panel.getByLabel('Tolerance (metres)')).not.toHaveValue('');

    await panel.getByRole('button', { name: 'Simplify 1 outline' }).click();
    const ready = panel.getByRole('list', { name: 'Geofences to import' });
    await expect(ready).toContainText(
      /E2E Huge Lake · Polygon · [\d,]+ corners \(simplified from 100,000\)/,
      { timeout: 60_000 },
    );
    await panel.getByRole('button', { name: 'Import 1 geofence' }).click();
    await expect(page.getByText('1 geofence was imported.')).toBeVisible();
    expect(posts).toHaveLength(1);
    const sent = posts[0]!.postDataJSON() as SentGeofence;
    expect(sent.geofenceGeography.points.length).toBeLessThanOrEqual(2000);
    expect(sent.geofenceGeography.points.length).toBeGreaterThan(3);

    const longestTask = await page.evaluate(
      () => (window as unknown as { longestTask: number }).longestTask,
    );
    test.info().annotations.push({
      type: 'longest main-thread task (ms)',
      description: String(longestTask),
    });
  });
});

test.describe('geofences on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the saved sheet shows its whole footer, Delete included, and Delete opens the confirmation', async ({
    page,
  }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, demoManager, { path: '/geofences' });
    await page.getByRole('button', { name: 'Geofence list' }).tap();
    const first = page.getByRole('listbox', { name: 'Geofences' }).getByRole('option').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    const name = (await first.locator('p').first().textContent()) ?? '';
    await first.tap();
    const sheet = page.getByRole('complementary', { name });
    await expect(sheet.getByLabel('Name')).toHaveValue(name);
    const sheetBox = await sheet.boundingBox();
    expect(sheetBox).not.toBeNull();
    for (const label of ['Delete', 'Cancel', 'Save changes']) {
      const button = sheet.getByRole('button', { name: label, exact: true });
      await button.scrollIntoViewIfNeeded();
      await expect(button, label).toBeInViewport({ ratio: 1 });
      const box = await button.boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.x, label).toBeGreaterThanOrEqual(sheetBox!.x);
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(sheetBox!.x + sheetBox!.width);
    }
    await sheet.getByRole('button', { name: 'Delete', exact: true }).tap();
    await expect(page.getByRole('dialog', { name: 'Delete geofence?' })).toBeVisible();
  });
});

test.describe('drawing a geofence on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** Taps the map at a fraction of its width and height. */
  async function tapMap(page: Page, fractionX: number, fractionY: number) {
    const box = await page.getByRole('region', { name: 'Geofence map' }).boundingBox();
    if (!box) throw new Error('The map is not on the page.');
    await page.touchscreen.tap(box.x + box.width * fractionX, box.y + box.height * fractionY);
  }

  test('corners tapped along the map’s edge stay, the buttons are off the map, and Cancel asks first', async ({
    page,
  }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, demoManager, { path: '/geofences' });
    const map = page.getByRole('region', { name: 'Geofence map' });
    await expect(map).toBeVisible({ timeout: 60_000 });

    const tools = page.getByRole('group', { name: 'Draw a new geofence' });
    // A finger taps: the prompts say so.
    await expect(tools.getByRole('status')).toHaveText(
      'Choose a shape, then tap the map to draw it.',
    );
    const before = await map.boundingBox();
    await tools.getByRole('button', { name: 'Draw polygon' }).tap();
    const drawing = page.getByRole('group', { name: 'Drawing an outline' });
    const step = drawing.getByRole('status');
    await expect(step).toHaveText('Tap the map where the outline starts.');
    // The bar keeps its height: the map does not move under the finger as drawing starts.
    const mapBox = await map.boundingBox();
    if (!mapBox || !before) throw new Error('The map is not on the page.');
    expect(mapBox.y).toBe(before.y);
    for (const name of ['Finish', 'Remove last point', 'Cancel']) {
      const button = await drawing.getByRole('button', { name, exact: true }).boundingBox();
      expect(button!.y + button!.height).toBeLessThanOrEqual(mapBox.y);
    }

    // The top band of the map, where geoman's Finish | Remove last point | Cancel strip was.
    const corners: [number, number][] = [
      [0.35, 0.05],
      [0.9, 0.05],
      [0.9, 0.4],
      [0.35, 0.4],
    ];
    for (const [x, y] of corners) await tapMap(page, x, y);
    await expect(step).toHaveText('4 corners. Finish, or tap the first corner.');
    await drawing.getByRole('button', { name: 'Remove last point' }).tap();
    await expect(step).toHaveText('3 corners. Finish, or tap the first corner.');

    // Cancel with corners placed asks; keeping the drawing keeps every corner.
    await drawing.getByRole('button', { name: 'Cancel', exact: true }).tap();
    const confirmation = page.getByRole('dialog', { name: 'Discard this outline?' });
    await expect(confirmation).toContainText('The 3 corners placed so far will be lost.');
    await confirmation.getByRole('button', { name: 'Cancel' }).tap();
    await expect(confirmation).toBeHidden();
    await expect(step).toHaveText('3 corners. Finish, or tap the first corner.');

    await tapMap(page, 0.35, 0.4);
    await drawing.getByRole('button', { name: 'Finish' }).tap();
    const form = page.getByRole('form', { name: 'New geofence' });
    await expect(form.getByText('Polygon · 4 corners')).toBeVisible();
    await expect(drawing).toBeHidden();
    // The sheet over the map is short on a phone: the name and the group come first in it.
    await expect(form.getByLabel('Name')).toBeInViewport({ ratio: 1 });
    await expect(form.getByRole('combobox', { name: 'Group', exact: true })).toBeInViewport({
      ratio: 1,
    });
  });
});
