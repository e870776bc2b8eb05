import type { Locator, Page } from '@playwright/test';
import { demoEcmApiKey } from '../src/config/demo-accounts';
import { closeDirectionControls } from '../src/lib/invisible-characters';
import { expectNoSeriousViolations } from './axe-checks';
import {
  cellsInColumn,
  demoDispatcher,
  demoManager,
  expect,
  openVehicle,
  signIn,
  startWithoutEcmKey,
  test,
} from './fixtures';

/** Vehicle pages are opened by signing in at the filtered list's address. */
const SIGN_IN = { from: 'sign-in' } as const;

/** The group picker is a combobox whose popup is the group tree. */
async function chooseGroup(page: Page, scope: Page | ReturnType<Page['locator']>, name: string) {
  const input = scope.getByRole('combobox', { name: 'Group', exact: true });
  await input.click();
  await input.fill(name);
  await page.getByRole('treeitem', { name, exact: true }).first().click();
}

/** The vehicles' names, in row order. */
function nameCells(table: Locator): Promise<Locator> {
  return cellsInColumn(table, 'Name');
}

/**
 * The page's own content, on every rule axe runs by default. Left out: colour contrast (the shared
 * theme's dimmed grey and blue) and the shell around `main` (its notifications' close buttons have
 * no name).
 */
const PAGE_CONTENT = { within: 'main', rules: 'all', except: ['color-contrast'] } as const;

test.describe('vehicles', () => {
  test('filters by group with or without subgroups and by name, pages, and keeps it all on reload', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/vehicles' });
    const table = page.getByRole('table', { name: 'Vehicles' });
    // The first page after signing in also starts the demo service: slow on a busy machine.
    await expect(page.getByText('1–25 of 200')).toBeVisible({ timeout: 30_000 });

    await chooseGroup(page, page, 'Portland Depot');
    await expect(page).toHaveURL(/groupId=/);
    await expect(page.getByText('1–25 of 30')).toBeVisible();
    for (const name of await (await nameCells(table)).allTextContents()) {
      expect(name).toMatch(/^PDX-/);
    }

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('26–30 of 30')).toBeVisible();

    // The depot group itself holds only its yard pickups; its teams hold the rest.
    await page.getByLabel('Include subgroups').click();
    await expect(page).toHaveURL(/includeSubgroups=false/);
    await expect(page.getByText('1–2 of 2')).toBeVisible();
    await expect(table.getByRole('link', { name: 'PDX-P102' })).toBeVisible();
    await page.getByLabel('Include subgroups').click();
    await expect(page.getByText('1–25 of 30')).toBeVisible();

    await page.getByLabel('Name contains').fill('PDX-T1');
    await expect(page).toHaveURL(/name=PDX-T1/);
    await expect(page.getByText('1–13 of 13')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).waitFor({ state: 'visible' });

    await page.reload();
    await expect(page.getByLabel('Name contains')).toHaveValue('PDX-T1');
    await expect(page.getByRole('combobox', { name: 'Group', exact: true })).toHaveValue(
      /Portland Depot$/,
    );
    await expect(page.getByText('1–13 of 13')).toBeVisible();
    for (const name of await (await nameCells(table)).allTextContents()) {
      expect(name).toMatch(/^PDX-T1/);
    }

    // Nothing matches: the service answers 204, shown as an empty list.
    await page.getByLabel('Name contains').fill('no-such-vehicle');
    await expect(page.getByText('No vehicles match these filters')).toBeVisible();
  });

  test('sorts the whole list, not one page, filters by status and type, and keeps both on reload', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/vehicles' });
    const table = page.getByRole('table', { name: 'Vehicles' });
    await expect(page.getByText('1–25 of 200')).toBeVisible({ timeout: 30_000 });

    // The service cannot sort: the arrows sort every vehicle, and the list says where it did.
    await table.getByRole('button', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sort=name/);
    await table.getByRole('button', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/order=desc/);
    // A screen reader hears the order on the column header, and no "No vehicles" under rows.
    await expect(table.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(table.getByRole('columnheader', { name: /^Plate/ })).not.toHaveAttribute(
      'aria-sort',
    );
    await expect(table.getByText('No vehicles yet')).toBeHidden();
    const sorted = page.getByRole('status').filter({ hasText: /^Sorted 200 vehicles indexed/ });
    await expect(sorted).toContainText('cannot sort');
    // TIW-V104 is the last name of the fleet, listed by the service on its last page.
    await expect((await nameCells(table)).first()).toHaveText('TIW-V104');
    await expect(page.getByText('1–25 of 200')).toBeVisible();

    // Several statuses and types at once: a vehicle matches any chosen status and any chosen type.
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.click();
    await page.getByRole('option', { name: 'In maintenance' }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('status=[3]');
    await expect(page.getByText('1–8 of 8')).toBeVisible();
    await page.getByRole('option', { name: 'Out of service' }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('status=[1,3]');
    await expect(page.getByText(/^1–\d+ of (9|[1-9]\d+)$/)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Tractor' }).click();
    await page.getByRole('option', { name: 'Straight truck' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => decodeURIComponent(page.url())).toContain('type=[1,2]');
    // The address changes before the list reads again: wait for a straight truck to be listed, so
    // the count read below is the one for both types, not the one for tractors alone.
    await expect(
      table.locator('tbody tr').filter({ hasText: 'Straight truck' }).first(),
    ).toBeVisible();
    const pager = page.getByText(/^1–\d+ of \d+$/);
    await expect(pager).toBeVisible();
    const matching = (await pager.innerText()).split(' of ')[1]!;

    await page.reload();
    const filters = page.getByRole('main');
    for (const chosen of ['In maintenance', 'Out of service', 'Tractor', 'Straight truck']) {
      await expect(filters.getByText(chosen, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText(new RegExp(`^1–\\d+ of ${matching}$`))).toBeVisible({
      timeout: 30_000,
    });
    const rows = table.locator('tbody tr');
    for (const row of await rows.all()) {
      await expect(row).toContainText(/In maintenance|Out of service/);
      await expect(row).toContainText(/Tractor|Straight truck/);
    }
    const names = await (await nameCells(table)).allTextContents();
    expect(names).toEqual([...names].sort().reverse());
  });

  test('the vehicle page offers Edit at the top, and the list offers every column its rows carry', async ({
    page,
  }) => {
    await openVehicle(page, 'BOI-B101', SIGN_IN);
    const details = page.getByRole('region', { name: 'Details' });
    const nameField = details.getByRole('textbox', { name: 'Name', exact: true });
    await expect(nameField).not.toBeInViewport();
    await page.getByRole('button', { name: 'Edit details' }).click();
    await expect(nameField).toBeFocused();
    await expect(nameField).toBeInViewport();

    await page.getByRole('link', { name: 'Back to vehicles' }).click();
    const table = page.getByRole('table', { name: 'Vehicles' });
    await expect(table.getByRole('link', { name: 'BOI-B101', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('dialog', { name: 'Columns' });
    for (const title of ['Make', 'Model', 'Year']) {
      await expect(columns.getByRole('checkbox', { name: title })).not.toBeChecked();
      await columns.getByRole('checkbox', { name: title }).check();
    }
    await page.keyboard.press('Escape');
    for (const title of ['Make', 'Model', 'Year']) {
      await expect(table.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();
    }
  });

  test('typing a filter while the list loads keeps the focus and every character', async ({
    page,
  }) => {
    // Slow answers, so the next keys land while the list for the first ones is loading.
    await signIn(page, demoManager, { path: '/vehicles', demoParams: 'demoLatency=800' });
    await expect(page.getByRole('table', { name: 'Vehicles' }).getByRole('row').nth(1)).toBeVisible(
      { timeout: 30_000 },
    );
    const name = page.getByLabel('Name contains');
    await name.pressSequentially('PDX');
    await expect(page).toHaveURL(/name=PDX/);
    await page.keyboard.type('-T1');
    await expect(name).toHaveValue('PDX-T1');
    await expect(name).toBeFocused();
    await expect(page).toHaveURL(/name=PDX-T1/);
    const table = page.getByRole('table', { name: 'Vehicles' });
    await expect((await nameCells(table)).first()).toHaveText(/^PDX-T1/);
  });

  test('creates a vehicle after refusing bad input, edits one field, and deletes it', async ({
    page,
  }) => {
    // Create, edit and delete in one journey; the generous limit is for busy machines.
    test.slow();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/v0/vehicles/all')) {
        posts.push(request.postData() ?? '');
      }
    });
    await signIn(page, demoManager, { path: '/vehicles' });
    await page.getByRole('link', { name: 'New vehicle' }).click();
    const form = page.getByRole('form', { name: 'New vehicle' });

    // Missing required fields: errors beside them, nothing sent.
    await form.getByRole('button', { name: 'Create vehicle' }).click();
    await expect(form.getByText('Name is required.')).toBeVisible();
    await expect(form.getByText('Choose the group the vehicle belongs to.')).toBeVisible();

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('X'.repeat(51));
    await form.getByLabel('VIN', { exact: true }).fill('3akjhhdr4tu10385');
    await form.getByRole('button', { name: 'Create vehicle' }).click();
    await expect(form.getByText('Name must be at most 50 characters (it has 51).')).toBeVisible();
    await expect(form.getByText('A VIN has exactly 17 characters (this has 16).')).toBeVisible();
    expect(posts).toHaveLength(0);

    // A name the group already has: the service's 409, the input kept.
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('PDX-P102');
    await chooseGroup(page, form, 'Portland Depot');
    await form.getByLabel('VIN', { exact: true }).fill('3AKJHHDR4TU103999');
    await form.getByRole('button', { name: 'Create vehicle' }).click();
    const refused = form.getByRole('alert');
    await expect(refused).toContainText('The vehicle was not created');
    await expect(refused).toContainText('A vehicle named PDX-P102 already exists in this group.');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('PDX-P102');
    await expect(form.getByLabel('VIN', { exact: true })).toHaveValue('3AKJHHDR4TU103999');

    // A camera serial only the service can check: its 400, the input kept.
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('PDX-E2E-1');
    await form.getByLabel('Camera serial number').fill('ZZ0000000');
    await form.getByRole('button', { name: 'Create vehicle' }).click();
    await expect(form.getByRole('alert')).toContainText(
      'No device has the serial number ZZ0000000.',
    );
    await expect(form.getByLabel('Camera serial number')).toHaveValue('ZZ0000000');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('PDX-E2E-1');
    expect(posts).toHaveLength(2);

    await form.getByLabel('Camera serial number').fill('');
    await form.getByLabel('Licence plate').fill('E2E 123');
    await form.getByLabel('Plate country').click();
    await page.getByRole('option', { name: 'United States' }).click();
    await form.getByLabel('Plate state or province').fill('Oreg');
    await page.getByRole('option', { name: 'Oregon' }).click();
    await form.getByRole('button', { name: 'Create vehicle' }).click();

    await expect(page.getByRole('heading', { name: 'PDX-E2E-1', level: 1 })).toBeVisible();
    await expect(page.getByText('PDX-E2E-1 was added.')).toBeVisible();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.getByLabel('Plate state or province')).toHaveValue('Oregon');

    // Edit one field: the PATCH carries only that field.
    await details.getByLabel('Licence plate').fill('E2E 999');
    await expect(details.getByText('Unsaved: 1 field. Only these are sent.')).toBeVisible();
    const patch = page.waitForRequest((request) => request.method() === 'PATCH');
    await details.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({ licensePlateNumber: 'E2E 999' });
    await expect(page.getByText('PDX-E2E-1 was saved.')).toBeVisible();
    await expect(details.getByText('No unsaved changes.')).toBeVisible();

    // Delete, confirming with the vehicle's name.
    await page.getByRole('button', { name: 'Delete vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete PDX-E2E-1?' });
    await expect(dialog).toContainText('PDX-E2E-1 is removed from the fleet for good');
    await expect(dialog.getByRole('button', { name: 'Delete vehicle' })).toBeDisabled();
    await dialog.getByLabel('Type "PDX-E2E-1" to confirm').fill('PDX-E2E-1');
    await dialog.getByRole('button', { name: 'Delete vehicle' }).click();
    await expect(page.getByText('PDX-E2E-1 was deleted.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible();
    await page.getByLabel('Name contains').fill('PDX-E2E');
    await expect(page.getByText('No vehicles match these filters')).toBeVisible();
  });

  test('a name holding a right-to-left override turns no words of the delete confirmation round, and is typed without it', async ({
    page,
  }) => {
    // A save and a delete; the generous limit is for busy machines.
    test.slow();
    await openVehicle(page, 'BOI-B101', SIGN_IN);
    const details = page.getByRole('region', { name: 'Details' });
    const reversing = 'BOI-\u202EB101';
    // As the page holds it: its override closed where the name ends.
    const shown = closeDirectionControls(reversing);
    await details.getByRole('textbox', { name: 'Name', exact: true }).fill(reversing);
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(details.getByText('No unsaved changes.')).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Delete vehicle' }).click();
    const dialog = page.getByRole('dialog');
    // The name is isolated wherever the console's sentences carry it, so its override ends with it.
    await expect(dialog.getByRole('heading').locator('bdi')).toHaveText(shown);
    await expect(dialog.getByText('is removed from the fleet for good').locator('bdi')).toHaveText(
      shown,
    );
    const instruction = dialog.locator('label').filter({ hasText: 'to confirm' });
    await expect(instruction.locator('bdi')).toHaveText(shown);
    await expect(instruction).toHaveText(`Type "${shown}" to confirm`);

    const remove = dialog.getByRole('button', { name: 'Delete vehicle' });
    await expect(remove).toBeDisabled();
    // Typed as it looks: the invisible override cannot be typed, and need not be.
    await dialog.getByRole('textbox').fill('BOI-B101');
    await expect(remove).toBeEnabled();
    await remove.click();
    await expect(page.getByRole('alert').locator('bdi').filter({ hasText: 'B101' })).toHaveText(
      shown,
    );
    await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible();
  });

  test('names mixing an override with an unclosed isolate turn no words of the confirmation round either', async ({
    page,
  }) => {
    // Two saves and two dialogs; the generous limit is for busy machines.
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, demoDispatcher, { path: '/vehicles?name=PDX-T104' });
    await page
      .getByRole('table', { name: 'Vehicles' })
      .getByRole('link', { name: 'PDX-T104', exact: true })
      .click({ timeout: 60_000 });
    const details = page.getByRole('region', { name: 'Details' });
    for (const name of ['Evil \u202Eboth\u2066', 'Truck \u202Eevil\u200B 🚚\u200D\u2066x']) {
      await details.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await details.getByRole('button', { name: 'Save changes' }).click();
      await expect(details.getByText('No unsaved changes.')).toBeVisible({ timeout: 30_000 });

      await page.getByRole('button', { name: 'Delete vehicle' }).click();
      const dialog = page.getByRole('dialog');
      const instruction = dialog.locator('label').filter({ hasText: 'to confirm' });
      await expect(instruction.locator('bdi')).toHaveText(closeDirectionControls(name));
      // The console's own words stay in reading order around the name, as laid out on screen.
      const instructionBoxes = await wordBoxes(instruction, ['Type', 'to', 'confirm']);
      expect(instructionBoxes.Type!.right).toBeLessThanOrEqual(instructionBoxes.name.left);
      expect(instructionBoxes.name.right).toBeLessThanOrEqual(instructionBoxes.to!.left);
      expect(instructionBoxes.to!.right).toBeLessThanOrEqual(instructionBoxes.confirm!.left);
      const sentence = dialog.getByText('is removed from the fleet for good');
      const sentenceBoxes = await wordBoxes(sentence, ['removed', 'fleet']);
      expect(sentenceBoxes.name.right).toBeLessThanOrEqual(sentenceBoxes.removed!.left);
      expect(sentenceBoxes.removed!.right).toBeLessThanOrEqual(sentenceBoxes.fleet!.left);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('legacy ECM tabs explain what is missing, then show location and odometer once a key is set', async ({
    page,
  }) => {
    // Several pages and the lazily loaded map; the generous limit is for busy machines.
    test.slow();
    // The demo's own key is removed first, as a company without one starts.
    await startWithoutEcmKey(page);
    await openVehicle(page, 'BOI-B101', SIGN_IN);
    const ecm = page.getByRole('region', { name: 'Legacy engine data (ECM)' });
    await expect(ecm.getByRole('tab', { name: 'Last location' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(ecm.getByText('Connect the legacy ECM API first')).toBeVisible();
    await ecm.getByRole('tab', { name: 'Odometer' }).click();
    await expect(page).toHaveURL(/tab=odometer/);
    await expect(ecm.getByText('Connect the legacy ECM API first')).toBeVisible();
    await ecm.getByRole('link', { name: 'Set them in Settings' }).click();

    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const settings = page.getByRole('form', { name: 'Legacy ECM API' });
    await expect(settings.getByText('No key is saved yet.')).toBeVisible();
    await expect(settings.getByText(demoEcmApiKey)).toBeVisible();

    // A wrong key is refused in words that point at the key and deployment.
    await settings.getByRole('textbox', { name: 'API key', exact: true }).fill('not-the-key');
    await settings.getByRole('button', { name: 'Test connection' }).click();
    await expect(settings.getByRole('alert', { name: 'The connection failed' })).toContainText(
      'The legacy API refused the key',
    );

    await settings.getByRole('textbox', { name: 'API key', exact: true }).fill(demoEcmApiKey);
    await expect(settings.getByRole('textbox', { name: 'API key', exact: true })).toHaveAttribute(
      'type',
      'password',
    );
    await settings.getByRole('button', { name: 'Show the API key' }).click();
    await expect(settings.getByRole('textbox', { name: 'API key', exact: true })).toHaveAttribute(
      'type',
      'text',
    );
    await settings.getByLabel('Deployment').click();
    await page.getByRole('option', { name: 'LV · prod6' }).click();
    await settings.getByRole('button', { name: 'Test connection' }).click();
    await expect(settings.getByText('Connection works')).toBeVisible();
    await expect(settings.getByText('200 vehicles for this key')).toBeVisible();
    await expect(settings.getByText('A key is saved for LV · prod6.')).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'BOI-B101', level: 1 })).toBeVisible();
    await expect(ecm.getByText(/^\d[\d,]* (km|mi)$/)).toBeVisible();
    await expect(ecm.getByText(/Legacy vehicle \d+, matched by VIN/)).toBeVisible();
    await ecm.getByRole('tab', { name: 'Last location' }).click();
    await expect(
      ecm.getByRole('figure', { name: /Map of BOI-B101's last position/ }),
    ).toBeVisible();
    await expect(ecm.locator('.leaflet-container')).toBeVisible();
    await expectNoSeriousViolations(page, 'the vehicle page', PAGE_CONTENT);
    await ecm.getByRole('tab', { name: 'ECM data' }).click();
    await expect(ecm.getByRole('table', { name: 'Legacy vehicle record' })).toContainText(
      'VIN (entered)',
    );

    // A vehicle whose camera sent no engine data: the odometer's 204, in words.
    await page.getByRole('link', { name: 'Vehicles', exact: true }).click();
    await page.getByLabel('Name contains').fill('SEA-B102');
    await page.getByRole('link', { name: 'SEA-B102', exact: true }).click();
    await ecm.getByRole('tab', { name: 'Odometer' }).click();
    await expect(ecm.getByText('No engine data for this vehicle yet')).toBeVisible();
  });
});

/**
 * Where the first line of `container` shows its user text (the `<bdi>`, as `name`) and each of
 * `words` of the console's own text around it: the boxes as laid out, so a sentence turned round
 * by a direction control shows as words out of reading order.
 */
async function wordBoxes(
  container: Locator,
  words: string[],
): Promise<
  Record<string, { left: number; right: number }> & { name: { left: number; right: number } }
> {
  return container.evaluate((element, words) => {
    const boxes: Record<string, { left: number; right: number }> = {};
    const bdi = element.querySelector('bdi')!.getBoundingClientRect();
    boxes.name = { left: bdi.left, right: bdi.right };
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('bdi')) continue;
      const text = node.textContent ?? '';
      for (const word of words) {
        const at = new RegExp(`\\b${word}\\b`).exec(text)?.index;
        if (at === undefined || boxes[word]) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const box = range.getBoundingClientRect();
        boxes[word] = { left: box.left, right: box.right };
      }
    }
    return boxes;
  }, words) as Promise<
    Record<string, { left: number; right: number }> & { name: { left: number; right: number } }
  >;
}
