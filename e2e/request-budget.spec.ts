import type { Page, Request } from '@playwright/test';
import { cellsInColumn, demoManager, expect, signIn, test } from './fixtures';

/*
 * The real service rate-limits each account, so a list must cost a bounded number of requests:
 * names and serials come from list endpoints joined in the cache, never one detail per row.
 */

const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** "GET /v1/devices/{id}": the request's method and path below the service prefix, IDs folded. */
function shapeOf(request: Request): string {
  const path = new URL(request.url()).pathname.replace(/^\/service\/[^/]+/, '');
  return `${request.method()} ${path.replace(GUID, '{id}')}`;
}

/** Every API request the page makes from now on, by shape. */
function recordApiRequests(page: Page): string[] {
  const shapes: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/service/')) shapes.push(shapeOf(request));
  });
  return shapes;
}

function countOf(shapes: readonly string[], shape: string): number {
  return shapes.filter((each) => each === shape).length;
}

/** Shapes requested more than `limit` times: a request per row shows up here. */
function repeatedShapes(shapes: readonly string[], limit: number): string[] {
  return [...new Set(shapes)].filter((shape) => countOf(shapes, shape) > limit);
}

async function signInAt(page: Page, path: string, heading: string | RegExp) {
  await signIn(page, demoManager, { path });
  // Signing in loads the console's code for the first time: slow on a busy machine.
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({
    timeout: 60_000,
  });
}

/** First rows can take a while on a busy machine; what is asserted after them is not timing. */
const FIRST_ROWS = { timeout: 30_000 };

test.describe('request budget of lists', () => {
  test.slow();

  test('the vehicles table reads its cameras from one device list, not one request per row', async ({
    page,
  }) => {
    // Straight to the page, so no other page's requests are counted.
    const shapes = recordApiRequests(page);
    await signInAt(page, '/vehicles', 'Vehicles');
    const table = page.getByRole('table', { name: 'Vehicles' });
    // Every camera cell shows its serial (e.g. "SF80001234"), so the whole page is drawn.
    await expect(table.getByRole('row')).toHaveCount(26, FIRST_ROWS);
    await expect(table.getByLabel('Loading the camera')).toHaveCount(0);
    await expect(table.getByRole('link', { name: /^[A-Z]{2}\d{6,}$/ }).first()).toBeVisible();

    expect(countOf(shapes, 'GET /v1/devices/{id}')).toBe(0);
    expect(countOf(shapes, 'GET /v1/devices')).toBe(1);
    expect(countOf(shapes, 'GET /v0/vehicles/{id}')).toBe(0);
    expect(repeatedShapes(shapes, 1)).toEqual([]);

    // The next page reuses the camera index: one vehicles request, nothing per row.
    shapes.length = 0;
    const firstRow = table.getByRole('row').nth(1);
    const firstRowOfPageOne = await firstRow.innerText();
    await page.getByRole('button', { name: 'Next page' }).first().click();
    await expect(page).toHaveURL(/page=2/);
    // The first page's rows stay while the second loads: wait until they are replaced.
    await expect(firstRow).not.toHaveText(firstRowOfPageOne, FIRST_ROWS);
    await expect(table.getByRole('link', { name: /^[A-Z]{2}\d{6,}$/ }).first()).toBeVisible();
    await expect(table.getByLabel('Loading the camera')).toHaveCount(0);
    // A request the demo's service worker answers can be reported after its rows are drawn.
    await expect.poll(() => [...shapes]).toEqual(['GET /v0/vehicles/all']);
  });

  test('the event queue names its vehicles from one vehicle list, not one request per row', async ({
    page,
  }) => {
    const shapes = recordApiRequests(page);
    await signInAt(page, '/events', 'Safety events');
    const table = page.getByRole('table', { name: 'Safety events' });
    await expect(table.getByRole('row').nth(1)).toBeVisible(FIRST_ROWS);
    const firstVehicleCell = (await cellsInColumn(table, 'Vehicle')).first();
    // Demo vehicle names look like "BOI-B101".
    await expect(firstVehicleCell).toHaveText(/^[A-Z]{3}-[A-Z]\d+/, FIRST_ROWS);

    expect(countOf(shapes, 'GET /v0/vehicles/{id}')).toBe(0);
    expect(countOf(shapes, 'GET /v0/vehicles/all')).toBe(1);
    expect(repeatedShapes(shapes, 1)).toEqual([]);
  });

  test('the lists read their search index only when they search by what the service cannot', async ({
    page,
  }) => {
    const shapes = recordApiRequests(page);
    await signInAt(page, '/devices', 'Devices');
    const table = page.getByRole('table', { name: 'Devices' });
    await expect(table.getByRole('row').nth(2)).toBeVisible(FIRST_ROWS);
    // The plain list is one page of the service's: no index of every device.
    expect(countOf(shapes, 'GET /v1/devices')).toBe(1);

    await page.getByLabel('Serial number').fill('SF');
    await expect(
      page.getByRole('status').filter({ hasText: /^Searched \d+ devices indexed/ }),
    ).toBeVisible(FIRST_ROWS);
    // The index is read once (one page at the demo's size) and the service's page is not.
    await expect.poll(() => countOf(shapes, 'GET /v1/devices')).toBe(2);

    shapes.length = 0;
    await page.goto('/vehicles');
    await expect(page.getByRole('table', { name: 'Vehicles' }).getByRole('row')).toHaveCount(
      26,
      FIRST_ROWS,
    );
    expect(countOf(shapes, 'GET /v0/vehicles/all')).toBe(1);
    await page.getByLabel('VIN or plate').fill('942');
    await expect(
      page.getByRole('status').filter({ hasText: /^Searched \d+ vehicles indexed/ }),
    ).toBeVisible(FIRST_ROWS);
    await expect.poll(() => countOf(shapes, 'GET /v0/vehicles/all')).toBe(2);
    expect(repeatedShapes(shapes, 2)).toEqual([]);
  });

  for (const [path, heading, tableName] of [
    ['/devices', 'Devices', 'Devices'],
    ['/users', 'Users', 'Users'],
    ['/driver-assignments', 'Driver assignments', 'Driver assignments'],
    ['/geofences/activations', 'Geofence activations', 'Geofence activations'],
  ] as const) {
    test(`${path} makes no request per row`, async ({ page }) => {
      const shapes = recordApiRequests(page);
      await signInAt(page, path, heading);
      const table = page.getByRole('table', { name: tableName });
      await expect(table.getByRole('row').nth(2)).toBeVisible(FIRST_ROWS);
      await expect(table.getByRole('row').nth(2)).not.toHaveText('');
      const rows = await table.getByRole('row').count();
      // A request per row would repeat one shape about as often as there are rows.
      expect(repeatedShapes(shapes, 2), `${rows - 1} rows`).toEqual([]);
      expect(shapes.length, shapes.join('\n')).toBeLessThanOrEqual(12);
    });
  }
});
