import { demoManager, expect, signIn, test } from './fixtures';

/**
 * Saving with the keyboard (Enter in a field) leaves focus in the form, on its save status, not
 * on the page body: the Save button is disabled while saving and would otherwise drop it.
 */
test.describe('focus after saving', () => {
  test.slow();

  test('vehicle and user profile forms keep focus after a keyboard save', async ({ page }) => {
    await signIn(page, demoManager, { path: '/vehicles?name=PDX-T1' });
    await page
      .getByRole('table', { name: 'Vehicles' })
      .getByRole('link')
      .first()
      .click({ timeout: 60_000 });
    const vehicle = page.getByRole('region', { name: 'Details' });
    await vehicle.getByLabel('Make').fill('Keyboard Motors');
    await vehicle.getByLabel('Make').press('Enter');
    const vehicleStatus = vehicle.getByRole('status');
    await expect(vehicleStatus).toHaveText('Saved. No unsaved changes.', { timeout: 30_000 });
    await expect(vehicleStatus).toBeFocused();

    await page.goto('/users?q=okafor');
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('link', { name: /Okafor/ })
      .click();
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Employee ID').fill('KB-1');
    await profile.getByLabel('Employee ID').press('Enter');
    const profileStatus = profile.getByRole('status');
    await expect(profileStatus).toHaveText('Saved. No unsaved changes.', { timeout: 30_000 });
    await expect(profileStatus).toBeFocused();
  });

  test('the group rename form keeps focus after a keyboard save', async ({ page }) => {
    await signIn(page, demoManager, { path: '/groups' });
    const groupTree = page.getByRole('tree', { name: 'Groups', exact: true });
    await page.getByLabel('Search groups').fill('Seattle Depot', { timeout: 60_000 });
    await groupTree.getByRole('treeitem', { name: 'Seattle Depot', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Name and description' });
    await edit.getByLabel('Name').fill('Seattle Depot North');
    await edit.getByLabel('Name').press('Enter');
    const groupStatus = edit.getByRole('status');
    await expect(groupStatus).toHaveText('Saved. No unsaved changes.', { timeout: 30_000 });
    await expect(groupStatus).toBeFocused();
  });

  test('geofence edits keep focus after a keyboard save', async ({ page }) => {
    await signIn(page, demoManager, { path: '/geofences' });
    await page
      .getByRole('listbox', { name: 'Geofences' })
      .getByRole('option')
      .first()
      .click({ timeout: 60_000 });
    const form = page.getByRole('form', { name: 'Edit geofence' });
    await form.getByLabel('Name').fill('Keyboard yard');
    await form.getByLabel('Name').press('Enter');
    const status = form.getByRole('status');
    await expect(status).toHaveText('Saved. No unsaved changes.', { timeout: 30_000 });
    await expect(status).toBeFocused();
  });
});
