import type { Page } from '@playwright/test';
import { demoManager, expect, injectFaults, signIn, test } from './fixtures';

/**
 * "Someone else" saves through the demo service's API from the same tab (so the same demo data),
 * with the signed-in token, as a second console or another tool would.
 */
async function callApi(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(sessionStorage.getItem('fleet-console.session') ?? '{}') as {
        token?: string;
      };
      const response = await fetch(`/service/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    },
    { method, path, body },
  );
}

async function openFirstVehicle(page: Page) {
  await signIn(page, demoManager, { path: '/vehicles?name=PDX-T1' });
  // The first page after signing in also starts the demo service: slow on a busy machine.
  await page
    .getByRole('table', { name: 'Vehicles' })
    .getByRole('link')
    .first()
    .click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}/);
  const vehicleId = /\/vehicles\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByLabel('Make')).toBeVisible({ timeout: 30_000 });
  return { vehicleId, details };
}

test.describe('edit conflicts', () => {
  // Long journeys (several saves each) on a machine that may be busy.
  test.slow();

  test('a vehicle changed by someone else meanwhile: keep theirs, or cancel', async ({ page }) => {
    const { vehicleId, details } = await openFirstVehicle(page);
    const readVehicle = () => callApi(page, 'GET', `/v0/vehicles/${vehicleId}`);
    const dialog = page.getByRole('dialog', { name: 'Someone else changed this vehicle' });
    const changed = dialog.getByRole('table', { name: 'Fields changed by someone else' });

    // Keep theirs: only the clashing field takes their value; the rest of the typing is saved.
    await details.getByLabel('Make').fill('Mine one');
    await details.getByLabel('Licence plate').fill('MINE 1');
    await callApi(page, 'PATCH', `/v0/vehicles/${vehicleId}`, { make: 'Theirs one' });
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeVisible();
    const makeRow = changed.getByRole('row', { name: /^Make/ });
    await expect(makeRow).toContainText('Theirs one');
    await expect(makeRow).toContainText('Mine one');
    await expect(changed.getByRole('row')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(dialog).toBeHidden();
    await expect(details.getByText('Saved. No unsaved changes.')).toBeVisible();
    await expect(details.getByLabel('Make')).toHaveValue('Theirs one');
    await expect(details.getByLabel('Licence plate')).toHaveValue('MINE 1');
    expect(await readVehicle()).toMatchObject({ make: 'Theirs one', licensePlateNumber: 'MINE 1' });

    // Cancel saves nothing and keeps the typing.
    await details.getByLabel('Make').fill('Mine four');
    await callApi(page, 'PATCH', `/v0/vehicles/${vehicleId}`, { make: 'Theirs four' });
    await details.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(details.getByLabel('Make')).toHaveValue('Mine four');
    expect(await readVehicle()).toMatchObject({ make: 'Theirs four' });
  });

  test('a vehicle changed by someone else meanwhile: overwrite, or merge field by field', async ({
    page,
  }) => {
    const { vehicleId, details } = await openFirstVehicle(page);
    const readVehicle = () => callApi(page, 'GET', `/v0/vehicles/${vehicleId}`);
    const dialog = page.getByRole('dialog', { name: 'Someone else changed this vehicle' });
    const changed = dialog.getByRole('table', { name: 'Fields changed by someone else' });

    // Overwrite: the form's value wins.
    await details.getByLabel('Make').fill('Mine two');
    await callApi(page, 'PATCH', `/v0/vehicles/${vehicleId}`, { make: 'Theirs two' });
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(changed.getByRole('row', { name: /^Make/ })).toContainText('Theirs two');
    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect(details.getByText('Saved. No unsaved changes.')).toBeVisible();
    await expect(details.getByLabel('Make')).toHaveValue('Mine two');
    expect(await readVehicle()).toMatchObject({ make: 'Mine two' });

    // Merge: their make, my model; a field only they changed is listed as untouched by me.
    await details.getByLabel('Make').fill('Mine three');
    await details.getByLabel('Model', { exact: true }).fill('Model mine');
    await callApi(page, 'PATCH', `/v0/vehicles/${vehicleId}`, {
      make: 'Theirs three',
      model: 'Model theirs',
      year: 2019,
    });
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(changed.getByRole('row', { name: /^Model year/ })).toContainText(
      'You did not change this field',
    );
    await dialog.getByRole('button', { name: 'Merge field by field' }).click();
    await dialog.getByRole('radiogroup', { name: 'Keep for Make' }).getByText('Theirs').click();
    await dialog.getByRole('button', { name: 'Save merged' }).click();
    await expect(details.getByText('Saved. No unsaved changes.')).toBeVisible();
    await expect(details.getByLabel('Make')).toHaveValue('Theirs three');
    await expect(details.getByLabel('Model', { exact: true })).toHaveValue('Model mine');
    await expect(details.getByLabel('Model year')).toHaveValue('2019');
    expect(await readVehicle()).toMatchObject({
      make: 'Theirs three',
      model: 'Model mine',
      year: 2019,
    });
  });

  test('a user changed elsewhere meanwhile: the save names the field, keeping theirs keeps my other typing', async ({
    page: first,
  }) => {
    await signIn(first, demoManager, { path: '/users?q=okafor' });
    await first
      .getByRole('table', { name: 'Users' })
      .getByRole('link', { name: /Okafor/ })
      .click();
    const profile = first.getByRole('region', { name: 'Profile' });
    await expect(profile.getByLabel('Email')).toBeVisible();
    const userId = /\/users\/([0-9a-f-]{36})/.exec(first.url())![1]!;

    // Someone else edits the same user through the API while this form is open.
    const current = await callApi(first, 'GET', `/v1/users/${userId}`);
    const roles = (current.groupRoles as { groupId: string; roleId: number }[]).map(
      ({ groupId, roleId }) => ({ groupId, roleId }),
    );
    await callApi(first, 'PUT', `/v1/users/${userId}`, {
      firstName: current.firstName,
      lastName: current.lastName,
      username: current.username,
      employeeId: current.employeeId ?? null,
      email: 'theirs@example.com',
      status: current.status,
      cellPhoneCountry: current.cellPhoneCountry ?? null,
      cellPhoneNumber: current.cellPhoneNumber ?? null,
      primaryGroupId: current.primaryGroupId ?? null,
      loginEnabled: current.loginEnabled,
      allowVideoSearchDownload: current.allowVideoSearchDownload ?? false,
      groupRoles: roles,
    });

    await profile.getByLabel('Email').fill('mine@example.com');
    await profile.getByLabel('Employee ID').fill('EMP-MINE');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    const dialog = first.getByRole('dialog', { name: 'Someone else changed this user' });
    const emailRow = dialog.getByRole('row', { name: /^Email/ });
    await expect(emailRow).toContainText('theirs@example.com');
    await expect(emailRow).toContainText('mine@example.com');
    await dialog.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(profile.getByText('Saved. No unsaved changes.')).toBeVisible();
    await expect(profile.getByLabel('Email')).toHaveValue('theirs@example.com');
    await expect(profile.getByLabel('Employee ID')).toHaveValue('EMP-MINE');
    expect(await callApi(first, 'GET', `/v1/users/${userId}`)).toMatchObject({
      email: 'theirs@example.com',
      employeeId: 'EMP-MINE',
    });
  });

  test('roles added meanwhile by someone else are shown and kept, not undone', async ({ page }) => {
    await signIn(page, demoManager, { path: '/users?q=okafor' });
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('link', { name: /Okafor/ })
      .click();
    const rolesSection = page.getByRole('region', { name: 'Roles by group' });
    await expect(rolesSection.getByRole('table', { name: 'Roles by group' })).toBeVisible();
    const userId = /\/users\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const current = await callApi(page, 'GET', `/v1/users/${userId}`);
    const [held] = current.groupRoles as { groupId: string; roleId: number }[];

    // Someone else gives the user the Read Only role in the same group...
    const roleList = (await page.evaluate(async () => {
      const session = JSON.parse(sessionStorage.getItem('fleet-console.session') ?? '{}') as {
        token?: string;
      };
      const response = await fetch('/service/api/v1/users/roles', {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      return (await response.json()) as { id: number; name: string }[];
    })) as { id: number; name: string }[];
    const other = roleList.find((role) => role.id !== held!.roleId)!;
    await callApi(page, 'PATCH', `/v1/users/${userId}/groupRoles`, [
      { op: 'add', path: '/roles', value: { groupId: held!.groupId, roleId: other.id } },
    ]);

    // ...while this form removes nothing but adds a third role.
    const third = roleList.find((role) => role.id !== held!.roleId && role.id !== other.id)!;
    await rolesSection.getByRole('combobox', { name: 'Add role in group' }).click();
    await page.getByRole('treeitem').first().click();
    await rolesSection.getByLabel('Role', { exact: true }).click();
    await page.getByRole('option', { name: third.name, exact: true }).click();
    await rolesSection.getByRole('button', { name: 'Add role' }).click();
    await rolesSection.getByRole('button', { name: 'Save roles' }).click();

    const dialog = page.getByRole('dialog', { name: 'Someone else changed this user' });
    const row = dialog.getByRole('row', { name: new RegExp(`^${other.name} in`) });
    await expect(row).toContainText('Has this role');
    await expect(row).toContainText('You did not change this field');
    await dialog.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(rolesSection.getByText('Saved. No unsaved role changes.')).toBeVisible();
    const saved = await callApi(page, 'GET', `/v1/users/${userId}`);
    expect((saved.groupRoles as { roleId: number }[]).map((role) => role.roleId).sort()).toEqual(
      [held!.roleId, other.id, third.id].sort(),
    );
  });

  test('an answer that leaves out email and employee ID: no save, bulk or single, clears them or shows a conflict over them', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/users?q=okafor' });
    const table = page.getByRole('table', { name: 'Users' });
    const link = table.getByRole('link', { name: /Okafor/ }).first();
    const userId = /\/users\/([0-9a-f-]{36})/.exec((await link.getAttribute('href'))!)![1]!;
    const readUser = () => callApi(page, 'GET', `/v1/users/${userId}`);
    const before = await readUser();
    expect(before.email).toEqual(expect.any(String));
    expect(before.employeeId).toEqual(expect.any(String));
    // As a service does for fields the caller may not see: left out, not null.
    const leaveOutContact = () =>
      injectFaults(page, [
        {
          method: 'GET',
          pathPattern: '/v1/users/[0-9a-fA-F-]{36}$',
          transform: 'drop-optional',
          fields: ['email', 'employeeId'],
        },
      ]);
    const refusal = /left out Employee ID and Email.*nothing was sent/;

    // Bulk Deactivate on a partial read: refused, nothing sent.
    await table
      .getByRole('checkbox', { name: /^Select .*Okafor/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Bulk actions (1)' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate' });
    await leaveOutContact();
    await dialog.getByRole('button', { name: 'Send 1 change' }).click();
    await expect(dialog.getByRole('status')).toHaveText('0 done, 1 failed, 0 cancelled.');
    await expect(dialog.getByRole('table', { name: 'Bulk report' })).toContainText(refusal);
    await injectFaults(page, []);
    expect(await readUser()).toMatchObject({
      status: 'Active',
      email: before.email,
      employeeId: before.employeeId,
    });

    // Done on a full read; its Undo then meets a partial one and is refused too.
    await dialog.getByRole('button', { name: 'Retry failed (1)' }).click();
    await expect(dialog.getByRole('status')).toHaveText('1 done, 0 failed, 0 cancelled.');
    await leaveOutContact();
    await dialog.getByRole('button', { name: 'Undo all done (1)' }).click();
    await expect(dialog.getByRole('status')).toHaveText('0 done, 1 failed, 0 cancelled.');
    await expect(dialog.getByRole('table', { name: 'Undo report' })).toContainText(refusal);
    await injectFaults(page, []);
    expect(await readUser()).toMatchObject({
      status: 'Inactive',
      email: before.email,
      employeeId: before.employeeId,
    });
    await dialog.getByRole('button', { name: 'Retry failed (1)' }).click();
    await expect(dialog.getByRole('status')).toHaveText('1 done, 0 failed, 0 cancelled.');
    expect(await readUser()).toMatchObject({
      status: 'Active',
      email: before.email,
      employeeId: before.employeeId,
    });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // A single save whose re-read leaves them out: no conflict nobody made, and they stay.
    await link.click();
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile.getByLabel('Email')).toHaveValue(String(before.email));
    await leaveOutContact();
    await profile.getByLabel('Last name').fill('Okafor-Reed');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(profile.getByText('Saved. No unsaved changes.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Someone else changed this user' })).toBeHidden();
    await expect(profile.getByLabel('Email')).toHaveValue(String(before.email));
    await injectFaults(page, []);
    expect(await readUser()).toMatchObject({
      lastName: 'Okafor-Reed',
      email: before.email,
      employeeId: before.employeeId,
    });

    // Opened from a partial answer, the empty boxes say so, and a save that would clear them
    // sends nothing.
    await leaveOutContact();
    await page.reload();
    await expect(profile.getByLabel('Email')).toHaveValue('');
    await expect(profile.getByLabel('Email')).toHaveAccessibleDescription(
      /Not sent by the service/,
    );
    await profile.getByLabel('Last name').fill('Okafor');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(profile.getByRole('alert')).toContainText(refusal);
    await injectFaults(page, []);
    expect(await readUser()).toMatchObject({
      lastName: 'Okafor-Reed',
      email: before.email,
      employeeId: before.employeeId,
    });
  });
});
