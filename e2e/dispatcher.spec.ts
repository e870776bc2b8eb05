import { expectNoSeriousViolations } from './axe-checks';
import { demoDispatcher, demoManager, expect, sendFromPage, signIn, test } from './fixtures';

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

/** What the dispatcher may change (docs/access.md): his own depot, his own roles. */
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

/** Made Group Manager of his depot, the dispatcher grants roles in its subgroups too. */
test.describe('dispatcher as Group Manager of his depot', () => {
  test.slow();

  test('gives a new user Group Manager in a subgroup of Portland Depot', async ({ page }) => {
    // The company's manager makes him Group Manager of Portland Depot.
    await signIn(page, demoManager, { path: '/users' });
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible({
      timeout: 60_000,
    });
    const dan = JSON.parse(
      (await sendFromPage(page, 'GET', '/service/api/v1/users/dan.okafor?searchBy=Username')).text,
    ) as { userId: string; groupRoles: { groupId: string }[] };
    const roles = JSON.parse(
      (await sendFromPage(page, 'GET', '/service/api/v1/users/roles')).text,
    ) as {
      id: number;
      name: string;
    }[];
    const groupManager = roles.find((role) => role.name === 'Group Manager')!;
    const granted = await sendFromPage(
      page,
      'PATCH',
      `/service/api/v1/users/${dan.userId}/groupRoles`,
      {
        body: [
          {
            op: 'add',
            path: '/roles',
            value: { groupId: dan.groupRoles[0]!.groupId, roleId: groupManager.id },
          },
        ],
      },
    );
    expect(granted.status).toBeLessThan(300);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    await signIn(page, demoDispatcher, { path: '/users/new' });
    const userForm = page.getByRole('form', { name: 'New user' });
    await userForm.getByLabel('First name').fill('Gia');
    await userForm.getByLabel('Last name').fill('Subgroup');
    const roleGroup = userForm.getByRole('combobox', { name: 'Add role in group' });
    await expect(roleGroup).toBeEnabled({ timeout: 30_000 });
    // The whole tree, by keyboard: Northwest Region › Portland Depot › its first subgroup.
    await roleGroup.click();
    const choices = page.getByRole('tree', { name: 'Group choices' });
    await expect(choices.getByRole('treeitem', { name: 'Northwest Region' })).toBeVisible();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown'])
      await roleGroup.press(key);
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter'])
      await roleGroup.press(key);
    await expect(roleGroup).toHaveValue('Northwest Region › Portland Depot › Local Delivery');
    await userForm.getByLabel('Role', { exact: true }).click();
    await page.getByRole('option', { name: 'Group Manager' }).click();
    await userForm.getByRole('button', { name: 'Add role' }).click();
    await expect(userForm.getByRole('table', { name: 'Roles by group' })).toContainText(
      'Local Delivery',
    );
    await userForm.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByRole('heading', { name: 'Gia Subgroup', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
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

/**
 * What the dispatcher cannot reach outside Portland Depot, tried as a curious user would: in the
 * console, and with his own token from the console's page.
 */
test.describe('dispatcher, outside his depot', () => {
  test.slow();
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a spare camera of another depot is not offered for his vehicle, and his own request cannot take it', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, { path: '/vehicles?name=PDX-T104' });
    await page
      .getByRole('table', { name: 'Vehicles' })
      .getByRole('link', { name: 'PDX-T104', exact: true })
      .click({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'PDX-T104', level: 1 })).toBeVisible();
    const vehicleId = /\/vehicles\/([0-9a-f-]{36})/.exec(page.url())![1]!;

    // Every signed-in user reads the whole company's cameras: a spare of Salt Lake City Depot.
    const spares = await sendFromPage(page, 'GET', '/service/api/v1/devices?status=Spare');
    const spare = (
      JSON.parse(spares.text) as { data: { serialNumber: string; groupPath?: string }[] }
    ).data.find((device) =>
      decodeURIComponent(device.groupPath ?? '').includes('Salt Lake City Depot'),
    )!;
    expect(spare).toBeDefined();

    const details = page.getByRole('region', { name: 'Details' });
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.url());
    });
    const serial = details.getByRole('textbox', { name: 'Camera serial number' });
    await serial.fill(spare.serialNumber);
    await expect(
      details.getByText(/^This camera belongs to .*, outside your groups/),
    ).toBeVisible();
    await expect(serial).toHaveAttribute('aria-invalid', 'true');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(details.getByText('Unsaved: 1 field. Only these are sent.')).toBeVisible();
    expect(patches).toEqual([]);

    // His own request, with his token, is refused as well, and the camera stays where it was.
    const taken = await sendFromPage(page, 'PATCH', `/service/api/v0/vehicles/${vehicleId}`, {
      body: { deviceSerialNumber: spare.serialNumber },
    });
    expect(taken.status).toBe(403);
    const after = await sendFromPage(page, 'GET', `/service/api/v1/devices/${spare.serialNumber}`);
    const device = (JSON.parse(after.text) as { data: { groupPath?: string; vehicleId?: string } })
      .data;
    expect(decodeURIComponent(device.groupPath ?? '')).toContain('Salt Lake City Depot');
    expect(device.vehicleId ?? null).toBeNull();
  });

  test('a schedule for a vehicle of another depot is marked in his upload, and his own request creates no driver there', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, { path: '/dispatch' });
    await expect(page.getByRole('heading', { name: 'Dispatch upload', level: 1 })).toBeVisible({
      timeout: 60_000,
    });
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const csv = [
      'Employee ID,First name,Last name,Vehicle,Start,End',
      `CF1011,Robert,Adams,PDX-T104,${day} 06:00,${day} 16:00`,
      `EVIL-SEA-1,Evil,Seattle,SEA-T101,${day} 06:00,${day} 16:00`,
    ].join('\r\n');
    await page
      .getByLabel('Schedule file')
      .setInputFiles({ name: 'seattle.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByText('1 of 2 rows need work')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Problems found' })).toContainText(
      'Row 3, Vehicle: "SEA-T101" belongs to a group outside yours, so its schedule cannot be set from your account.',
    );
    await expect(
      page.getByRole('button', { name: 'Continue to the service check' }),
    ).toBeDisabled();

    // The same entries sent with his token: nothing is created or assigned in Seattle.
    const entry = (userIdentifier: string, hour: number) => ({
      userIdentifier,
      user: { firstName: 'Evil', lastName: 'Seattle', id: userIdentifier },
      vehicleIdentifier: 'SEA-T101',
      startDate: `${day}T${String(hour).padStart(2, '0')}:00:00Z`,
      endDate: `${day}T${String(hour + 1).padStart(2, '0')}:00:00Z`,
    });
    const sent = await sendFromPage(page, 'POST', '/service/api/v1/driver-assignments/dispatch', {
      body: { autoAddDriver: true, entries: [entry('EVIL-SEA-1', 6), entry('CF1011', 8)] },
    });
    expect(sent.status).toBe(201);
    const codes = (
      JSON.parse(sent.text) as { data: { entries: { responseCodeId: string }[] } }
    ).data.entries.map((answer) => answer.responseCodeId);
    expect(codes).toEqual(['E_CREATE_USER_ACCESS_DENIED', 'E_ACCESS_DENIED']);

    await page.goto('/users?q=EVIL-SEA-1');
    await expect(page.getByText('No users match these filters')).toBeVisible({ timeout: 30_000 });
  });
});

/**
 * Vehicle names are unique only within a group: Fresno Depot has a PDX-T101 too. The dispatcher's
 * PDX-T101 is his own Portland vehicle, and a row he removes is named in the results.
 */
test.describe('dispatcher upload', () => {
  test.slow();

  test('a vehicle name another depot shares is matched to his own, the service speaks plainly, and a removed row is named in the results', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, {
      path: '/dispatch',
      demoParams: 'demoLatency=0&demoDispatchMs=1500',
    });
    await expect(page.getByRole('heading', { name: 'Dispatch upload', level: 1 })).toBeVisible({
      timeout: 60_000,
    });
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const csv = [
      'Employee ID,First name,Last name,Vehicle,Start,End',
      `CF1011,Robert,Adams,PDX-T101,${day} 06:00,${day} 16:00`,
      `CF9917,Luis,Russell,PDX-T104,${day} 06:00,${day} 16:00`,
    ].join('\r\n');
    await page
      .getByLabel('Schedule file')
      .setInputFiles({ name: 'shared-name.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByText('The rows pass every check in the browser')).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Continue to the service check' }).click();

    // Drivers are not added: the unknown employee ID is rejected, said in words.
    await expect(
      page.getByText('Off: a row whose employee ID matches no driver is rejected instead.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Check with the service' }).click();
    await expect(page.getByText('The service would reject 1 of 2 entries')).toBeVisible();
    const answers = page.getByRole('table', { name: 'Service answers' });
    await expect(answers).toContainText('The entry was accepted.');
    await expect(answers).toContainText('No driver has this employee ID.');
    const checked = page.getByRole('table', { name: 'Rows checked by the service' });
    const accepted = checked.getByRole('row').filter({ has: page.getByLabel('Row 2 Vehicle') });
    await expect(accepted).toContainText('The entry was accepted.');
    const rejected = checked.getByRole('row').filter({ has: page.getByLabel('Row 3 Vehicle') });
    await expect(rejected).toContainText('No driver has this employee ID.');
    await expectNoSeriousViolations(page, 'the service check', { within: 'main', rules: 'all' });

    await page.getByRole('button', { name: 'Remove the 1 rejected row' }).click();
    await page.getByRole('button', { name: 'Submit 1 entry' }).click();
    await page
      .getByRole('dialog', { name: 'Submit the schedule?' })
      .getByRole('button', { name: 'Submit 1 entry' })
      .click();
    await expect(page.getByText('The entry was accepted', { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('table', { name: 'Submission results' })).toContainText('PDX-T101');
    // Processed onto his own PDX-T101: the one below Portland Depot, his role's group.
    const readJson = async <Body>(path: string) =>
      JSON.parse((await sendFromPage(page, 'GET', path)).text) as Body;
    const me = await readJson<{ groupRoles: { groupId: string }[] }>(
      '/service/api/v1/users/dan.okafor?searchBy=Username',
    );
    const own = await readJson<{ vehicles: { id: string; name: string }[] }>(
      `/service/api/v0/vehicles/all?name=PDX-T101&groupId=${me.groupRoles[0]!.groupId}`,
    );
    const ownVehicle = own.vehicles.find((vehicle) => vehicle.name === 'PDX-T101')!;
    const assigned = await readJson<{ data: { employeeNumber: string | null }[] }>(
      `/service/api/v1/driver-assignments?vehicleIdentifier=${ownVehicle.id}&startDate=${day}&endDate=${day}`,
    );
    expect(assigned.data.map((driver) => driver.employeeNumber)).toContain('CF1011');

    await expect(
      page.getByRole('list', { name: 'Rows removed before submitting' }).getByRole('listitem'),
    ).toHaveText([
      'Row 3: Luis Russell (CF9917), PDX-T104 — No driver has this employee ID. Check the ID, or allow drivers to be added automatically. (E_NO_MATCH_DRIVER)',
    ]);
  });
});
