import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolationsInEitherTheme } from './axe-checks';
import {
  demoManager,
  expect,
  expireSessionAtNextRequest,
  navigationPages,
  signIn,
  test,
} from './fixtures';

/** Waits for the page's heading and for its data, so axe sees the page rather than a loader. */
async function settle(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  await expect(page.getByLabel('Loading', { exact: true })).toHaveCount(0);
}

/**
 * Waits until a detail page has replaced its list and finished loading: the address changes
 * before the list goes, so a heading alone may still be the list's.
 */
async function settleDetail(page: Page, listTable: string): Promise<void> {
  await expect(page.getByRole('table', { name: listTable, exact: true })).toBeHidden({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0, { timeout: 30_000 });
}

const nestedPages = [
  ['/users/new', 'New user'],
  ['/groups/audit', /Groups|Audit/],
  ['/vehicles/new', /New vehicle/],
  ['/geofences/activations', /activations/i],
  // Lists searched in the browser, with where the search looked and a Refresh.
  ['/vehicles?vinOrPlate=942', 'Vehicles'],
  ['/devices?serial=SF', 'Devices'],
] as const;

/** List page → first row link → detail page. */
const detailPages = [
  ['Users', 'Users'],
  ['Vehicles', 'Vehicles'],
  ['Devices', 'Devices'],
  ['Safety events', 'Safety events'],
] as const;

function navigation(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

// Each state is scanned in both themes in one visit: the dark theme changes only the colours.
test.describe('accessibility in the light and dark themes', () => {
  test('the sign-in and not-found pages', async ({ page }) => {
    await page.goto('/login?demoLatency=0');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({
      timeout: 60_000,
    });
    await expectNoSeriousViolationsInEitherTheme(page, '/login');

    await signIn(page, demoManager);
    await settle(page, 'Overview');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectNoSeriousViolationsInEitherTheme(page, 'the 404 page');
  });

  test('every page in the navigation', async ({ page }) => {
    // Ten pages, each loaded and scanned twice: minutes on a busy two-core machine.
    test.setTimeout(300_000);
    await signIn(page, demoManager);
    await settle(page, 'Overview');
    for (const [link, heading] of navigationPages) {
      await navigation(page).getByRole('link', { name: link, exact: true }).click();
      await settle(page, heading);
      await expectNoSeriousViolationsInEitherTheme(page, link);
    }
  });

  test('the pages inside them', async ({ page }) => {
    test.slow();
    await signIn(page, demoManager);
    await settle(page, 'Overview');
    for (const [path, heading] of nestedPages) {
      await page.goto(path);
      await settle(page, heading);
      await expectNoSeriousViolationsInEitherTheme(page, path);
    }
  });

  test('detail pages, reached from the first row of their list', async ({ page }) => {
    test.slow();
    await signIn(page, demoManager);
    await settle(page, 'Overview');
    for (const [link, table] of detailPages) {
      await navigation(page).getByRole('link', { name: link, exact: true }).click();
      const firstRowLink = page
        .getByRole('table', { name: table, exact: true })
        .getByRole('row')
        .nth(1)
        .getByRole('link')
        .first();
      await firstRowLink.click();
      await expect(page).toHaveURL(/\/[0-9A-Za-z-]{6,}$|\/[0-9A-Za-z-]{6,}\?/);
      await settleDetail(page, table);
      await expectNoSeriousViolationsInEitherTheme(page, `${link} detail`);
    }
  });

  test('dialogs: confirmation, group move, dispatch first step, event shortcuts', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demoManager);
    await settle(page, 'Overview');

    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Reset demo data' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Reset demo data?' });
    await expect(confirmation).toBeVisible();
    await expectNoSeriousViolationsInEitherTheme(page, 'the confirmation dialog');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();

    await navigation(page).getByRole('link', { name: 'Groups', exact: true }).click();
    await settle(page, 'Groups');
    await page.getByLabel('Search groups').fill('Seattle Depot');
    await page
      .getByRole('tree', { name: 'Groups', exact: true })
      .getByRole('treeitem', { name: 'Seattle Depot', exact: true })
      .click();
    await page
      .getByRole('region', { name: 'Seattle Depot', exact: true })
      .getByRole('button', { name: 'Move…' })
      .click();
    const move = page.getByRole('dialog', { name: /^Move/ });
    await expect(move).toBeVisible();
    await expectNoSeriousViolationsInEitherTheme(page, 'the group move dialog');
    await page.keyboard.press('Escape');

    await navigation(page).getByRole('link', { name: 'Dispatch upload', exact: true }).click();
    await settle(page, /Dispatch/);
    await expect(page.getByLabel('Schedule file')).toBeAttached();
    await expectNoSeriousViolationsInEitherTheme(page, "the dispatch wizard's first step");

    await navigation(page).getByRole('link', { name: 'Safety events', exact: true }).click();
    await settle(page, 'Safety events');
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expectNoSeriousViolationsInEitherTheme(page, 'the events shortcut list');
  });

  test('the re-authentication dialog', async ({ page }) => {
    await signIn(page, demoManager, { path: '/users' });
    await settle(page, 'Users');
    // The next request meets an expired token (401) and asks for the password.
    await expireSessionAtNextRequest(page, { method: 'GET', pathPattern: '/v0/vehicles' });
    await navigation(page).getByRole('link', { name: 'Vehicles', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolationsInEitherTheme(page, 'the re-authentication dialog');
  });
});

/** Tab (or Shift+Tab) a few times and check that focus never leaves the dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

test.describe('keyboard', () => {
  test('tabs from the top of a page past the skip link and the navigation into the page', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/users' });
    await settle(page, 'Users');
    await page.goto('/users');
    await settle(page, 'Users');

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();

    // Without the skip link: header controls, then every navigation link in order, then the page.
    const visitedNavigation: string[] = [];
    for (let presses = 0; presses < 30; presses++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => ({
        inNavigation: !!document.activeElement?.closest('nav'),
        inMain: !!document.activeElement?.closest('main'),
        text: document.activeElement?.textContent?.trim() ?? '',
      }));
      if (focus.inNavigation) visitedNavigation.push(focus.text);
      if (focus.inMain) break;
    }
    expect(visitedNavigation).toEqual(navigationPages.map(([link]) => link));
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);

    // With the skip link: straight to the page.
    await page.goto('/users');
    await settle(page, 'Users');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
  });

  test('the confirmation dialog traps focus and returns it to the account menu', async ({
    page,
  }) => {
    await signIn(page, demoManager);
    await settle(page, 'Overview');
    const accountMenu = page.getByRole('button', { name: /^Account menu/ });
    await accountMenu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Reset demo data' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reset demo data?' });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(accountMenu).toBeFocused();
  });

  test('the group move dialog traps focus and returns it to its button', async ({ page }) => {
    await signIn(page, demoManager, { path: '/groups' });
    await settle(page, 'Groups');
    await page.getByLabel('Search groups').fill('Seattle Depot');
    await page
      .getByRole('tree', { name: 'Groups', exact: true })
      .getByRole('treeitem', { name: 'Seattle Depot', exact: true })
      .click();
    const moveButton = page
      .getByRole('region', { name: 'Seattle Depot', exact: true })
      .getByRole('button', { name: 'Move…' });
    await moveButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move “Seattle Depot”' });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(moveButton).toBeFocused();
  });

  test('the re-authentication dialog traps focus and returns it to where the user was', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/users' });
    await page.getByRole('table', { name: 'Users' }).getByRole('link').first().click();
    const profile = page.getByRole('region', { name: 'Profile' });
    const employeeId = profile.getByLabel('Employee ID');
    await expect(employeeId).toBeVisible();
    // The token runs out before the save: saving with Enter meets a 401 and asks for the password.
    await expireSessionAtNextRequest(page, { method: 'PUT', pathPattern: '/v1/users/' });
    await employeeId.fill('CF7778');
    await employeeId.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Your session has expired' });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await dialog.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The user was saved.')).toBeVisible();
    // Focus came back to the form, and the replayed save left it on the form's save status.
    const saveStatus = profile.getByRole('status');
    await expect(saveStatus).toHaveText('Saved. No unsaved changes.');
    await expect(saveStatus).toBeFocused();
  });

  test("the dispatch wizard moves focus to the new step's heading", async ({ page }) => {
    await signIn(page, demoManager, { path: '/dispatch' });
    await settle(page, 'Dispatch upload');
    const schedule = [
      'Employee ID,First name,Last name,Vehicle,Start,End',
      'CF1011,Robert,Adams,PDX-T104,2026-11-24 06:00,2026-11-24 16:00',
    ].join('\r\n');
    await page.getByLabel('Schedule file').setInputFiles({
      name: 'schedule.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(schedule),
    });
    await expect(page.getByRole('heading', { name: 'Step 2 of 5: Columns' })).toBeFocused();
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByRole('heading', { name: 'Step 3 of 5: Check rows' })).toBeFocused();
  });
});
