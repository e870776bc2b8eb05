import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolationsInEitherTheme } from './axe-checks';
import { demoManager, expect, signIn, startWithoutEcmKey, test } from './fixtures';

const TRIGGER = 'Harsh Braking';
/** First positions at first sign-in: the demo seeds its company before answering. */
const FIRST_DRAW = { timeout: 60_000 };

function clusters(page: Page, noun: 'vehicles' | 'events'): Locator {
  return page.getByRole('button', { name: new RegExp(`^Cluster of [\\d,]+ ${noun}`) });
}

/** The count a cluster's name gives ("Cluster of 1,234 vehicles…"). */
async function countOf(cluster: Locator): Promise<number> {
  const name = (await cluster.getAttribute('title')) ?? '';
  return Number(/^Cluster of ([\d,]+)/.exec(name)![1]!.replaceAll(',', ''));
}

/** The cluster holding the most points, found again by its full name (positions shift). */
async function largestCluster(page: Page, noun: 'vehicles' | 'events') {
  let largest = { name: '', count: -1 };
  for (const cluster of await clusters(page, noun).all()) {
    const count = await countOf(cluster);
    if (count > largest.count) largest = { name: (await cluster.getAttribute('title'))!, count };
  }
  return {
    cluster: page.getByRole('button', { name: largest.name, exact: true }).first(),
    count: largest.count,
  };
}

/** What the map shows: every marker's name, in order. */
async function markerNames(page: Page): Promise<string[]> {
  return page
    .locator('.leaflet-marker-icon')
    .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('title') ?? ''));
}

/** Selects the largest cluster and waits until the map has zoomed in and drawn anew. */
async function zoomIntoLargestCluster(page: Page, noun: 'vehicles' | 'events'): Promise<number> {
  const { cluster, count } = await largestCluster(page, noun);
  const before = await markerNames(page);
  await cluster.click();
  await expect.poll(() => markerNames(page)).not.toEqual(before);
  return count;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

test.describe('fleet map', () => {
  test('clusters zoom in, the list pans to a vehicle, and its marker links to the vehicle page', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/fleet-map' });
    await expect(page.getByRole('heading', { name: 'Fleet map', level: 1 })).toBeVisible(
      FIRST_DRAW,
    );
    await expect(clusters(page, 'vehicles').first()).toBeVisible(FIRST_DRAW);
    await expect(page.getByText(/^[\d,]+ vehicles on the map/)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Map legend' })).toContainText(
      'Stale: older than 24 hours',
    );

    // A cluster shows its count; selecting the largest zooms in until it splits.
    const largest = await largestCluster(page, 'vehicles');
    expect(largest.count).toBeGreaterThan(1);
    await expect(largest.cluster).toHaveText(/\d/);
    await zoomIntoLargestCluster(page, 'vehicles');
    await expect(largest.cluster).toBeHidden();
    await expect
      .poll(async () => (await largestCluster(page, 'vehicles')).count)
      .toBeLessThan(largest.count);

    // The list beside the map finds a vehicle and moves the map to it, popup open.
    const list = page.getByRole('region', { name: 'Vehicles on the map' });
    await list.getByLabel('Search vehicles').fill('BOI-B101');
    await expect(list.getByText('1 of')).toBeVisible();
    await list.getByRole('button', { name: /^BOI-B101/ }).click();
    const popup = page.locator('.leaflet-popup');
    await expect(popup).toContainText('BOI-B101');
    await expect(popup).toContainText(/Position at .+ ago|Position at .+just now/);
    const marker = page.getByRole('button', { name: /^BOI-B101: position / });
    await expect(marker).toBeInViewport();

    // The vehicle's own marker opens the same popup, which links to the vehicle page.
    await popup.getByRole('button', { name: 'Close popup' }).click();
    await expect(popup).toBeHidden();
    await marker.press('Enter');
    await popup.getByRole('link', { name: 'Open BOI-B101' }).click();
    await expect(page.getByRole('heading', { name: 'BOI-B101', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}/);
  });

  test('a group keeps the map and the list to its vehicles, and the address keeps the group', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/fleet-map' });
    await expect(clusters(page, 'vehicles').first()).toBeVisible(FIRST_DRAW);
    const numberIn = async (text: Locator) =>
      Number(/^([\d,]+)/.exec((await text.textContent()) ?? '')![1]!.replaceAll(',', ''));
    const total = await numberIn(page.getByText(/^[\d,]+ vehicles on the map/));

    const list = page.getByRole('region', { name: 'Vehicles on the map' });
    await list.getByLabel('Group (with subgroups)').fill('Boise Depot');
    await page.getByRole('treeitem', { name: 'Boise Depot', exact: true }).click();
    await expect(page).toHaveURL(/groupId=/);
    const inGroup = page.getByText(/^[\d,]+ of [\d,]+ vehicles on the map/);
    await expect(inGroup).toBeVisible();
    const shown = await numberIn(inGroup);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);

    // Boise's vehicles are listed; Portland's are not.
    await list.getByLabel('Search vehicles').fill('BOI-B101');
    await expect(list.getByRole('button', { name: /^BOI-B101/ })).toBeVisible();
    await list.getByLabel('Search vehicles').fill('PDX-');
    await expect(list.getByText('No vehicle on the map matches “PDX-”.')).toBeVisible();

    await page.reload();
    await expect(list.getByLabel('Group (with subgroups)')).toHaveValue(/Boise Depot/, FIRST_DRAW);
    await expect(page.getByText(/^[\d,]+ of [\d,]+ vehicles on the map/)).toBeVisible(FIRST_DRAW);
  });

  test('a search says what matched beyond the name, and Back from a vehicle keeps it and the pause', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/fleet-map' });
    await expect(clusters(page, 'vehicles').first()).toBeVisible(FIRST_DRAW);
    await page.getByRole('button', { name: 'Pause updates' }).click();
    const list = page.getByRole('region', { name: 'Vehicles on the map' });
    await list.getByLabel('Search vehicles').fill('942');
    // No name holds "942": each row says where it was found. The rows are read once the list
    // shows the search's count, not while it still holds the whole fleet.
    const rows = list.getByRole('listitem');
    await expect(list.getByText(/^[\d,]+ of [\d,]+ match$/)).toBeVisible();
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) {
      await expect(row).toContainText(
        /Matched (legacy number|VIN|VIN captured by the camera|plate) \S*942/,
      );
    }

    await rows.first().getByRole('button').click();
    const popup = page.locator('.leaflet-popup');
    await popup.getByRole('link', { name: /^Open / }).click();
    await expect(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}/);
    await page.goBack();
    await expect(list.getByLabel('Search vehicles')).toHaveValue('942');
    await expect(page.getByText(/^Paused\. Updated /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resume updates' })).toBeVisible();
  });

  test('updates pause and resume', async ({ page }) => {
    await signIn(page, demoManager, { path: '/fleet-map' });
    await expect(clusters(page, 'vehicles').first()).toBeVisible(FIRST_DRAW);
    await expect(page.getByText(/^Live\. Updated .+, again every minute\.$/)).toBeVisible();

    await page.getByRole('button', { name: 'Pause updates' }).click();
    await expect(page.getByText(/^Paused\. Updated /)).toBeVisible();
    await page.getByRole('button', { name: 'Resume updates' }).click();
    await expect(page.getByText(/^Live\. Updated .+, again every minute\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause updates' })).toBeVisible();

    // A read on request asks the legacy API again, from its first page.
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/ecm/vehicles')) reads.push(url.searchParams.get('page') ?? '');
    });
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect.poll(() => reads).toContain('1');
    await expect(page.getByText(/^Live\. Updated .+, again every minute\.$/)).toBeVisible();
  });

  test('without an ECM key, the page says how to add one', async ({ page }) => {
    await startWithoutEcmKey(page);
    await signIn(page, demoManager, { path: '/fleet-map' });
    const note = page.getByRole('note').filter({ hasText: 'Connect the legacy ECM API first' });
    await expect(note).toBeVisible(FIRST_DRAW);
    await note.getByRole('link', { name: 'Add the API key in Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByText('No key is saved yet.')).toBeVisible();
  });
});

test.describe('events map', () => {
  test("shows the queue's filtered events as clusters or heat, and opens an event", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/events' });
    const table = page.getByRole('table', { name: 'Safety events' });
    await expect(table.getByRole('row').nth(1)).toBeVisible(FIRST_DRAW);
    await page.getByRole('combobox', { name: 'Trigger', exact: true }).click();
    await page.getByRole('option', { name: TRIGGER }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/triggers=/);

    await page.getByRole('link', { name: 'Map view' }).click();
    await expect(page.getByRole('heading', { name: 'Safety events map', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/events\/map\?.*triggers=/);
    const eventMarkers = page.getByRole('button', { name: new RegExp(`^${TRIGGER}, `) });
    await expect(clusters(page, 'events').or(eventMarkers).first()).toBeVisible(FIRST_DRAW);
    await expect(page.getByText(/^[\d,]+ events on the map/)).toBeVisible();

    // Heat: one canvas instead of markers; and back.
    await page.getByText('Heat', { exact: true }).click();
    await expect(page).toHaveURL(/layer=heat/);
    await expect(page.locator('canvas.leaflet-heatmap-layer')).toBeVisible();
    await expect(clusters(page, 'events')).toHaveCount(0);
    await expect(page.getByText(/Switch to clusters to open an event/)).toBeVisible();
    await page.getByText('Clusters', { exact: true }).click();
    await expect(page.locator('canvas.leaflet-heatmap-layer')).toHaveCount(0);

    // Into the clusters until single events stand alone; one of them opens its event.
    for (let attempt = 0; attempt < 10 && !(await eventMarkers.first().isVisible()); attempt++) {
      await zoomIntoLargestCluster(page, 'events');
    }
    await eventMarkers.first().press('Enter');
    const popup = page.locator('.leaflet-popup');
    await expect(popup).toContainText(TRIGGER);
    await popup.getByRole('link', { name: 'Open this event' }).click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}\?.*triggers=/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(TRIGGER);
    // Back returns to the map the event was opened from, its filters kept.
    await page.getByRole('link', { name: 'Back to the events map' }).click();
    await expect(page).toHaveURL(/\/events\/map\?.*triggers=/);
    await expect(page.getByRole('heading', { name: 'Safety events map', level: 1 })).toBeVisible();
  });
});

test.describe('accessibility of the maps', () => {
  test('the fleet map and the events map in the light and dark themes', async ({ page }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/fleet-map' });
    await expect(clusters(page, 'vehicles').first()).toBeVisible(FIRST_DRAW);
    await expectNoSeriousViolationsInEitherTheme(page, 'the fleet map');

    await page.goto('/events/map');
    await expect(page.getByRole('heading', { name: 'Safety events map', level: 1 })).toBeVisible(
      FIRST_DRAW,
    );
    await expect(clusters(page, 'events').first()).toBeVisible(FIRST_DRAW);
    await expectNoSeriousViolationsInEitherTheme(page, 'the events map');
  });
});

test.describe('the maps on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('both maps take the width without sideways scrolling', async ({ page }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/fleet-map' });
    const fleetMap = page.getByRole('region', { name: 'Map of vehicle positions' });
    await expect(clusters(page, 'vehicles').first()).toBeVisible(FIRST_DRAW);
    expect((await fleetMap.boundingBox())?.width).toBeGreaterThan(340);
    await expectNoSidewaysScroll(page);
    // The list follows under the map.
    const list = page.getByRole('region', { name: 'Vehicles on the map' });
    await list.getByLabel('Search vehicles').fill('BOI-B101');
    await list.getByRole('button', { name: /^BOI-B101/ }).click();
    await expect(page.locator('.leaflet-popup')).toContainText('BOI-B101');
    await expectNoSidewaysScroll(page);

    await page.goto('/events/map');
    const eventsMap = page.getByRole('region', { name: "Map of the queue's events" });
    await expect(clusters(page, 'events').first()).toBeVisible(FIRST_DRAW);
    expect((await eventsMap.boundingBox())?.width).toBeGreaterThan(340);
    await expectNoSidewaysScroll(page);
  });
});
