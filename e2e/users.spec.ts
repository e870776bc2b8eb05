import {
  cellsInColumn,
  demoManager,
  expect,
  expireSessionAtNextRequest,
  signIn,
  test,
} from './fixtures';

test.describe('users', () => {
  test(
    'creates a user, edits a field, and adds and removes roles',
    { tag: '@live' },
    async ({ page }) => {
      // Create, edit and two role changes, each save checked against the service's copy first.
      test.slow();
      await signIn(page, demoManager, { path: '/users' });
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1),
      ).toBeVisible();

      await page.getByRole('link', { name: 'New user' }).click();
      const form = page.getByRole('form', { name: 'New user' });
      await form.getByRole('button', { name: 'Create user' }).click();
      await expect(form.getByText('First name is required.')).toBeVisible();

      await form.getByLabel('First name').fill('Priya');
      await form.getByLabel('Last name').fill('Raman');
      await form.getByLabel('Employee ID').fill('CF9001');
      await form.getByLabel('Email').fill('priya.raman@example.com');
      await form.getByLabel('Add role in group').fill('Portland Depot');
      await page.getByRole('treeitem', { name: 'Portland Depot', exact: true }).click();
      await form.getByLabel('Role', { exact: true }).click();
      await page.getByRole('option', { name: 'Driver' }).click();
      await form.getByRole('button', { name: 'Add role' }).click();
      await expect(form.getByRole('table', { name: 'Roles by group' })).toContainText('Driver');
      await form.getByRole('button', { name: 'Create user' }).click();

      await expect(page.getByRole('heading', { name: 'Priya Raman', level: 1 })).toBeVisible();

      // Edit one field.
      const profile = page.getByRole('region', { name: 'Profile' });
      await profile.getByLabel('Email').fill('p.raman@example.com');
      await profile.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('The user was saved.')).toBeVisible();

      // Add a role, remove the first: only those two operations are sent.
      const roles = page.getByRole('region', { name: 'Roles by group' });
      await roles.getByLabel('Add role in group').fill('Seattle Depot');
      await page.getByRole('treeitem', { name: 'Seattle Depot', exact: true }).click();
      await roles.getByLabel('Role', { exact: true }).click();
      await page.getByRole('option', { name: 'Coach' }).click();
      await roles.getByRole('button', { name: 'Add role' }).click();
      await roles.getByRole('button', { name: /^Remove Driver in/ }).click();
      await expect(roles.getByText('Unsaved: 1 to add, 1 to remove.')).toBeVisible();

      const patch = page.waitForRequest(
        (request) => request.method() === 'PATCH' && request.url().includes('/groupRoles'),
      );
      await roles.getByRole('button', { name: 'Save roles' }).click();
      const sent = (await patch).postDataJSON() as { op: string }[];
      expect(sent.map((operation) => operation.op).sort()).toEqual(['add', 'remove']);
      await expect(page.getByText('The roles were saved.')).toBeVisible();

      // Everything survives a reload.
      await page.reload();
      await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Email')).toHaveValue(
        'p.raman@example.com',
      );
      await expect(page.getByRole('table', { name: 'Roles by group' })).toContainText('Coach');
      await expect(page.getByRole('table', { name: 'Roles by group' })).not.toContainText('Driver');
    },
  );

  test('a new user gets a first.last username, the roles message goes once a role is added, and deactivating asks and turns sign-in off', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/users/new' });
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByLabel('First name').fill('Maria');
    await form.getByLabel('Last name').fill('Lopez');
    // maria.lopez is the demo manager's: the next free one is proposed, as the company numbers them.
    await expect(form.getByText('Leave empty to use maria.lopez2')).toBeVisible({
      timeout: 30_000,
    });
    await form.getByLabel('Can sign in').check();
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo-New-User-1');

    await form.getByRole('button', { name: 'Create user' }).click();
    const noRoles = form
      .getByRole('alert')
      .filter({ hasText: 'Add at least one role in a group.' });
    await expect(noRoles).toBeVisible();
    await form.getByLabel('Add role in group').fill('Portland Depot');
    await page.getByRole('treeitem', { name: 'Portland Depot', exact: true }).click();
    await form.getByLabel('Role', { exact: true }).click();
    await page.getByRole('option', { name: 'Driver' }).click();
    await form.getByRole('button', { name: 'Add role' }).click();
    await expect(noRoles).toBeHidden();
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByRole('heading', { name: 'Maria Lopez', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('main').getByText(/^maria\.lopez2/)).toBeVisible();

    const profile = page.getByRole('region', { name: 'Profile' });
    const canSignIn = profile.getByLabel('Can sign in');
    await expect(canSignIn).toBeChecked();
    await profile.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await expect(canSignIn).not.toBeChecked();
    await expect(canSignIn).toBeDisabled();

    await profile.getByRole('button', { name: 'Save changes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Maria Lopez?' });
    await expect(confirm).toContainText('no longer be able to sign in');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('The user was saved.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Profile' }).getByLabel('Can sign in'),
    ).not.toBeChecked();
    await expect(
      page.getByRole('main').getByText('Inactive', { exact: true }).first(),
    ).toBeVisible();
  });

  test('searches users and keeps the search in the address', async ({ page }) => {
    await signIn(page, demoManager, { path: '/users' });
    await page.getByRole('textbox', { name: 'Search' }).fill('okafor');
    await expect(page).toHaveURL(/q=okafor/);
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('link', { name: /Okafor/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('okafor');
    await expect(table.getByRole('link', { name: /Okafor/ })).toBeVisible();
  });

  test('filters users by role and status and keeps both through a reload', async ({ page }) => {
    await signIn(page, demoManager, { path: '/users' });
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Driver', exact: true }).click();
    await expect(page).toHaveURL(/roleId=\d+/);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await expect(page).toHaveURL(/status=Inactive/);

    const statusCells = await cellsInColumn(table, 'Status');
    const roleCells = await cellsInColumn(table, 'Roles');
    const expectOnlyInactiveDrivers = async () => {
      await expect
        .poll(async () => new Set(await statusCells.allTextContents()))
        .toEqual(new Set(['Inactive']));
      for (const roles of await roleCells.allTextContents()) expect(roles).toContain('Driver');
    };
    await expectOnlyInactiveDrivers();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('Driver');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');
    await expectOnlyInactiveDrivers();
  });

  test(
    'keeps an edit through a session expiry: re-enter the password and it is saved',
    { tag: '@live' },
    async ({ page }) => {
      await signIn(page, demoManager, { path: '/users' });
      await page.getByRole('table', { name: 'Users' }).getByRole('link').first().click();
      const profile = page.getByRole('region', { name: 'Profile' });
      await expect(profile.getByLabel('Employee ID')).toBeVisible();
      // The token runs out before the save: it meets a 401 and asks for the password.
      await expireSessionAtNextRequest(page, { method: 'PUT', pathPattern: '/v1/users/' });
      await profile.getByLabel('Employee ID').fill('CF7777');
      await profile.getByRole('button', { name: 'Save changes' }).click();

      const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Password', { exact: true }).fill(demoManager.password);
      await dialog.getByRole('button', { name: 'Continue session' }).click();
      await expect(page.getByText('The user was saved.')).toBeVisible();
      await expect(profile.getByLabel('Employee ID')).toHaveValue('CF7777');
    },
  );

  test('deactivating a coach says how many events await their coaching', async ({ page }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/coaching' });
    const coaches = page.getByRole('table', { name: 'Backlog by coach' });
    await expect(coaches.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
    // The first coach with a name (the backlog also counts events with no coach, or a coach the
    // service sent without a name); the columns as they open: Coach, then Awaiting.
    const row = coaches
      .locator('tbody tr')
      .filter({ has: page.getByRole('button', { name: /^\S+ \S+/ }) })
      .filter({ hasNotText: 'No coach yet' })
      .first();
    const coach = (await row.getByRole('button').first().innerText()).trim();
    const awaiting = Number((await row.getByRole('cell').nth(1).innerText()).replace(/\D/g, ''));
    expect(awaiting).toBeGreaterThan(0);

    await page.goto(`/users?q=${encodeURIComponent(coach)}`);
    await page.getByRole('link', { name: coach, exact: true }).first().click();
    await expect(page.getByRole('heading', { name: coach, level: 1 })).toBeVisible();
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await profile.getByRole('button', { name: 'Save changes' }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${coach}?` });
    await expect(confirm).toContainText(
      `They are the coach of ${awaiting} ${awaiting === 1 ? 'event' : 'events'} awaiting coaching in the last 90 days.`,
      { timeout: 30_000 },
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(profile.getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive');
  });
});
