import type { Page } from '@playwright/test';
import { demoManager, expect, signIn, test } from './fixtures';

/**
 * Shapes no map can draw, as the vendor's own examples have them, and parts of a page that fail
 * alone. The demo company holds "San Diego", the vendor's example geofence (a circle whose centre
 * is .NET's smallest double), and "Portland Depot Fuel Island", three points of which two are one.
 */

interface SentGeography {
  geofenceGeography: { shapeType: number; points: { latitude: number; longitude: number }[] };
}

async function openGeofences(page: Page, path = '/geofences') {
  // No fly-to animations: the outline being drawn stays put for the pointer.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, demoManager, { path });
  await expect(page.getByRole('heading', { name: 'Geofences', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
}

/** Clicks the map at a fraction of its width and height. */
async function clickMap(page: Page, fractionX: number, fractionY: number) {
  const box = await page.getByRole('region', { name: 'Geofence map' }).boundingBox();
  if (!box) throw new Error('The map is not on the page.');
  await page.mouse.click(box.x + box.width * fractionX, box.y + box.height * fractionY);
}

test.describe('shapes no map can draw', () => {
  test('the vendor example geofence is listed with its reason, opens, and gets a new outline', async ({
    page,
  }) => {
    await openGeofences(page);
    const list = page.getByRole('listbox', { name: 'Geofences' });
    // The map stands with every other geofence on it: nothing took the page down.
    await expect(page.getByRole('button', { name: 'Fit all geofences in view' })).toBeEnabled();
    await page.getByRole('button', { name: 'Fit all geofences in view' }).click();
    await expect(page.getByText('This page could not be shown')).toHaveCount(0);
    await page.getByLabel('Search geofences').fill('San Diego');
    const row = list.getByRole('option', { name: /San Diego/ });
    await expect(row).toContainText('Cannot be drawn: its outline is outside the map');
    // Nothing left to fit: the one listed has no outline on the map.
    await expect(page.getByRole('button', { name: 'Fit all geofences in view' })).toBeDisabled();

    await row.click();
    const panel = page.getByRole('complementary', { name: 'San Diego' });
    const form = panel.getByRole('form', { name: 'Edit geofence' });
    await expect(form.getByText('Cannot be drawn: its outline is outside the map')).toBeVisible();
    // The form starts drawing the new outline at once.
    await expect(page.getByText('Click to place the first corner')).toBeVisible();
    // Left of the panel, right of the map's buttons.
    const corners: [number, number][] = [
      [0.15, 0.3],
      [0.3, 0.3],
      [0.3, 0.6],
      [0.15, 0.6],
    ];
    for (const [x, y] of corners) await clickMap(page, x, y);
    await clickMap(page, corners[0]![0], corners[0]![1]);
    await expect(form.getByText('Polygon · 4 corners')).toBeVisible();
    await expect(form.getByText('Unsaved outline')).toBeVisible();

    const put = page.waitForRequest((request) => request.method() === 'PUT');
    await form.getByRole('button', { name: 'Save changes' }).click();
    const sent = (await put).postDataJSON() as SentGeography;
    expect(sent.geofenceGeography.shapeType).toBe(1);
    expect(sent.geofenceGeography.points).toHaveLength(4);
    for (const point of sent.geofenceGeography.points) {
      expect(Math.abs(point.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(point.longitude)).toBeLessThanOrEqual(180);
    }
    await expect(page.getByText('The geofence was saved.')).toBeVisible();
    await expect(row).toContainText('Polygon · 4 corners');
    await expect(form.getByRole('button', { name: 'Edit outline on the map' })).toBeVisible();
  });

  test('a polygon with two distinct corners says so, and the activations page stands', async ({
    page,
  }) => {
    await openGeofences(page);
    await page.getByLabel('Search geofences').fill('Fuel Island');
    await expect(
      page.getByRole('listbox', { name: 'Geofences' }).getByRole('option', { name: /Fuel Island/ }),
    ).toContainText('Cannot be drawn: its outline has 2 corners; an area needs at least 3');

    await page.getByRole('link', { name: 'Activations' }).click();
    await expect(
      page.getByRole('heading', { name: 'Geofence activations', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText('This page could not be shown')).toHaveCount(0);
  });
});

test.describe('parts of a page that fail alone', () => {
  test('a map that cannot be drawn leaves the list and the panel working, and Try again brings it back', async ({
    page,
  }) => {
    // A browser that refuses the map its canvas (as some privacy settings do) until told otherwise.
    await page.addInitScript(() => {
      const flags = window as unknown as { refuseCanvas: boolean };
      flags.refuseCanvas = true;
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (
        this: HTMLCanvasElement,
        ...args: Parameters<HTMLCanvasElement['getContext']>
      ) {
        return flags.refuseCanvas ? null : getContext.apply(this, args);
      } as HTMLCanvasElement['getContext'];
    });
    await openGeofences(page);
    const failed = page.getByRole('alert').filter({ hasText: 'The map could not be shown' });
    await expect(failed).toBeVisible();
    await expect(page.getByText('This page could not be shown')).toHaveCount(0);

    // The list and the panel still work.
    const list = page.getByRole('listbox', { name: 'Geofences' });
    await page.getByLabel('Search geofences').fill('Port of Tacoma');
    await list
      .getByRole('option', { name: /Port of Tacoma/ })
      .first()
      .click();
    await expect(page.getByRole('form', { name: 'Edit geofence' })).toBeVisible();

    await page.evaluate(() => {
      (window as unknown as { refuseCanvas: boolean }).refuseCanvas = false;
    });
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('region', { name: 'Geofence map' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fit all geofences in view' })).toBeEnabled();
    await expect(failed).toHaveCount(0);
  });
});
