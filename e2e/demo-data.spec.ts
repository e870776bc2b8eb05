import type { Page } from '@playwright/test';
import { demoManager, expect, openVehicle, signIn, test } from './fixtures';

/** A vehicle's page can be the first the demo service answers after a load: slow when busy. */
const FIRST_ANSWER = { timeout: 30_000 };

async function saveVehicleField(page: Page, name: string, label: string, value: string) {
  const details = page.getByRole('region', { name: 'Details' });
  await details.getByLabel(label, { exact: true }).fill(value);
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} was saved.`)).toBeVisible({ timeout: 30_000 });
}

test.describe('demo data', () => {
  // Several sign-ins and first page loads each: generous limits for busy machines.
  test.slow();

  test('a reload the moment sign-in completes keeps the session', async ({ page }) => {
    // Reloads at 0 ms: as soon as the console has stored its token, before anything else runs.
    await page.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        setItem.call(this, key, value);
        if (key === 'fleet-console.session' && !sessionStorage.getItem('e2e.reloaded')) {
          setItem.call(sessionStorage, 'e2e.reloaded', 'yes');
          window.location.reload();
        }
      };
    });
    await signIn(page, demoManager);
    await page.waitForFunction(() => sessionStorage.getItem('e2e.reloaded') === 'yes');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('dialog', { name: 'Your session has expired' })).toBeHidden();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('a reload right after "was saved" keeps the change', async ({ page }) => {
    await signIn(page, demoManager);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await openVehicle(page, 'PDX-P102', FIRST_ANSWER);
    await saveVehicleField(page, 'PDX-P102', 'Make', 'Reloaded Make');
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Details' }).getByLabel('Make', { exact: true }),
    ).toHaveValue('Reloaded Make', { timeout: 30_000 });
  });

  test('two tabs of one browser share one truth: a write in one never undoes the other', async ({
    page: tabA,
    context,
  }) => {
    // Two tabs, each loading the console several times.
    test.setTimeout(240_000);
    await signIn(tabA, demoManager);
    await expect(tabA.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    // The second tab shares the sign-in.
    const tabB = await context.newPage();
    await tabB.goto('/?demoLatency=0');
    await expect(tabB.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible({
      timeout: 30_000,
    });

    // Both tabs hold the demo data before either writes.
    await openVehicle(tabA, 'PDX-P102', FIRST_ANSWER);
    await openVehicle(tabB, 'PDX-P103', FIRST_ANSWER);
    await saveVehicleField(tabA, 'PDX-P102', 'Make', 'Tab A Make');
    await saveVehicleField(tabB, 'PDX-P103', 'Licence plate', 'TAB B 1');

    // Tab B reads tab A's change on its next request, without a reload.
    await tabB.getByRole('navigation').getByRole('link', { name: 'Vehicles' }).click();
    await tabB.getByLabel('Name contains').fill('PDX-P102');
    await tabB
      .getByRole('table', { name: 'Vehicles' })
      .getByRole('link', { name: 'PDX-P102', exact: true })
      .click();
    await expect(
      tabB.getByRole('region', { name: 'Details' }).getByLabel('Make', { exact: true }),
    ).toHaveValue('Tab A Make', { timeout: 30_000 });
    // Tab B's write did not undo tab A's.
    await tabA.reload();
    await expect(
      tabA.getByRole('region', { name: 'Details' }).getByLabel('Make', { exact: true }),
    ).toHaveValue('Tab A Make', { timeout: 30_000 });
    await openVehicle(tabA, 'PDX-P103', FIRST_ANSWER);
    await expect(
      tabA.getByRole('region', { name: 'Details' }).getByLabel('Licence plate', { exact: true }),
    ).toHaveValue('TAB B 1', { timeout: 30_000 });
  });
});
