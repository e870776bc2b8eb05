import type { Locator, Page } from '@playwright/test';
import { demoDispatcher, expect, signIn, test } from './fixtures';

function assignmentsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Driver assignments' });
}

function vehicleCells(page: Page): Locator {
  return assignmentsTable(page).locator('tbody tr td:nth-child(3)');
}

/** Every data row shows `text` in the given column (1-based), and there is at least one row. */
async function expectEveryRow(page: Page, column: number, text: string) {
  const cells = assignmentsTable(page).locator(`tbody tr td:nth-child(${column})`);
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
    await expectEveryRow(page, 1, 'Robert Adams');

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Driver' })).toHaveValue(
      'Robert Adams (CF1011)',
    );
    await expectEveryRow(page, 1, 'Robert Adams');

    // One of the vehicles Robert Adams drove, so the vehicle filter has rows to show.
    const vehicleName = (await vehicleCells(page).first().textContent())!.trim();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/driverId=/);
    await page.getByRole('combobox', { name: 'Vehicle' }).fill(vehicleName);
    await page.getByRole('option', { name: vehicleName, exact: true }).click();
    await expect(page).toHaveURL(/vehicleId=/);
    await expectEveryRow(page, 3, vehicleName);
    // Vehicle names lead to the vehicle.
    await expect(
      assignmentsTable(page).getByRole('link', { name: vehicleName }).first(),
    ).toHaveAttribute('href', /\/vehicles\/[0-9a-f-]{36}$/);

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Vehicle' })).toHaveValue(vehicleName);
    await expectEveryRow(page, 3, vehicleName);
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
