import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-checks';
import { cellsInColumn, demoManager, expect, openVehicle, signIn, test } from './fixtures';

/** In-app navigation: a full page load would restart the demo service each time. */
const IN_APP = { from: 'menu' } as const;

const changeInWords = /^(Moved from \S+ to \S+|Added to \S+|Removed from \S+)$/;

async function openCameraFromChanges(page: Page, serial: string) {
  await page.getByRole('link', { name: 'Devices', exact: true }).click();
  await page.getByRole('tab', { name: 'Assignment changes' }).click();
  await page.getByRole('textbox', { name: 'Camera' }).fill(serial);
  await expect(page).toHaveURL(new RegExp(`device=${serial}`));
  await page
    .getByRole('table', { name: 'Assignment changes' })
    .getByRole('link', { name: serial })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: serial, level: 1 })).toBeVisible();
}

/** The whole page, shell included, colour contrast included: every rule axe runs by default. */
const EVERY_RULE = { rules: 'all' } as const;

test.describe('devices', () => {
  test('filters devices by status, sorts them, and opens one with its vehicle', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/devices' });
    const table = page.getByRole('table', { name: 'Devices' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Spare' }).click();
    await expect(page).toHaveURL(/status=Spare/);
    await table.getByRole('button', { name: /^Serial number/ }).click();
    await expect(page).toHaveURL(/order=desc/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Spare');
    // The filter shows at once; the rows follow when the reloaded page has read them.
    const statusCells = await cellsInColumn(table, 'Status');
    await expect
      .poll(async () => new Set(await statusCells.allTextContents()))
      .toEqual(new Set(['Spare']));
    const serials = await (await cellsInColumn(table, 'Serial number')).allTextContents();
    expect(serials).toEqual([...serials].sort().reverse());

    await table.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: serials[0]!, level: 1 })).toBeVisible();
    await expect(page.getByText('Not in a vehicle')).toBeVisible();

    await page.getByRole('link', { name: 'Back to devices' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In Service' }).click();
    await expect(page).toHaveURL(/status=In(\+|%20)Service/);
    await table.getByRole('link').first().click();
    const facts = page.getByRole('region', { name: 'Device' });
    const vehicleLink = facts.getByRole('link');
    const vehicleName = (await vehicleLink.textContent())!;
    await vehicleLink.click();
    await expect(page.getByRole('heading', { name: vehicleName, level: 1 })).toBeVisible();
  });

  test('lists assignment changes in words, filtered by camera and period', async ({ page }) => {
    await signIn(page, demoManager, { path: '/devices?tab=changes' });
    const table = page.getByRole('table', { name: 'Assignment changes' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    for (const text of await (await cellsInColumn(table, 'Change')).allTextContents()) {
      expect(text).toMatch(changeInWords);
    }
    await expectNoSeriousViolations(page, 'the assignment changes', EVERY_RULE);

    await page.getByLabel('Changed between').click();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}|to=.*from=/);
    await expect(page.getByText(/of \d+ changes/)).toBeVisible();

    const serialCells = await cellsInColumn(table, 'Camera');
    const serial = (await serialCells.first().textContent())!;
    await page.getByRole('textbox', { name: 'Camera' }).fill(serial);
    await expect(page).toHaveURL(new RegExp(`device=${serial}`));
    // The previous rows stay while the filtered ones load.
    await expect
      .poll(async () => [...new Set(await serialCells.allTextContents())])
      .toEqual([serial]);
  });

  test('a camera moved in a vehicle edit and released by a deletion shows both in its history', async ({
    page,
  }) => {
    // A long journey through four pages; the generous limit is for busy machines, not a timing check.
    test.slow();
    await signIn(page, demoManager, { path: '/vehicles' });
    await openVehicle(page, 'PDX-T105', IN_APP);
    const details = page.getByRole('region', { name: 'Details' });
    const camera = details.getByLabel('Camera serial number');
    const oldSerial = await camera.inputValue();
    expect(oldSerial).not.toBe('');

    // Take the camera of PDX-T104 into PDX-T105.
    await openVehicle(page, 'PDX-T104', IN_APP);
    const movedSerial = await details.getByLabel('Camera serial number').inputValue();
    await openVehicle(page, 'PDX-T105', IN_APP);
    await camera.fill(movedSerial);
    await expect(details.getByText(/now in PDX-T104: saving moves it here/)).toBeVisible();
    const patch = page.waitForRequest((request) => request.method() === 'PATCH');
    await details.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({ deviceSerialNumber: movedSerial });
    await expect(page.getByText('PDX-T105 was saved.')).toBeVisible();

    const overview = page.getByRole('region', { name: 'Overview' });
    await overview.getByRole('link', { name: movedSerial }).click();
    await expect(page.getByRole('heading', { name: movedSerial, level: 1 })).toBeVisible();
    const history = page.getByRole('region', { name: /Assignment history/ });
    await expect(history.getByText('Moved from PDX-T104 to PDX-T105')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Device' })).toContainText('PDX-T105');
    await expectNoSeriousViolations(page, 'a camera moved between vehicles', EVERY_RULE);

    // The camera that was in PDX-T105 went to the shelf.
    await openCameraFromChanges(page, oldSerial);
    await expect(history.getByText('Removed from PDX-T105')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Device' })).toContainText('Not in a vehicle');

    // PDX-T104 has no camera any more.
    await openVehicle(page, 'PDX-T104', IN_APP);
    await expect(overview).toContainText('No camera');

    // Deleting PDX-T105 releases the moved camera.
    await openVehicle(page, 'PDX-T105', IN_APP);
    await page.getByRole('button', { name: 'Delete vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete PDX-T105?' });
    await expect(dialog).toContainText(`Its camera ${movedSerial} is released`);
    await dialog.getByLabel('Type "PDX-T105" to confirm').fill('PDX-T105');
    await dialog.getByRole('button', { name: 'Delete vehicle' }).click();
    await expect(page.getByText('PDX-T105 was deleted.')).toBeVisible();

    await openCameraFromChanges(page, movedSerial);
    await expect(history.getByText('Removed from PDX-T105')).toBeVisible();
    await expect(history.getByText('Moved from PDX-T104 to PDX-T105')).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Spare');
  });
});
