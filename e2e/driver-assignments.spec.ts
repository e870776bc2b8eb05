import type { Locator, Page } from '@playwright/test';
import { cellsInColumn, demoDispatcher, expect, signIn, test } from './fixtures';

function assignmentsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Driver assignments' });
}

function vehicleCells(page: Page): Promise<Locator> {
  return cellsInColumn(assignmentsTable(page), 'Vehicle');
}

/** Every data row shows `text` in the column headed `header`, and there is at least one row. */
async function expectEveryRow(page: Page, header: string, text: string) {
  const cells = await cellsInColumn(assignmentsTable(page), header);
  await expect(cells.first()).toHaveText(text);
  await expect(cells.filter({ hasNotText: text })).toHaveCount(0);
}

test.describe('driver assignments', () => {
  test('filters by driver and by vehicle, and keeps the filter through a reload', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, { path: '/driver-assignments' });
    await expect(page.getByRole('heading', { name: 'Driver assignments', level: 1 })).toBeVisible();
    await expect(assignmentsTable(page).locator('tbody tr').first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Driver' }).fill('Robert Adams');
    await page.getByRole('option', { name: 'Robert Adams (CF1011)' }).click();
    await expect(page).toHaveURL(/driverId=/);
    await expectEveryRow(page, 'Driver', 'Robert Adams');

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Driver' })).toHaveValue(
      'Robert Adams (CF1011)',
    );
    await expectEveryRow(page, 'Driver', 'Robert Adams');

    // One of the vehicles Robert Adams drove, so the vehicle filter has rows to show.
    const vehicleName = (await (await vehicleCells(page)).first().textContent())!.trim();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/driverId=/);
    await page.getByRole('combobox', { name: 'Vehicle' }).fill(vehicleName);
    await page.getByRole('option', { name: vehicleName, exact: true }).click();
    await expect(page).toHaveURL(/vehicleId=/);
    await expectEveryRow(page, 'Vehicle', vehicleName);
    // Vehicle names lead to the vehicle.
    await expect(
      assignmentsTable(page).getByRole('link', { name: vehicleName }).first(),
    ).toHaveAttribute('href', /\/vehicles\/[0-9a-f-]{36}$/);

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveValue(vehicleName);
    await expectEveryRow(page, 'Vehicle', vehicleName);
  });

  test('an impossible day in the address is refused, and the range reads any time', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, {
      path: '/driver-assignments?from=2026-13-45&to=2026-02-30',
    });
    await expect(assignmentsTable(page).locator('tbody tr').first()).toBeVisible();
    const range = page.getByRole('button', { name: 'Time range' });
    await expect(range).toHaveText('Any time');
    await expect(page).not.toHaveURL(/from=|to=/);
  });
});
