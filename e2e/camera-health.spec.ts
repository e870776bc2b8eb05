import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolationsInEitherTheme } from './axe-checks';
import { cellsInColumn, demoManager, expect, signIn, test } from './fixtures';

/** "1–25 of 47 cameras not connected for 7+ days" under a list: its total. */
async function listTotal(page: Page, noun: string): Promise<number> {
  const pager = page.getByText(new RegExp(`^\\d+–\\d+ of [\\d,]+ ${noun.replace('+', '\\+')}$`));
  await expect(pager).toBeVisible({ timeout: 30_000 });
  return Number((await pager.innerText()).split(' of ')[1]!.split(' ')[0]!.replace(/,/g, ''));
}

test.describe('camera health', () => {
  test('from the overview count to the silent cameras, for a chosen number of days, exported and opened', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, demoManager);
    const card = page.getByRole('region', { name: 'Camera health' });
    const silentLink = card.getByRole('link', { name: /cameras? not connected for 7\+ days$/ });
    await expect(silentLink).toBeVisible({ timeout: 60_000 });
    const silentCount = Number((await silentLink.innerText()).split(' ')[0]!.replace(/,/g, ''));
    expect(silentCount).toBeGreaterThan(0);
    await silentLink.click();

    await expect(page.getByRole('tab', { name: 'Camera health' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: /^Not connected for 7\+ days/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText(/^From [\d,]+ cameras and [\d,]+ vehicles\.$/)).toBeVisible();
    expect(await listTotal(page, 'cameras not connected for 7+ days')).toBe(silentCount);

    // A longer silence: fewer cameras, each silent that long or never connected.
    await page.getByLabel('Not connected for (days)').fill('30');
    await expect(page).toHaveURL(/days=30/);
    const table = page.getByRole('table', { name: 'Not connected for 30+ days' });
    const thirtyDayCount = await listTotal(page, 'cameras not connected for 30+ days');
    expect(thirtyDayCount).toBeLessThanOrEqual(silentCount);
    const silences = await (await cellsInColumn(table, 'Silent for')).allTextContents();
    expect(silences.length).toBeGreaterThan(0);
    for (const silence of silences) {
      expect(silence === 'Never connected' || Number.parseInt(silence, 10) >= 30).toBe(true);
    }
    await expectNoSeriousViolationsInEitherTheme(page, 'camera health, silent cameras');

    // The export holds every row of the list, not the page.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Silent for');
    expect(lines).toHaveLength(thirtyDayCount + 1);

    // Spares and cameras in vehicles apart: together they are the whole list.
    const show = page.getByRole('radiogroup', { name: 'Silent cameras to show' });
    await show.getByText('Spares').click();
    await expect(page).toHaveURL(/silentIn=spare/);
    const spares = await listTotal(page, 'cameras not connected for 30+ days');
    await expect
      .poll(async () => new Set(await (await cellsInColumn(table, 'Vehicle')).allTextContents()))
      .toEqual(new Set(['Not in a vehicle']));
    await show.getByText('In a vehicle').click();
    await expect(page).toHaveURL(/silentIn=vehicle/);
    const inVehicles = thirtyDayCount - spares;
    await expect(
      inVehicles === 0
        ? page.getByText('No camera in a vehicle is silent for 30+ days')
        : page.getByText(`of ${inVehicles} cameras not connected for 30+ days`),
    ).toBeVisible();
    await show.getByText('All').click();
    await expect(page).not.toHaveURL(/silentIn=/);

    // Firmware: each version with its count, the older ones marked.
    await page.getByRole('tab', { name: /^Older firmware/ }).click();
    const versions = page.getByRole('table', { name: 'Firmware versions' });
    await expect(versions.getByText('Older').first()).toBeVisible();
    await expect(versions.getByText('Newest').first()).toBeVisible();

    // A row opens its record: the first silent camera's page.
    await page.getByRole('tab', { name: /^Not connected for 30\+ days/ }).click();
    const camera = table.getByRole('link').first();
    const serial = (await camera.innerText()).trim();
    await camera.click();
    await expect(page.getByRole('heading', { name: serial, level: 1 })).toBeVisible();
  });
});

test.describe('camera health on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a list is chosen by a tap, reads without sideways scrolling, and a row opens its vehicle', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/devices?tab=health' });
    await page.getByRole('tab', { name: /^Vehicles with no camera/ }).tap();
    const table = page.getByRole('table', { name: 'Vehicles with no camera' });
    const vehicle = table.getByRole('link').first();
    await expect(vehicle).toBeVisible({ timeout: 60_000 });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    const name = (await vehicle.innerText()).trim();
    await vehicle.tap();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  });
});
