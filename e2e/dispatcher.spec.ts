import { demoDispatcher, expect, signIn, test } from './fixtures';

/**
 * The dispatcher holds a role in Portland Depot only and lacks Group Manager, so the group routes
 * are closed to them. Forms that need a group offer the groups of their own roles instead.
 */
test.describe('dispatcher', () => {
  test.slow();

  test('creates a vehicle and a user in their own group without the group routes', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, { path: '/vehicles/new' });
    const vehicleForm = page.getByRole('form', { name: 'New vehicle' });
    const vehicleGroup = vehicleForm.getByRole('combobox', { name: 'Group', exact: true });
    await expect(vehicleGroup).toBeEnabled({ timeout: 60_000 });
    await expect(
      vehicleForm.getByText('Your groups only: the full list needs the Group Manager role.'),
    ).toBeVisible();
    await vehicleForm.getByRole('textbox', { name: 'Name', exact: true }).fill('PDX-DISPATCH-1');
    await vehicleGroup.click();
    const choices = page.getByRole('tree', { name: 'Group choices' });
    await expect(choices.getByRole('treeitem')).toHaveCount(1);
    await choices.getByRole('treeitem', { name: 'Portland Depot', exact: true }).click();
    await vehicleForm.getByRole('button', { name: 'Create vehicle' }).click();
    await expect(page.getByRole('heading', { name: 'PDX-DISPATCH-1', level: 1 })).toBeVisible({
      timeout: 30_000,
    });

    await page.goto('/users/new');
    const userForm = page.getByRole('form', { name: 'New user' });
    await userForm.getByLabel('First name').fill('Ada');
    await userForm.getByLabel('Last name').fill('Dispatch');
    const roleGroup = userForm.getByRole('combobox', { name: 'Add role in group' });
    await expect(roleGroup).toBeEnabled();
    await roleGroup.click();
    await page
      .getByRole('tree', { name: 'Group choices' })
      .getByRole('treeitem', { name: 'Portland Depot', exact: true })
      .click();
    await userForm.getByLabel('Role', { exact: true }).click();
    await page.getByRole('option', { name: 'Driver' }).click();
    await userForm.getByRole('button', { name: 'Add role' }).click();
    await expect(userForm.getByRole('table', { name: 'Roles by group' })).toContainText(
      'Portland Depot',
    );
    await userForm.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByRole('heading', { name: 'Ada Dispatch', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
  });
});

/** What the dispatcher may change (README, "Who can change what"): his own depot, his own roles. */
test.describe('dispatcher scope', () => {
  test.slow();

  test('is not offered Group Manager or Administrator on his own user page', async ({ page }) => {
    await signIn(page, demoDispatcher, { path: '/users?q=okafor' });
    await page.getByRole('link', { name: 'Dan Okafor' }).click();
    await expect(page.getByRole('heading', { name: 'Dan Okafor', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    const roles = page.getByRole('region', { name: 'Roles by group' });
    await roles.getByLabel('Role', { exact: true }).click();
    await expect(page.getByRole('option', { name: 'Driver' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Dispatcher' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Group Manager' })).toHaveCount(0);
    await expect(page.getByRole('option', { name: 'Administrator' })).toHaveCount(0);
  });

  test('sees group names, and reads a vehicle of another depot without Edit or Delete', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, { path: '/vehicles?name=SEA-T101' });
    const row = page.getByRole('row', { name: /SEA-T101/ });
    await expect(row).toContainText('Seattle Depot', { timeout: 60_000 });
    await expect(row).not.toContainText('Not named');
    await row.getByRole('link', { name: 'SEA-T101' }).click();
    await expect(page.getByRole('heading', { name: 'SEA-T101', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    // Whether the vehicle lies in his groups takes a read of those groups' vehicles.
    await expect(page.getByText('This vehicle belongs to a group outside your roles')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('region', { name: 'Overview' })).toContainText('Seattle Depot');
    await expect(page.getByRole('button', { name: 'Delete vehicle' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Details' })).toHaveCount(0);

    await page.goto('/vehicles?name=PDX-P102');
    const own = page.getByRole('row', { name: /PDX-P102/ });
    await expect(own).toContainText('Portland Depot');
    await own.getByRole('link', { name: 'PDX-P102' }).click();
    await expect(page.getByRole('button', { name: 'Delete vehicle' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('form', { name: 'Details' })).toBeVisible();
  });
});

/** A geofence outside his groups is shown, not offered for a change the service would refuse. */
test.describe('dispatcher geofences', () => {
  test.slow();

  test('reads another depot’s geofence without Save or Delete, skips it in bulk, and may change his own', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, demoDispatcher, { path: '/geofences' });
    const list = page.getByRole('listbox', { name: 'Geofences' });
    await expect(list.getByRole('option').first()).toBeVisible({ timeout: 60_000 });
    const search = page.getByLabel('Search geofences');

    await search.fill('Terminal 18');
    await list.getByRole('option', { name: /Port of Seattle Terminal 18/ }).click();
    const seattle = page.getByRole('complementary', {
      name: 'Port of Seattle Terminal 18, Harbor Island',
    });
    // Whether it lies in his groups takes a read of those groups' geofences.
    await expect(
      seattle.getByText('This geofence belongs to a group outside your roles'),
    ).toBeVisible({ timeout: 30_000 });
    await expect(seattle.getByLabel('Name')).toBeDisabled();
    for (const label of ['Delete', 'Save changes', 'Edit outline on the map']) {
      await expect(seattle.getByRole('button', { name: label }), label).toHaveCount(0);
    }

    await search.fill('Jubitz');
    await list.getByRole('option', { name: /Jubitz Travel Center/ }).click();
    const portland = page.getByRole('complementary', { name: 'Jubitz Travel Center' });
    await expect(portland.getByRole('form', { name: 'Edit geofence' })).toBeVisible();
    await expect(portland.getByLabel('Name')).toBeEnabled();
    await expect(portland.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
    await expect(portland.getByRole('button', { name: 'Save changes' })).toBeVisible();

    // Bulk: the other depot's geofence is named and skipped; his own is sent. "Port" finds both
    // (Portland Depot's geofences by their group).
    await search.fill('Port');
    // The list filters once the search reaches the address; a choice made before then would be
    // for the previous search's rows, and a change of filter clears it.
    await expect(page).toHaveURL(/[?&]q=Port(&|$)/);
    await page.getByRole('switch', { name: 'Select for bulk actions' }).check();
    await page.getByRole('button', { name: /^Select all \d+ shown$/ }).click();
    await page.getByRole('button', { name: /^Bulk actions \(\d+\)$/ }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete' });
    const changes = dialog.getByRole('list', { name: 'Changes to send' });
    await expect(
      changes.getByRole('listitem').filter({ hasText: 'Port of Seattle Terminal 18' }),
    ).toHaveText(
      'Port of Seattle Terminal 18, Harbor Island: Outside your groups: you cannot change it, nothing to send',
    );
    await expect(
      changes.getByRole('listitem').filter({ hasText: 'Jubitz Travel Center' }),
    ).toHaveText('Jubitz Travel Center: Delete (undo creates it again with a new ID)');
  });
});
