import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-checks';
import { demoDispatcher, demoManager, expect, signIn, test } from './fixtures';

const ROOT = 'Cascade Freight Root';
const HEADER =
  'Group Name,Description,Subgroups,Lytx Account Parent Group,' +
  Array.from(
    { length: 12 },
    (_, index) => `Sub-Group (${index + 2}${['nd', 'rd'][index] ?? 'th'} Hierarchy)`,
  ).join(',');

const groupTree = (page: Page) => page.getByRole('tree', { name: 'Groups', exact: true });
const groupChoices = (page: Page) => page.getByRole('tree', { name: 'Group choices' });
const treeItem = (page: Page, name: string) =>
  groupTree(page).getByRole('treeitem', { name, exact: true });
const details = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openGroups(page: Page) {
  await signIn(page, demoManager, { path: '/groups' });
  // The first view after signing in loads the page code and the whole group list.
  await expect(treeItem(page, ROOT)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
}

/** Finds a group with the search box, selects it, and clears the search (its place stays open). */
async function selectGroup(page: Page, name: string) {
  const search = page.getByLabel('Search groups');
  await search.fill(name);
  await treeItem(page, name).click();
  await expect(details(page, name)).toBeVisible();
  await search.fill('');
}

/** Picks a group in a group picker by typing part of its name. */
async function pickGroup(page: Page, pickerLabel: string, name: string) {
  await page.getByLabel(pickerLabel).fill(name);
  await groupChoices(page).getByRole('treeitem', { name, exact: true }).click();
}

test.describe('groups', () => {
  test('creates a subgroup, renames it, moves it by drag and drop and by the dialog, and finds it in the audit log', async ({
    page,
  }) => {
    // Six saves, each now checked against the service's copy first, then the audit log.
    test.slow();
    await openGroups(page);
    await selectGroup(page, 'Portland Depot');

    await details(page, 'Portland Depot').getByRole('button', { name: 'New subgroup' }).click();
    const create = page.getByRole('dialog', { name: 'New subgroup' });
    await create.getByRole('button', { name: 'Create group' }).click();
    await expect(create.getByText('Enter a name.')).toBeVisible();
    await create.getByLabel('Name').fill('Long Haul');
    await create.getByRole('button', { name: 'Create group' }).click();
    await expect(
      create.getByText('“Portland Depot” already has a subgroup called “Long Haul”.'),
    ).toBeVisible();
    await create.getByLabel('Name').fill('Night Crew');
    await create.getByLabel('Description').fill('Overnight yard moves');
    await create.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByText('“Night Crew” was created under “Portland Depot”.')).toBeVisible();
    await expect(treeItem(page, 'Night Crew')).toHaveAttribute('aria-selected', 'true');
    await expect(
      details(page, 'Night Crew').getByRole('table', { name: 'Group details' }),
    ).toContainText('Overnight yard moves');

    // Rename.
    const edit = page.getByRole('form', { name: 'Name and description' });
    await edit.getByLabel('Name').fill('Night Crew East');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('“Night Crew East” was saved.')).toBeVisible();
    await expect(treeItem(page, 'Night Crew East')).toBeVisible();

    // Move by drag and drop onto a sibling depot, confirming the drop.
    await treeItem(page, 'Night Crew East').dragTo(treeItem(page, 'Seattle Depot'));
    const confirmMove = page.getByRole('dialog', { name: 'Move group' });
    await expect(confirmMove).toContainText('Northwest Region › Seattle Depot');
    await confirmMove.getByRole('button', { name: 'Move group' }).click();
    await expect(
      page.getByText('“Night Crew East” was moved under “Seattle Depot”.'),
    ).toBeVisible();
    await expect(details(page, 'Night Crew East')).toContainText(
      `${ROOT} › Northwest Region › Seattle Depot › Night Crew East`,
    );

    // Move with the dialog and its group picker; its own subtree and current parent are refused.
    await details(page, 'Night Crew East').getByRole('button', { name: 'Move…' }).click();
    const move = page.getByRole('dialog', { name: 'Move “Night Crew East”' });
    await move.getByRole('button', { name: 'Move group' }).click();
    await expect(move.getByText('Choose the new parent group.')).toBeVisible();
    await move.getByLabel('New parent group').fill('Seattle');
    await expect(
      groupChoices(page).getByRole('treeitem', { name: 'Seattle Depot', exact: true }),
    ).toHaveAttribute('aria-disabled', 'true');
    await pickGroup(page, 'New parent group', 'Tacoma Depot');
    await expect(move.getByLabel('New parent group')).toHaveValue(
      'Northwest Region › Tacoma Depot',
    );
    await move.getByRole('button', { name: 'Move group' }).click();
    await expect(
      page.getByText(
        /“Night Crew East” was moved\. It is now at .* › Tacoma Depot › Night Crew East\./,
      ),
    ).toBeVisible();
    await expect(details(page, 'Night Crew East')).toContainText('Tacoma Depot › Night Crew East');

    // The audit log has every step, newest first, and links back to the group.
    await page.getByRole('link', { name: 'Audit log' }).click();
    const log = page.getByRole('table', { name: 'Group audit log' });
    await expect(
      log.getByRole('row').filter({ hasText: 'Night Crew East' }).filter({ hasText: 'Moved' }),
    ).toHaveCount(2);
    await expect(
      log.getByRole('row').filter({ hasText: 'Updated' }).filter({ hasText: 'Night Crew East' }),
    ).toHaveCount(1);
    await expect(
      log.getByRole('row').filter({ hasText: 'Created' }).filter({ hasText: 'Night Crew' }),
    ).toHaveCount(1);
    await expect(log).toContainText('maria.lopez');

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Moved' }).click();
    await expect(page).toHaveURL(/action=MOVE/);
    await expect(log.getByRole('row').filter({ hasText: 'Created' })).toHaveCount(0);
    await log.getByRole('link', { name: 'Night Crew East' }).first().click();
    await expect(page).toHaveURL(/\/groups\?groupId=/);
    await expect(details(page, 'Night Crew East')).toBeVisible();
  });

  test('audit log filters: the seven-day limit is explained, and the group picker works from the keyboard', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/groups/audit?from=2025-01-01&to=2025-01-12' });
    await expect(page.getByRole('alert')).toContainText(
      'The service returns at most 7 days at a time, and this range has 12.',
    );
    await expect(page.getByRole('table', { name: 'Group audit log' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(page.getByRole('table', { name: 'Group audit log' })).toBeVisible();

    const picker = page.getByRole('combobox', { name: 'Group', exact: true });
    await picker.focus();
    await page.keyboard.press('ArrowDown'); // opens the tree
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown'); // the root
    await page.keyboard.press('ArrowRight'); // into its first region
    await page.keyboard.press('Enter');
    await expect(picker).toHaveValue('California Region');
    await expect(page).toHaveURL(/groupId=/);
  });

  test('refuses to delete a group that still holds vehicles, deletes an empty one, and protects the root', async ({
    page,
  }) => {
    await openGroups(page);
    await selectGroup(page, 'Portland Depot');

    // Into Portland's Long Haul team with the keyboard.
    await groupTree(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect(treeItem(page, 'Portland Depot')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const longHaul = details(page, 'Long Haul');
    await expect(longHaul).toContainText('Northwest Region › Portland Depot › Long Haul');

    await longHaul.getByRole('button', { name: 'Delete…' }).click();
    const refusal = longHaul
      .getByRole('alert')
      .filter({ hasText: '“Long Haul” cannot be deleted yet' });
    await expect(refusal).toBeVisible();
    const held = refusal.getByRole('list', { name: 'What the group still holds' });
    await expect(held).toContainText(/\d+ vehicles?: PDX-/);
    await expect(held.getByRole('link', { name: 'Open them in Vehicles' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // An empty group can go, once its name is typed.
    await selectGroup(page, 'Portland Depot');
    await details(page, 'Portland Depot').getByRole('button', { name: 'New subgroup' }).click();
    const create = page.getByRole('dialog', { name: 'New subgroup' });
    await create.getByLabel('Name').fill('Temporary Team');
    await create.getByRole('button', { name: 'Create group' }).click();
    const temporary = details(page, 'Temporary Team');
    await temporary.getByRole('button', { name: 'Delete…' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete “Temporary Team”' });
    await expect(confirmDelete).toContainText(
      'holds no subgroups, users, vehicles or camera devices',
    );
    await confirmDelete.getByLabel('Type "Temporary Team" to confirm').fill('Temporary');
    await expect(confirmDelete.getByRole('button', { name: 'Delete group' })).toBeDisabled();
    await confirmDelete.getByLabel('Type "Temporary Team" to confirm').fill('Temporary Team');
    await confirmDelete.getByRole('button', { name: 'Delete group' }).click();
    await expect(page.getByText('“Temporary Team” was deleted.')).toBeVisible();
    await expect(treeItem(page, 'Temporary Team')).toHaveCount(0);
    await expect(details(page, 'Portland Depot')).toBeVisible();

    // The root is mandatory.
    await treeItem(page, ROOT).click();
    const root = details(page, ROOT);
    await expect(root).toContainText('The root group is mandatory');
    await expect(root.getByRole('button', { name: 'Delete…' })).toBeDisabled();
    await expect(root.getByRole('button', { name: 'Move…' })).toBeDisabled();
  });

  test('bulk import names the bad row and sends nothing until the file is fixed', async ({
    page,
  }) => {
    const importRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/groups/bulkImport')) {
        importRequests.push(request.url());
      }
    });
    await openGroups(page);
    await page.getByRole('button', { name: 'Import from CSV…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import groups from CSV' });

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download template' }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('group-import-template.csv');
    const templateText = await readFile(await template.path(), 'utf8');
    // The one CSV writer starts every file with a byte order mark, so Excel reads accents right.
    expect(templateText.split('\r\n')[0]).toBe(`\uFEFF${HEADER}`);
    expect(templateText.split('\r\n')[1]!.split(',')).toHaveLength(16);

    const chooseFile = async (content: string) => {
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: /^Choose (CSV|another) file…$/ }).click();
      await (
        await chooser
      ).setFiles({
        name: 'groups.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(content),
      });
    };
    const path = `${ROOT},Northwest Region,Portland Depot`;
    await chooseFile(
      [
        HEADER,
        `Dockside,Loading dock crews,Morning;Evening,${path}`,
        `Yard Team,,,${ROOT},Northwest Region,Boston Depot`,
      ].join('\r\n'),
    );
    const problems = dialog.getByRole('table', { name: 'Problems in the file' });
    await expect(problems).toContainText('Row 3');
    await expect(problems).toContainText('There is no group "Boston Depot" under');
    const importButton = dialog.getByRole('button', { name: /^Import \d+ groups?$/ });
    await expect(importButton).toBeDisabled();
    await expect(dialog).toContainText('Nothing has been sent.');
    expect(importRequests).toHaveLength(0);

    await chooseFile(
      [
        HEADER,
        `Dockside,Loading dock crews,Morning;Evening,${path}`,
        `Yard Team,,,${ROOT},Northwest Region,Seattle Depot`,
      ].join('\r\n'),
    );
    await expect(problems).toHaveCount(0);
    await expect(dialog.getByText('New · row 3')).toBeVisible();
    expect(importRequests).toHaveLength(0);
    await dialog.getByRole('button', { name: 'Import 4 groups' }).click();
    const results = dialog.getByRole('table', { name: 'Import results' });
    await expect(results.getByRole('row').filter({ hasText: 'Imported' })).toHaveCount(4);
    expect(importRequests).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByLabel('Search groups').fill('Dockside');
    await expect(treeItem(page, 'Dockside')).toBeVisible();
  });

  test('the import template escapes a formula-like group name and imports back unchanged', async ({
    page,
  }) => {
    const formula = '=HYPERLINK("https://evil.example","Open")';
    await openGroups(page);
    await treeItem(page, ROOT).click();
    await details(page, ROOT).getByRole('button', { name: 'New subgroup' }).click();
    const create = page.getByRole('dialog', { name: 'New subgroup' });
    // The name field takes focus once the dialog is ready for typing.
    await expect(create.getByLabel('Name')).toBeFocused();
    await create.getByLabel('Name').fill(formula);
    await expect(create.getByLabel('Name')).toHaveValue(formula);
    await create.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByText(`“${formula}” was created under “${ROOT}”.`)).toBeVisible();

    await page.getByRole('button', { name: 'Import from CSV…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import groups from CSV' });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download template' }).click();
    const templateText = await readFile(await (await download).path(), 'utf8');
    // The example sits under the first group below the root, which sorts first.
    expect(templateText).toContain(`"'=HYPERLINK(""https://evil.example"",""Open"")"`);
    expect(templateText).not.toMatch(/(^|,)"?[=+@-]/m);

    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose CSV file…' }).click();
    await (
      await chooser
    ).setFiles({ name: 'template.csv', mimeType: 'text/csv', buffer: Buffer.from(templateText) });
    await expect(dialog.getByText(formula, { exact: true })).toBeVisible();
    // Example Team and its two shifts.
    await expect(dialog.getByText('New · row 2')).toHaveCount(3);
    await expect(dialog.getByRole('button', { name: 'Import 3 groups' })).toBeEnabled();
  });

  test('group import refuses text that is not UTF-8 and accepts a UTF-8 byte order mark', async ({
    page,
  }) => {
    await openGroups(page);
    await page.getByRole('button', { name: 'Import from CSV…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import groups from CSV' });
    const row = `Équipe Café Nord,,,${ROOT}`;
    const chooseFile = async (name: string, buffer: Buffer) => {
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: /^Choose (CSV|another) file…$/ }).click();
      await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer });
    };

    await chooseFile('latin1.csv', Buffer.from(`${HEADER}\r\n${row}\r\n`, 'latin1'));
    const refusal = dialog.getByRole('alert').filter({ hasText: 'This file cannot be imported' });
    await expect(refusal).toContainText(
      'The file is not UTF-8 text; it may be saved in an older encoding such as Windows-1252, which would garble names.',
    );
    await expect(dialog.getByText('Équipe Caf� Nord')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    await chooseFile('utf8-bom.csv', Buffer.from(`\uFEFF${HEADER}\r\n${row}\r\n`, 'utf8'));
    await expect(dialog.getByText('Checked: utf8-bom.csv')).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await expect(dialog.getByText('Équipe Café Nord', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import 1 group' })).toBeEnabled();
  });

  test('bulk moves groups under one new parent and reports each one', async ({ page }) => {
    await openGroups(page);
    await selectGroup(page, 'Portland Depot');
    await groupTree(page).focus();
    await page.keyboard.press('ArrowRight'); // open Portland Depot
    await page.keyboard.press('ArrowDown'); // Local Delivery
    await page.keyboard.press('ArrowRight'); // open it: Day Shift, Night Shift
    await expect(treeItem(page, 'Day Shift')).toBeVisible();

    await page.getByRole('switch', { name: 'Select several groups to move' }).check();
    await page.getByRole('checkbox', { name: 'Select Day Shift' }).check();
    await page.getByRole('checkbox', { name: 'Select Night Shift' }).check();
    // Seattle Depot has a Long Haul team already, so this one is refused.
    await page.getByRole('checkbox', { name: 'Select Long Haul' }).check();
    await expect(treeItem(page, 'Day Shift')).toHaveAttribute('aria-selected', 'true');

    const panel = page.getByRole('region', { name: 'Move several groups' });
    await expect(panel).toContainText('3 groups selected');
    await pickGroup(page, 'New parent group', 'Seattle Depot');
    await panel.getByRole('button', { name: 'Move 3 groups' }).click();

    const results = panel.getByRole('table', { name: 'Last move' });
    await expect(results.getByRole('row').filter({ hasText: 'Day Shift' })).toContainText('Moved');
    await expect(results.getByRole('row').filter({ hasText: 'Night Shift' })).toContainText(
      'Moved',
    );
    await expect(results.getByRole('row').filter({ hasText: 'Long Haul' })).toContainText(
      'Not moved',
    );
    await expect(results.getByRole('row').filter({ hasText: 'Long Haul' })).toContainText(
      'Group already exists with same Name and ParentId.',
    );
    await expect(page.getByText('2 of 3 groups moved.')).toBeVisible();
  });

  test('stays virtualised with 5,000 groups and has no serious accessibility problems', async ({
    page,
  }) => {
    // Seeding a company 100 times larger takes the demo service a while before sign-in shows.
    test.setTimeout(120_000);
    await page.goto('/groups?demoLatency=0&demoScale=100');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 60_000 });
    await page.getByLabel('Username').fill(demoManager.username);
    await page.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(treeItem(page, ROOT)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^\d,\d{3} groups$/)).toBeVisible();
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect(treeItem(page, 'California Region')).toHaveAttribute('aria-expanded', 'true');
    // Thousands of rows are open, but only those in view are in the page.
    expect(await groupTree(page).getByRole('treeitem').count()).toBeLessThan(80);

    await page.getByLabel('Search groups').fill('Route POR-N101');
    await expect(groupTree(page).getByRole('treeitem', { name: 'Route POR-N101' })).toHaveCount(3);

    // Colour contrast is left out: Mantine's dimmed grey and filled blue miss 4.5:1 app-wide,
    // a theme matter rather than this page's.
    await expectNoSeriousViolations(page, 'a search in 5,000 groups', {
      within: 'main',
      rules: 'all',
      except: ['color-contrast'],
    });
  });

  test('a user without the Group Manager role is told why, never shown an error', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, { path: '/groups' });
    await expect(
      page.getByText('Managing groups needs the Group Manager role.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('tree')).toHaveCount(0);
    await expect(page.getByText(/could not be shown|403|forbidden/i)).toHaveCount(0);

    await page.goto('/groups/audit');
    await expect(
      page.getByText('Managing groups needs the Group Manager role.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(/could not be shown|403|forbidden/i)).toHaveCount(0);
  });
});
