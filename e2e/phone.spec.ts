import type { Locator, Page } from '@playwright/test';
import { cutTexts, demoDispatcher, demoManager, expect, signIn, test } from './fixtures';

// A common phone screen: every journey here must work without sideways scrolling.
test.use({ viewport: { width: 390, height: 844 } });

test.describe('on a phone', () => {
  test('the geofence map takes the width; the list and a geofence open over it', async ({
    page,
  }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, demoManager, { path: '/geofences' });
    const map = page.getByRole('region', { name: 'Geofence map' });
    await expect(map).toBeVisible({ timeout: 60_000 });
    const box = await map.boundingBox();
    expect(box?.width).toBeGreaterThan(340);

    // The navigation hides behind the burger until asked for.
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Users' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(navigation.getByRole('link', { name: 'Users' })).toBeInViewport();
    await page.getByRole('button', { name: 'Close navigation' }).click();

    await page.getByRole('button', { name: 'Geofence list' }).click();
    const drawer = page.getByRole('dialog', { name: 'Geofences' });
    const option = drawer.getByRole('option', { name: /Boise Airport Air Cargo/ });
    await option.scrollIntoViewIfNeeded();
    await option.click();
    await expect(drawer).toBeHidden();
    const panel = page.getByRole('complementary', { name: 'Boise Airport Air Cargo' });
    await expect(panel.getByLabel('Name')).toHaveValue('Boise Airport Air Cargo');
    await expect(panel.getByLabel('Name')).toBeInViewport();
    // The sheet's footer keeps Delete whole beside Cancel and Save.
    const remove = panel.getByRole('button', { name: 'Delete', exact: true });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport({ ratio: 1 });
    expect(await cutTexts(remove)).toEqual([]);
  });

  test('the event queue starts above the fold, with its filters in a drawer', async ({ page }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/events' });
    const queue = page.getByRole('table', { name: 'Safety events' });
    const firstRow = queue.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible({ timeout: 60_000 });
    await expect(firstRow).toBeInViewport();
    // The first row's time, vehicle and trigger fit the screen, without sideways scrolling.
    const rowBox = await firstRow.boundingBox();
    expect((rowBox?.x ?? 0) + (rowBox?.width ?? 0)).toBeLessThanOrEqual(390);
    // ...and read whole: no cell cuts its text (an hour cut to "11:…" is no use to anyone).
    await expect(firstRow.getByRole('cell')).toHaveCount(5);
    const clipped = await firstRow.getByRole('cell').evaluateAll((cells) =>
      cells
        .flatMap((cell) => [cell, ...cell.querySelectorAll('*')])
        .filter((element) => getComputedStyle(element).overflow !== 'visible')
        .filter(
          (element) =>
            element.scrollWidth > element.clientWidth + 1 ||
            element.scrollHeight > element.clientHeight + 1,
        )
        .map((element) => element.textContent),
    );
    expect(clipped).toEqual([]);
    await expect(page.getByLabel('Date range')).toBeHidden();

    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer.getByLabel('Date range')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close the filters' }).click();
    await expect(drawer).toBeHidden();

    // An event's page: the video and its details are usable at this width.
    await firstRow.getByRole('link').click();
    const video = page.getByRole('region', { name: 'Video' }).locator('video');
    await expect(video).toBeVisible({ timeout: 20_000 });
    const videoBox = await video.boundingBox();
    expect(videoBox?.width).toBeGreaterThan(300);
    expect((videoBox?.x ?? 0) + (videoBox?.width ?? 0)).toBeLessThanOrEqual(390);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
  });

  test('the vehicle list keeps its key columns readable, and a row opens', async ({ page }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/vehicles' });
    const table = page.getByRole('table', { name: 'Vehicles' });
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible({ timeout: 60_000 });
    // Headers of columns that sort the loaded rows are buttons.
    await expect(table.getByRole('button', { name: /^Status/ })).toBeInViewport({ ratio: 1 });
    await expect(table.getByRole('button', { name: /^Plate/ })).toHaveCount(0);
    const tableBox = await table.boundingBox();
    expect((tableBox?.x ?? 0) + (tableBox?.width ?? 0)).toBeLessThanOrEqual(390);

    const link = firstRow.getByRole('link').first();
    const name = (await link.textContent()) ?? '';
    await link.click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  });

  test('the dispatch steps share one row, each still named, with the upload above the fold', async ({
    page,
  }) => {
    await signIn(page, demoDispatcher, { path: '/dispatch' });
    await expect(page.getByRole('heading', { name: 'Step 1 of 5: Upload' })).toBeVisible();
    const steps = ['Upload', 'Columns', 'Check rows', 'Service check', 'Processing'];
    const tops = [];
    for (const name of steps) {
      const step = page.getByRole('button', { name: new RegExp(name) });
      await expect(step).toBeInViewport({ ratio: 1 });
      tops.push(Math.round((await step.boundingBox())?.y ?? -1));
    }
    expect(new Set(tops).size).toBe(1);
    await expect(
      page.getByText('Drop the schedule here, or click to choose a file'),
    ).toBeInViewport();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  });
});

/** The fleet manager's vehicles named PDX-T10…, their rows once listed. */
async function vehicleRowsOnPhone(page: Page): Promise<Locator> {
  await signIn(page, demoManager, { path: '/vehicles?name=PDX-T10' });
  const rows = page.getByRole('table', { name: 'Vehicles' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  return rows;
}

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a bulk status change: the picker in the dialog opens on a tap and an option can be tapped', async ({
    page,
  }) => {
    test.slow();
    const rows = await vehicleRowsOnPhone(page);
    await rows
      .nth(0)
      .getByRole('checkbox', { name: /^Select / })
      .tap();
    await rows
      .nth(1)
      .getByRole('checkbox', { name: /^Select / })
      .tap();
    await page.getByRole('button', { name: 'Bulk actions (2)' }).tap();
    await page.getByRole('menuitem', { name: 'Set status' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Set status' });
    await dialog.getByRole('combobox', { name: 'New status' }).tap();
    const option = page.getByRole('option', { name: 'Out of service' });
    await expect(option).toBeInViewport();
    await option.tap();
    await expect(dialog.getByRole('combobox', { name: 'New status' })).toHaveValue(
      'Out of service',
    );
    await expect(page.getByRole('listbox')).toBeHidden();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await dialog.getByRole('button', { name: 'Preview' }).tap();
    await expect(dialog.getByRole('list', { name: 'Changes to send' })).toBeVisible();
  });

  test('a closed bulk report keeps its Undo in the bulk menu after the selection clears', async ({
    page,
  }) => {
    test.slow();
    const rows = await vehicleRowsOnPhone(page);
    // Nothing chosen and no report yet: the phone's toolbar has no bulk menu.
    await expect(page.getByRole('button', { name: /^Bulk actions/ })).toHaveCount(0);
    await rows
      .nth(0)
      .getByRole('checkbox', { name: /^Select / })
      .tap();
    await page.getByRole('button', { name: 'Bulk actions (1)' }).tap();
    await page.getByRole('menuitem', { name: 'Set status' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Set status' });
    await dialog.getByRole('combobox', { name: 'New status' }).tap();
    await page.getByRole('option', { name: 'Out of service' }).tap();
    await dialog.getByRole('button', { name: 'Preview' }).tap();
    await dialog.getByRole('button', { name: /^Send 1 change/ }).tap();
    await expect(dialog.getByRole('status')).toHaveText('1 done, 0 failed, 0 cancelled.', {
      timeout: 30_000,
    });
    await dialog.getByRole('button', { name: 'Close', exact: true }).tap();
    await expect(dialog).toBeHidden();

    // The selection is cleared, yet the report (and its Undo) is one tap away.
    await page.getByRole('button', { name: 'Bulk actions (0)' }).tap();
    await page.getByRole('menuitem', { name: /^Report: Set status/ }).tap();
    await dialog.getByRole('button', { name: 'Undo all done (1)' }).tap();
    await expect(dialog.getByRole('heading', { name: 'Undo report' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(dialog.getByRole('status')).toHaveText('1 done, 0 failed, 0 cancelled.');
  });

  test('a picker in the events filter drawer opens on a tap, in the screen, and takes a tapped option', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/events' });
    await page.getByRole('button', { name: 'Filters' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('combobox', { name: 'Trigger' }).tap();
    const option = page.getByRole('option').first();
    await expect(option).toBeInViewport({ ratio: 1 });
    const name = (await option.textContent()) ?? '';
    await option.tap();
    await expect(drawer.getByText(name, { exact: true })).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  });
});

test.describe('the safety-event queue on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('no keyboard hints; the filter drawer closes on "Show N events"; a driver\'s events say what happened', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/events' });
    const queue = page.getByRole('table', { name: 'Safety events' });
    await expect(queue.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
    // A finger has no j, k or "?" to press.
    await expect(page.getByRole('button', { name: /Keyboard shortcuts/ })).toHaveCount(0);
    await expect(page.getByText(/\bj and k\b/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Filters' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('combobox', { name: 'Trigger' }).tap();
    await page.getByRole('option', { name: 'Harsh Braking' }).tap();
    await expect(page).toHaveURL(/triggers=/);
    const show = drawer.getByRole('button', { name: /^Show [\d,]+ events?$/ });
    await expect(show).toBeVisible();
    const count = (await show.textContent())!.replace(/^Show ([\d,]+).*$/, '$1');
    await show.tap();
    await expect(drawer).toBeHidden();
    await expect(page.getByText(`${count} events · all loaded`)).toBeVisible();

    // A driver's events: the trigger and the vehicle under each time, as the queue gives them.
    await page.goto('/scorecards?days=90');
    const ranking = page.getByRole('table', { name: 'Driver ranking' });
    await ranking.getByRole('row').nth(1).getByRole('link').first().tap();
    const events = page.getByRole('table', { name: "Driver's events" });
    const firstEvent = events.getByRole('row').nth(1);
    await expect(firstEvent).toContainText(/[A-Z]{3}-[A-Z]\d{3}/);
    const rowText = await firstEvent.innerText();
    await firstEvent.getByRole('link').first().tap();
    // The event's heading is "<trigger> · <event ID>"; until it shows, the driver's name is there.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(' · ');
    const trigger = (await heading.innerText()).split(' · ')[0]!;
    expect(rowText).toContain(trigger);
  });
});

test.describe('field tables on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("Settings' service addresses and a vehicle's engine position read whole, label over value", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/settings' });
    const addresses = page.getByRole('table', { name: 'Service addresses' });
    await expect(addresses).toBeVisible({ timeout: 60_000 });
    const tableFits = async (table: typeof addresses) => {
      const box = await table.boundingBox();
      return (box?.x ?? 0) + (box?.width ?? 0) <= 390;
    };
    expect(await tableFits(addresses)).toBe(true);
    // A value gets the width of the screen, not a few characters a line.
    const firstValue = addresses.getByRole('cell').first();
    expect((await firstValue.boundingBox())?.width).toBeGreaterThan(250);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);

    await page.goto('/vehicles?name=BOI-B101');
    await page.getByRole('link', { name: 'BOI-B101', exact: true }).tap();
    const position = page
      .getByRole('region', { name: 'Legacy engine data (ECM)' })
      .getByRole('table', { name: 'Last position' });
    await expect(position).toBeVisible();
    expect(await tableFits(position)).toBe(true);
    expect((await position.getByRole('cell').first().boundingBox())?.width).toBeGreaterThan(250);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  });
});

test.describe('the organisation on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tapped group shows its details in view, and the saved toast leaves the header’s buttons free', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/groups' });
    const tree = page.getByRole('tree', { name: 'Groups', exact: true });
    await tree.getByRole('treeitem', { name: 'Northwest Region', exact: true }).tap();
    const details = page.getByRole('region', { name: 'Northwest Region' });
    await expect(details).toBeFocused();
    await expect(details.getByRole('heading', { name: 'Northwest Region' })).toBeInViewport({
      ratio: 1,
    });

    await details
      .getByRole('textbox', { name: 'Description' })
      .fill('Depots in Oregon and Washington');
    await details.getByRole('button', { name: 'Save changes' }).tap();
    const toast = page.getByRole('alert').filter({ hasText: '“Northwest Region” was saved.' });
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const headerBox = await page.getByRole('banner').boundingBox();
    expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
    // The menu button takes a tap while the toast shows.
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Users' })).toBeInViewport();
  });

  test('a vehicle tapped in the list under the fleet map opens its popup in view, clear of the header', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demoManager, { path: '/fleet-map' });
    const list = page.getByRole('region', { name: 'Vehicles on the map' });
    // The list sits under the map: reaching it scrolls the map's top under the fixed header.
    await list.getByLabel('Search vehicles').fill('BOI-B101');
    const vehicle = list.getByRole('button', { name: /^BOI-B101/ });
    await vehicle.scrollIntoViewIfNeeded();
    await vehicle.tap();
    const popup = page.getByRole('group', { name: 'BOI-B101' });
    await expect(popup).toContainText(/Position at/);
    const title = popup.getByText('BOI-B101', { exact: true }).first();
    await expect(title).toBeInViewport({ ratio: 1 });
    const header = await page.getByRole('banner').boundingBox();
    await expect
      .poll(async () => (await title.boundingBox())?.y ?? 0)
      .toBeGreaterThanOrEqual(header!.y + header!.height);
  });

  test('a dispatch schedule: the cell to fix is in view, rows are cards, and the results keep each time whole', async ({
    page,
  }) => {
    test.slow();
    const pageScrollsSideways = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
    const schedule = [
      'Employee ID,First name,Last name,Vehicle,Start,End',
      'CF1011,Robert,Adams,PDX-T104,2026-11-24 06:00,2026-11-24 16:00',
      // No vehicle has this name: the browser marks the cell to fix.
      'CF1012,Andre,Thomas,PDX-T999,2026-11-24 07:30,2026-11-24 17:30',
    ].join('\r\n');
    await signIn(page, demoDispatcher, {
      path: '/dispatch',
      demoParams: 'demoLatency=0&demoDispatchMs=500',
    });
    await page.getByLabel('Schedule file').setInputFiles({
      name: 'today.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(schedule),
    });
    await page.getByRole('button', { name: 'Check the rows' }).tap();
    await expect(page.getByText('1 of 2 rows need work')).toBeVisible();

    // The rows fit the screen: nothing to scroll sideways to reach the cell to fix.
    const rowsTable = page.getByRole('table', { name: 'Schedule rows' });
    expect((await rowsTable.boundingBox())!.width).toBeLessThanOrEqual(390);
    const cell = page.getByLabel('Row 3 Vehicle', { exact: true });
    await cell.scrollIntoViewIfNeeded();
    const box = await cell.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await pageScrollsSideways()).toBe(false);
    await cell.tap();
    await cell.fill('PDX-T116');
    await cell.press('Enter');
    await expect(page.getByText('The rows pass every check in the browser')).toBeVisible();

    await page.getByRole('button', { name: 'Continue to the service check' }).tap();
    await page.getByRole('button', { name: 'Check with the service' }).tap();
    await expect(page.getByText('The service would accept all 2 entries')).toBeVisible();
    await page.getByRole('button', { name: 'Submit 2 entries' }).tap();
    await page
      .getByRole('dialog', { name: 'Submit the schedule?' })
      .getByRole('button', { name: 'Submit 2 entries' })
      .tap();
    await expect(page.getByText('All 2 entries were accepted')).toBeVisible({ timeout: 20_000 });

    const results = page.getByRole('table', { name: 'Submission results' });
    await expect(results).toContainText('PDX-T116');
    expect(await pageScrollsSideways()).toBe(false);
    // Each start and end reads on one line, never split into fragments.
    const linesPerTime = await results
      .locator('span:visible')
      .filter({ hasText: /^[^–]*\d{1,2}:\d{2}[^–]*$/ })
      .evaluateAll((times) => times.map((time) => time.getClientRects().length));
    expect(linesPerTime.length).toBeGreaterThanOrEqual(4);
    expect(linesPerTime.every((lines) => lines === 1)).toBe(true);

    // The recent submissions fit the width too: the submission time, whole, under its link.
    const recent = page.getByRole('table', { name: 'Recent submissions' });
    await expect(recent.getByRole('link')).toHaveCount(1);
    await recent.scrollIntoViewIfNeeded();
    const recentBox = await recent.boundingBox();
    expect(recentBox!.x).toBeGreaterThanOrEqual(0);
    expect(recentBox!.x + recentBox!.width).toBeLessThanOrEqual(390);
    const submittedAt = recent.getByText(/\d{1,2}:\d{2}/);
    await expect(submittedAt).toBeInViewport({ ratio: 1 });
    expect(await cutTexts(recent)).toEqual([]);
    expect(await pageScrollsSideways()).toBe(false);
  });
});
