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
