import type { Locator, Page } from '@playwright/test';
import { demoManager, expect, signIn, test } from './fixtures';

/**
 * The iPad a yard supervisor carries: a 12.9-inch screen held upright and on its side, worked by
 * finger. It is a tablet, not a phone: the desk layout with its side navigation, every control
 * shown without a pointer to hover, and targets a finger can hit (44 px, as Apple advises).
 */
const ipadScreens = [
  { held: 'upright', viewport: { width: 1024, height: 1366 } },
  { held: 'on its side', viewport: { width: 1366, height: 1024 } },
] as const;

const MIN_TARGET_PX = 44;

/** The names of `targets` smaller than a fingertip in either direction. */
async function smallTargets(targets: Locator): Promise<string[]> {
  return targets.evaluateAll(
    (elements, min) =>
      elements
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < min || box.height < min))
        .map(
          ({ element, box }) =>
            `${element.getAttribute('aria-label') ?? element.textContent?.trim()} ` +
            `(${Math.round(box.width)}×${Math.round(box.height)})`,
        ),
    MIN_TARGET_PX,
  );
}

/**
 * Controls of the main area that are laid out but cannot be seen: a control that only appears
 * under a hovering pointer is one a finger never finds.
 */
async function hoverOnlyControls(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .locator('button, a[href], input, select, textarea, [role="button"], [tabindex="0"]')
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.getClientRects().length > 0)
        .filter((element) => {
          for (let node: Element | null = element; node; node = node.parentElement) {
            const style = getComputedStyle(node);
            if (style.visibility === 'hidden' || Number(style.opacity) === 0) {
              // A visually hidden input whose label is the visible control (a switch, a chip).
              return !(element instanceof HTMLInputElement && element.labels?.length);
            }
          }
          return false;
        })
        .map((element) => element.getAttribute('aria-label') ?? element.outerHTML.slice(0, 80)),
    );
}

/** Drags a finger across the page from one point to another, as a map is panned on a tablet. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const session = await page.context().newCDPSession(page);
  const steps = 8;
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= steps; step++) {
    const point = {
      x: from.x + ((to.x - from.x) * step) / steps,
      y: from.y + ((to.y - from.y) * step) / steps,
    };
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

for (const { held, viewport } of ipadScreens) {
  test.describe(`on an iPad held ${held} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport, hasTouch: true, isMobile: true });

    test('the desk layout, not the phone’s: the navigation beside the page, every control shown, finger-sized targets', async ({
      page,
    }) => {
      test.slow();
      await signIn(page, demoManager);
      await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible({
        timeout: 60_000,
      });
      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(navigation.getByRole('link', { name: 'Vehicles' })).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
      expect(await smallTargets(navigation.getByRole('link'))).toEqual([]);
      expect(await hoverOnlyControls(page)).toEqual([]);

      await navigation.getByRole('link', { name: 'Vehicles' }).tap();
      const vehicles = page.getByRole('table', { name: 'Vehicles' });
      await expect(vehicles.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
      // A table, not the phone's cards.
      await expect(vehicles.getByRole('columnheader').first()).toBeVisible();
      expect(await hoverOnlyControls(page)).toEqual([]);

      await navigation.getByRole('link', { name: 'Safety events' }).tap();
      await expect(page.getByRole('table', { name: 'Safety events' })).toBeVisible({
        timeout: 60_000,
      });
      // The filters stand beside the queue, not in the phone's drawer.
      await expect(page.getByLabel('Date range')).toBeVisible();
      expect(await hoverOnlyControls(page)).toEqual([]);
    });

    test('a geofence drawn by taps and saved, and the map panned by a finger', async ({ page }) => {
      test.slow();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signIn(page, demoManager, { path: '/geofences' });
      const map = page.getByRole('region', { name: 'Geofence map' });
      await expect(map).toBeVisible({ timeout: 60_000 });
      // The side list stands beside the map, as on a desk; no phone's button to open it.
      await expect(page.getByRole('listbox', { name: 'Geofences' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Geofence list' })).toBeHidden();

      const tools = page.getByRole('group', { name: 'Draw a new geofence' });
      expect(await smallTargets(tools.getByRole('button'))).toEqual([]);
      const box = await map.boundingBox();
      if (!box) throw new Error('The map is not on the page.');

      // A finger drags the map a fifth of its width to the left: the streets follow it.
      const paneOffset = () =>
        page
          .locator('.leaflet-map-pane')
          .evaluate((pane) => new DOMMatrixReadOnly(getComputedStyle(pane).transform).m41);
      const before = await paneOffset();
      await touchDrag(
        page,
        { x: box.x + box.width * 0.6, y: box.y + box.height * 0.5 },
        { x: box.x + box.width * 0.4, y: box.y + box.height * 0.4 },
      );
      await expect.poll(paneOffset).toBeLessThan(before - box.width * 0.1);

      await tools.getByRole('button', { name: 'Draw polygon' }).tap();
      const drawing = page.getByRole('group', { name: 'Drawing an outline' });
      const step = drawing.getByRole('status');
      await expect(step).toHaveText('Tap the map where the outline starts.');
      const corners: [number, number][] = [
        [0.3, 0.3],
        [0.5, 0.32],
        [0.52, 0.6],
        [0.32, 0.62],
      ];
      for (const [x, y] of corners) {
        await page.touchscreen.tap(box.x + box.width * x, box.y + box.height * y);
      }
      await expect(step).toHaveText('4 corners. Finish, or tap the first corner.');
      expect(await smallTargets(drawing.getByRole('button'))).toEqual([]);
      await drawing.getByRole('button', { name: 'Finish' }).tap();
      const form = page.getByRole('form', { name: 'New geofence' });
      await expect(form.getByText('Polygon · 4 corners')).toBeVisible();
      await form.getByLabel('Name').fill(`Yard ${viewport.width}`);
      await form.getByRole('button', { name: 'Save geofence' }).tap();
      await expect(page.getByText(`“Yard ${viewport.width}” was created.`)).toBeVisible();
    });
  });
}
