import type { Download, Page } from '@playwright/test';
import {
  cellsInColumn,
  demoDispatcher,
  demoManager,
  expect,
  injectFaults,
  overviewReadsDone,
  signIn,
  test,
} from './fixtures';

/** "1–N of N": the filter left fewer vehicles than a page holds. */
const ONE_FILTERED_PAGE = /^1–(\d+) of \1$/;

async function readDownload(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The headers of the list's columns; the row selection column's header has no text. */
function columnHeaders(page: Page, table: string) {
  return page.getByRole('table', { name: table }).locator('thead th').filter({ hasText: /\S/ });
}

test.describe('lists', () => {
  test('a list keeps its page and page size in the address across a reload', async ({ page }) => {
    await signIn(page, demoManager, { path: '/vehicles' });
    await expect(page.getByText('1–25 of 200')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('26–50 of 200')).toBeVisible();

    await page.reload();
    await expect(page.getByText('26–50 of 200')).toBeVisible();
    await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('a failed list says so and Try again loads it, on two pages', async ({ page }) => {
    await signIn(page, demoManager);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await overviewReadsDone(page);
    // Four failures outlast the client's own retries of a read.
    await injectFaults(page, [
      { method: 'GET', pathPattern: '/v0/vehicles/all$', status: 503, times: 4 },
      { method: 'GET', pathPattern: '/v1/users$', status: 503, times: 4 },
    ]);

    await page.goto('/vehicles');
    const vehiclesAlert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(vehiclesAlert).toContainText('The vehicles could not be loaded', {
      timeout: 30_000,
    });
    await vehiclesAlert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('1–25 of 200')).toBeVisible();
    await expect(vehiclesAlert).toHaveCount(0);

    // By address, as for the vehicles: a pointer over the Users link would start the read early,
    // and the faults could be spent before the page asks.
    await page.goto('/users');
    const usersAlert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(usersAlert).toContainText('The users could not be loaded', { timeout: 30_000 });
    await usersAlert.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('table', { name: 'Users' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(usersAlert).toHaveCount(0);
  });

  test('columns chosen and a named view come back after a reload, and a link shares them', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, demoManager, { path: '/vehicles' });
    await expect(page.getByText('1–25 of 200')).toBeVisible({ timeout: 30_000 });
    const headers = columnHeaders(page, 'Vehicles');
    await expect(headers.filter({ hasText: 'Status' })).toHaveCount(1);

    // Hide Status, and put Plate first.
    await page.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('dialog', { name: 'Columns' });
    await columns.getByRole('checkbox', { name: 'Status' }).uncheck();
    for (let step = 0; step < 5; step += 1) {
      await columns.getByRole('button', { name: 'Move Plate earlier' }).click();
    }
    await page.keyboard.press('Escape');
    await expect(headers.filter({ hasText: 'Status' })).toHaveCount(0);
    await expect(headers.first()).toHaveText('Plate');

    await page.getByLabel('Name contains').fill('PDX-T1');
    await expect(page.getByText(ONE_FILTERED_PAGE)).toBeVisible();
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    await page.getByLabel('View name').fill('Portland tractors');
    await page.getByRole('button', { name: 'Save view' }).click();
    await expect(page.getByText('View “Portland tractors” saved')).toBeVisible();

    // The column choice stays over a reload.
    await page.goto('/vehicles');
    await expect(page.getByText('1–25 of 200')).toBeVisible();
    await expect(headers.first()).toHaveText('Plate');
    await expect(headers.filter({ hasText: 'Status' })).toHaveCount(0);
    // Columns back to the list's own; the view brings its columns and filter back.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Reset columns' }).click();
    await page.keyboard.press('Escape');
    await expect(headers.first()).toHaveText('Name');
    await expect(headers.filter({ hasText: 'Status' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Portland tractors', exact: true }).click();
    await expect(page.getByLabel('Name contains')).toHaveValue('PDX-T1');
    await expect(page.getByText(ONE_FILTERED_PAGE)).toBeVisible();
    await expect(headers.first()).toHaveText('Plate');
    await expect(headers.filter({ hasText: 'Status' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Copy link to this view' }).click();
    await expect(page.getByText('Link to this view copied')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('name=PDX-T1');

    // Someone else's browser: no stored columns, the link's columns and filter apply.
    const other = await context.browser()!.newContext({ baseURL: new URL(link).origin });
    const otherPage = await other.newPage();
    await signIn(otherPage, demoManager, { path: new URL(link).pathname + new URL(link).search });
    const otherHeaders = columnHeaders(otherPage, 'Vehicles');
    await expect(otherPage.getByText(ONE_FILTERED_PAGE)).toBeVisible({ timeout: 30_000 });
    await expect(otherHeaders.first()).toHaveText('Plate');
    await expect(otherHeaders.filter({ hasText: 'Status' })).toHaveCount(0);
    await expect(otherPage).not.toHaveURL(/columns=/);
    await other.close();
  });

  test('exports the filtered list as CSV and Excel', async ({ page }) => {
    await signIn(page, demoManager, { path: '/vehicles?name=PDX-T1' });
    const paging = page.getByText(ONE_FILTERED_PAGE);
    await expect(paging).toBeVisible({ timeout: 30_000 });
    const shown = Number((await paging.textContent())!.split(' of ')[1]);

    await page.getByRole('button', { name: 'Export' }).click();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^vehicles-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const text = await readDownload(csv);
    // The byte order mark makes Excel read the file as UTF-8.
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Name,Group,Status,Type,Camera,Plate,VIN,Last connected');
    expect(lines).toHaveLength(shown + 1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^PDX-T1/);
    await expect(page.getByText(`Exported ${shown} vehicles matching the filters`)).toBeVisible();

    await page.getByRole('button', { name: 'Export' }).click();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    expect((await xlsxDownload).suggestedFilename()).toMatch(/^vehicles-.*\.xlsx$/);
  });

  test('a long export shows its progress and stops when cancelled', async ({ page }) => {
    // A large fleet on a slow line.
    await signIn(page, demoManager, {
      path: '/vehicles',
      demoParams: 'demoScale=100&demoLatency=400',
    });
    await expect(page.getByText(/^1–25 of \d{2},?\d{3}$/)).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const exporting = page.getByRole('dialog', { name: 'Exporting vehicles' });
    await expect(exporting.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
    await expect(exporting.getByText(/^[\d,]+ of \d{2},\d{3} rows$/)).toBeVisible();
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await exporting.getByRole('button', { name: 'Cancel' }).click();
    await expect(exporting).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
    expect(downloaded).toBe(false);
  });

  test('a bulk change shows what it sends, reports each vehicle, retries the failed one and is undone', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/vehicles?name=PDX-T10' });
    const table = page.getByRole('table', { name: 'Vehicles' });
    await expect(page.getByText(ONE_FILTERED_PAGE)).toBeVisible({ timeout: 30_000 });
    const rows = table.locator('tbody tr');
    const names = (await (await cellsInColumn(table, 'Name')).allTextContents()).slice(0, 3);
    const statusCells = await cellsInColumn(table, 'Status');
    const statusesBefore = await statusCells.allTextContents();

    // One row, then Shift+click for the range up to the third.
    await rows
      .nth(0)
      .getByRole('checkbox', { name: /^Select PDX-T10/ })
      .check();
    await rows
      .nth(2)
      .getByRole('checkbox', { name: /^Select PDX-T10/ })
      .click({ modifiers: ['Shift'] });
    await expect(page.getByText('3 selected')).toBeVisible();

    await page.getByRole('button', { name: 'Bulk actions (3)' }).click();
    await page.getByRole('menuitem', { name: 'Set status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set status' });
    await dialog.getByRole('combobox', { name: 'New status' }).click();
    await page.getByRole('option', { name: 'Out of service' }).click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const changes = dialog.getByRole('list', { name: 'Changes to send' });
    // Each vehicle with its group: names are unique only within one (Fresno has a PDX-T101 too).
    for (const name of names) await expect(changes).toContainText(`${name} (`);
    await expect(changes.getByRole('listitem')).toHaveText(
      Array.from({ length: 3 }, () => /^PDX-T10\d \(.+ Depot.*\): Status /),
    );

    // The service refuses the first change once.
    await injectFaults(page, [
      { method: 'PATCH', pathPattern: '/v0/vehicles/[^/]+$', status: 500, times: 1 },
    ]);
    await dialog.getByRole('button', { name: 'Send 3 changes' }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 done, 1 failed, 0 cancelled.');
    await dialog.getByRole('button', { name: 'Retry failed (1)' }).click();
    await expect(dialog.getByRole('status')).toHaveText('3 done, 0 failed, 0 cancelled.');
    // The list behind the dialog already shows the new statuses.
    for (let index = 0; index < 3; index += 1) {
      await expect(statusCells.nth(index)).toHaveText('Out of service');
    }

    // Undo from the report puts every status back.
    await dialog.getByRole('button', { name: 'Undo all done (3)' }).click();
    await expect(dialog.getByRole('status')).toHaveText('3 done, 0 failed, 0 cancelled.');
    await expect(dialog.getByRole('table', { name: 'Undo report' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('3 selected')).toBeHidden();
    for (let index = 0; index < 3; index += 1) {
      await expect(statusCells.nth(index)).toHaveText(statusesBefore[index]!);
    }

    // The report stays reachable from the bulk menu after Close, on another page and back.
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.goBack();
    await page.getByRole('button', { name: 'Bulk actions (0)' }).click();
    await page.getByRole('menuitem', { name: /^Report: Set status · 3 items/ }).click();
    await expect(dialog.getByRole('table', { name: 'Undo report' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Dismiss report' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Bulk actions (0)' })).toBeDisabled();
  });

  test('a hand-edited address keeps only the filters and paging that exist, and the filters say so', async ({
    page,
  }) => {
    await signIn(page, demoManager, {
      path: '/users?roleId=xyz&status=Bogus&page=99&pageSize=5',
    });
    const table = page.getByRole('table', { name: 'Users' });
    // The last page there is, at the default 25 a page, in place of page 99 and 5 a page.
    const lastPage = page.getByText(/^(\d+)–(\d+) of \2$/);
    await expect(lastPage).toBeVisible({ timeout: 30_000 });
    await expect(table.locator('tbody tr').first().getByRole('link').first()).toBeVisible();
    const [first, total] = (await lastPage.textContent())!.split(/–| of /).map(Number);
    expect(first).toBe(Math.floor((total! - 1) / 25) * 25 + 1);
    await expect(page).not.toHaveURL(/page=99|pageSize=|roleId=|status=/);
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    await expect(page.getByText(/whole number/)).toHaveCount(0);
  });

  test('an address holding values no filter offers sends none of them, and leaves them', async ({
    page,
  }) => {
    // Four pages loaded by address; the generous limit is for busy machines.
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    const listReads: string[] = [];
    page.on('request', (request) => {
      if (/\/v1\/(users|devices)\?|\/v0\/vehicles\/all/.test(request.url()))
        listReads.push(decodeURIComponent(request.url()));
    });

    // 1e3 is no role, and not-a-guid no group: neither is read as something else, nor sent.
    await signIn(page, demoDispatcher, { path: '/users?roleId=1e3&groupId=not-a-guid' });
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.locator('tbody tr').first().getByRole('link')).toBeVisible({
      timeout: 60_000,
    });
    await expect(page).not.toHaveURL(/roleId=|groupId=/);
    expect(listReads.filter((url) => /roleId|groupId/.test(url))).toEqual([]);
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('');

    // A role the service does not list leaves the address once the roles have loaded.
    await page.goto('/users?roleId=1000');
    await expect(page).not.toHaveURL(/roleId=/);
    await expect(users.locator('tbody tr').first().getByRole('link')).toBeVisible();

    for (const status of ['Bogus', '<script>']) {
      listReads.length = 0;
      await page.goto(`/devices?status=${encodeURIComponent(status)}`);
      await expect(
        page.getByRole('table', { name: 'Devices' }).locator('tbody tr').first(),
      ).toBeVisible();
      await expect(page).not.toHaveURL(/status=/);
      await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
      expect(listReads.filter((url) => url.includes('status='))).toEqual([]);
    }

    // A vehicle status and type no filter offers: the list is not emptied by filters reading "Any".
    await page.goto('/vehicles?status=99&type=77');
    await expect(page).not.toHaveURL(/status=|type=/);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('');
    await expect(page.getByText('1–25 of 200')).toBeVisible();
    await expect(page.getByText('No vehicles match these filters')).toHaveCount(0);
  });

  test("a shared link's columns open on any list with views, and leave the address", async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/users?status=Active&columns=status%2Cname' });
    const headers = columnHeaders(page, 'Users');
    await expect(headers.first()).toHaveText('Status', { timeout: 30_000 });
    await expect(headers).toHaveCount(2);
    await expect(page).not.toHaveURL(/columns=/);
    await expect(page).toHaveURL(/status=Active/);
  });

  test('exports the filtered users as CSV, one line per user the filter matches', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/users?status=Active' });
    const paging = page.getByText(/^1–\d+ of \d+$/);
    await expect(paging).toBeVisible({ timeout: 30_000 });
    const total = Number((await paging.textContent())!.split(' of ')[1]);

    await page.getByRole('button', { name: 'Export' }).click();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const lines = (await readDownload(csv)).slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Name,Username,Employee ID,Email,Status,Roles');
    expect(lines).toHaveLength(total + 1);
    for (const line of lines.slice(1)) expect(line).toContain(',Active,');
    await expect(page.getByText(`Exported ${total} users matching the filters`)).toBeVisible();
  });

  test('adds a role in a group to a Shift range of users, reports each, and undoes it', async ({
    page,
  }) => {
    // Staff of the demo company (employee IDs CF1001 to CF1009): none holds Read Only in a depot.
    await signIn(page, demoManager, { path: '/users?q=CF100' });
    await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible({ timeout: 30_000 });
    const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
    const names = (await rows.getByRole('link').allTextContents()).slice(0, 2);

    await rows
      .nth(0)
      .getByRole('checkbox', { name: /^Select / })
      .check();
    await rows
      .nth(1)
      .getByRole('checkbox', { name: /^Select / })
      .click({ modifiers: ['Shift'] });
    await expect(page.getByText('2 selected')).toBeVisible();

    await page.getByRole('button', { name: 'Bulk actions (2)' }).click();
    await page.getByRole('menuitem', { name: 'Add a role in a group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a role in a group' });
    const group = dialog.getByRole('combobox', { name: 'Group', exact: true });
    await group.click();
    await group.fill('Portland Depot');
    await page.getByRole('treeitem', { name: 'Portland Depot', exact: true }).first().click();
    await dialog.getByRole('combobox', { name: 'Role', exact: true }).click();
    await page.getByRole('option', { name: 'Read Only', exact: true }).click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const changes = dialog.getByRole('list', { name: 'Changes to send' });
    for (const name of names) await expect(changes).toContainText(name);
    await expect(changes).toContainText('Add Read Only in');

    await dialog.getByRole('button', { name: 'Send 2 changes' }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 done, 0 failed, 0 cancelled.');
    const report = dialog.getByRole('table', { name: 'Bulk report' });
    for (const name of names) await expect(report).toContainText(name);
    await expect(report.getByText(/^Added Read Only in .*Portland Depot$/)).toHaveCount(2);

    await dialog.getByRole('button', { name: 'Undo all done (2)' }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 done, 0 failed, 0 cancelled.');
    const undoReport = dialog.getByRole('table', { name: 'Undo report' });
    await expect(undoReport.getByText(/^Took away Read Only in .*Portland Depot$/)).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('2 selected')).toBeHidden();
  });

  test('finds vehicles by the start of a plate, which the service cannot, and keeps it on reload', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/vehicles' });
    await expect(page.getByText('1–25 of 200')).toBeVisible({ timeout: 30_000 });
    const table = page.getByRole('table', { name: 'Vehicles' });

    // Demo vehicle PDX-T101 carries Oregon plate "942 ETJ".
    await page.getByLabel('VIN or plate').fill('942 E');
    await expect(page).toHaveURL(/vinOrPlate=942/);
    await expect(table.getByRole('link', { name: 'PDX-T101', exact: true })).toBeVisible();
    await expect(page.getByText(ONE_FILTERED_PAGE)).toBeVisible();
    const searched = page.getByRole('status').filter({ hasText: /^Searched 200 vehicles indexed/ });
    await expect(searched).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('VIN or plate')).toHaveValue('942 E');
    await expect(table.getByRole('link', { name: 'PDX-T101', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(searched).toBeVisible();

    // Its export holds the matches.
    const shown = Number((await page.getByText(ONE_FILTERED_PAGE).textContent())!.split(' of ')[1]);
    await page.getByRole('button', { name: 'Export' }).click();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const lines = (await readDownload(await csvDownload)).slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(shown + 1);
    expect(lines.slice(1).some((line) => line.startsWith('PDX-T101,'))).toBe(true);

    // Cleared, the service's list comes back.
    await page.getByLabel('VIN or plate').fill('');
    await expect(page).not.toHaveURL(/vinOrPlate=/);
    await expect(page.getByText('1–25 of 200')).toBeVisible();
    await expect(searched).toBeHidden();
  });

  test('finds devices by the start of a serial, which the service cannot', async ({ page }) => {
    await signIn(page, demoManager, { path: '/devices' });
    const table = page.getByRole('table', { name: 'Devices' });
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    const serialCells = await cellsInColumn(table, 'Serial number');
    await expect(serialCells.first()).toHaveText(/^[A-Z]{2}\d{6,}$/);
    const serial = (await serialCells.first().textContent())!;
    const prefix = serial.slice(0, -2);

    await page.getByLabel('Serial number').fill(prefix);
    await expect(page).toHaveURL(new RegExp(`serial=${prefix}`));
    await expect(
      page.getByRole('status').filter({ hasText: /^Searched \d+ devices indexed/ }),
    ).toBeVisible();
    await expect(table.getByRole('link', { name: serial, exact: true })).toBeVisible();
    await expect
      .poll(async () => (await serialCells.allTextContents()).every((s) => s.startsWith(prefix)))
      .toBe(true);

    await page.reload();
    await expect(page.getByLabel('Serial number')).toHaveValue(prefix);
    await expect(table.getByRole('link', { name: serial, exact: true })).toBeVisible({
      timeout: 30_000,
    });
  });

  test('on a phone the filters fold behind a button and the list fits the screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, demoManager, { path: '/vehicles' });
    await expect(page.getByText('1–25 of 200')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Name contains')).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Name contains').fill('PDX-T1');
    await expect(page.getByText(ONE_FILTERED_PAGE)).toBeVisible();
    await page.getByRole('button', { name: 'Hide filters' }).click();
    await expect(page.getByRole('button', { name: 'Filters (on)' })).toBeVisible();
    // The phone shows the chosen columns only, and nothing scrolls sideways.
    await expect(columnHeaders(page, 'Vehicles').filter({ hasText: 'VIN' })).toHaveCount(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // A list with row selection and its toolbar, and a searched list with its status line.
    await page.goto('/users');
    await expect(
      page.getByRole('table', { name: 'Users' }).getByRole('link').first(),
    ).toBeVisible();
    await page.getByRole('table', { name: 'Users' }).getByRole('checkbox').nth(1).check();
    await expect(page.getByText('1 selected')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.goto('/devices?serial=SF');
    await expect(page.getByRole('status').filter({ hasText: /^Searched/ })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}
