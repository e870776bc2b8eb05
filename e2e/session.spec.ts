import type { Page } from '@playwright/test';
import { demoManager, expect, expireSessionAtNextRequest, signIn, test } from './fixtures';

/*
 * The session's edges: signing out from anywhere, the expiry dialogs, and tabs that share one
 * sign-in. Expiry journeys run on the browser's fake clock: the demo's one-hour token is issued,
 * then the clock jumps to the warning (five minutes ahead) and to the expiry, so no test waits
 * out a lifetime and a busy machine cannot make the dialogs arrive early or late.
 */

/** The first page after a sign-in loads the signed-in shell's code; a busy machine serves it slowly. */
const FIRST_PAGE_WAIT = { timeout: 30_000 };

/** Moves the clock of every tab of the test past the expiry warning (one hour less five minutes). */
async function jumpToExpiryWarning(page: Page): Promise<void> {
  await page.clock.fastForward('55:30');
}

/** Moves the clock from the warning past the token's end. */
async function jumpPastExpiry(page: Page): Promise<void> {
  await page.clock.fastForward('05:00');
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function signInAgain(page: Page): Promise<void> {
  await page.getByLabel('Username').fill(demoManager.username);
  await page.getByLabel('Password', { exact: true }).fill(demoManager.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function openAccountMenuItem(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

function vehiclesHeading(page: Page) {
  return page.getByRole('heading', { name: 'Vehicles', level: 1 });
}

/** Opens a vehicle's details from the signed-in vehicle list; returns its Make field. */
async function openVehicleMake(page: Page) {
  await page
    .getByRole('table', { name: 'Vehicles' })
    .getByRole('link')
    .first()
    .click(FIRST_PAGE_WAIT);
  const make = page.getByRole('region', { name: 'Details' }).getByLabel('Make', { exact: true });
  await expect(make).toBeVisible(FIRST_PAGE_WAIT);
  return make;
}

test.describe('session', () => {
  // First visits seed the demo company; two tabs load the console twice.
  test.describe.configure({ timeout: 90_000 });

  test('signing out sends to one login page that names the page, and signing in returns there', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signIn(page, demoManager, { path: '/vehicles' });
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);

    await openAccountMenuItem(page, 'Sign out');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fvehicles(%3F[^/]*)?$/);
    // A loop would keep rewriting the address; it must still be the same one after sign-in.
    await signInAgain(page);
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);
    await expect(page).toHaveURL(/\/vehicles(\?[^/]*)?$/);
    expect(errors).toEqual([]);
  });

  test('reset demo data signs out to the same page once', async ({ page }) => {
    const errors = collectPageErrors(page);
    await signIn(page, demoManager, { path: '/vehicles' });
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);

    await openAccountMenuItem(page, 'Reset demo data');
    await page.getByRole('dialog').getByRole('button', { name: 'Reset demo data' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fvehicles(%3F[^/]*)?$/);
    await signInAgain(page);
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);
    expect(errors).toEqual([]);
  });

  test('warns before the session expires, and renewing keeps the user on the page', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, demoManager, { path: '/vehicles' });
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);
    const warning = page.getByRole('dialog', { name: 'Your session is about to expire' });
    await expect(warning).toBeHidden();
    await jumpToExpiryWarning(page);
    await expect(warning).toBeVisible();
    await warning.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await warning.getByRole('button', { name: 'Continue session' }).click();
    await expect(warning).toBeHidden();
    // Renewed: the old expiry passes without a dialog, and the page's requests still go through.
    await jumpPastExpiry(page);
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(
      page.getByRole('table', { name: 'Users' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the expired-session dialog keeps typed work: Escape does not sign out, and signing out asks', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.clock.install();
    await signIn(page, demoManager, { path: '/users' });
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('link')
      .first()
      .click(FIRST_PAGE_WAIT);
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Employee ID').fill('CF5150');

    await jumpToExpiryWarning(page);
    const warning = page.getByRole('dialog', { name: 'Your session is about to expire' });
    await warning.getByRole('button', { name: 'Later' }).click();
    await expect(warning).toBeHidden();
    await jumpPastExpiry(page);
    const expired = page.getByRole('dialog', { name: 'Your session has expired' });
    await expect(expired).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(expired).toBeVisible();
    await expect(expired.getByRole('button', { name: 'Close' })).toHaveCount(0);

    await expired.getByRole('button', { name: /Sign out/ }).click();
    const confirmation = page.getByRole('dialog', { name: 'Sign out and lose unsaved work?' });
    await expect(confirmation).toContainText('will be lost');
    await confirmation.getByRole('button', { name: 'Back' }).click();
    await expect(expired).toBeVisible();

    await expired.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await expired.getByRole('button', { name: 'Continue session' }).click();
    await expect(expired).toBeHidden();
    await expect(profile.getByLabel('Employee ID')).toHaveValue('CF5150');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The user was saved.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('signing out from the expired-session dialog returns to the page after signing in', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.clock.install();
    await signIn(page, demoManager, { path: '/vehicles' });
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);
    await jumpToExpiryWarning(page);
    const warning = page.getByRole('dialog', { name: 'Your session is about to expire' });
    await warning.getByRole('button', { name: 'Later' }).click();
    await expect(warning).toBeHidden();
    await jumpPastExpiry(page);
    const expired = page.getByRole('dialog', { name: 'Your session has expired' });
    await expired.getByRole('button', { name: /Sign out/ }).click();
    await page
      .getByRole('dialog', { name: 'Sign out and lose unsaved work?' })
      .getByRole('button', { name: 'Sign out and discard changes' })
      .click();

    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fvehicles(%3F[^/]*)?$/);
    await signInAgain(page);
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);
    expect(errors).toEqual([]);
  });

  test('sign-in, sign-out and renewal reach every open tab without a reload', async ({
    page,
    context,
  }) => {
    await page.clock.install();
    await page.goto('/vehicles?demoLatency=0');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 60_000 });
    const otherTab = await context.newPage();
    const otherTabErrors = collectPageErrors(otherTab);
    await otherTab.goto('/users?demoLatency=0');
    await expect(otherTab.getByRole('heading', { name: 'Sign in' })).toBeVisible(FIRST_PAGE_WAIT);

    await signInAgain(page);
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);
    const otherUsersHeading = otherTab.getByRole('heading', { name: 'Users', level: 1 });
    await expect(otherUsersHeading).toBeVisible(FIRST_PAGE_WAIT);

    // Renewing in one tab renews the other: it stops asking and its requests go through.
    // The clock is the context's: both tabs reach the warning together.
    await jumpToExpiryWarning(page);
    const warning = page.getByRole('dialog', { name: 'Your session is about to expire' });
    await expect(warning).toBeVisible();
    await expect(
      otherTab.getByRole('dialog', { name: 'Your session is about to expire' }),
    ).toBeVisible();
    await warning.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await warning.getByRole('button', { name: 'Continue session' }).click();
    await expect(warning).toBeHidden();
    await expect(otherTab.getByRole('dialog')).toHaveCount(0);
    await otherTab.getByRole('link', { name: 'Vehicles' }).click();
    await expect(
      otherTab.getByRole('table', { name: 'Vehicles' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(otherTab.getByRole('dialog')).toHaveCount(0);

    await openAccountMenuItem(page, 'Sign out');
    await expect(otherTab.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(otherTab).toHaveURL(/\/login\?redirect=%2Fvehicles(%3F[^/]*)?$/);
    expect(otherTabErrors).toEqual([]);
  });

  test('the password dialog opens above another dialog, takes the focus, and the dialog beneath then finishes', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signIn(page, demoManager, { path: '/groups' });
    const root = page
      .getByRole('tree', { name: 'Groups', exact: true })
      .getByRole('treeitem', { name: 'Cascade Freight Root', exact: true });
    await root.click(FIRST_PAGE_WAIT);
    await page
      .getByRole('region', { name: 'Cascade Freight Root', exact: true })
      .getByRole('button', { name: 'New subgroup' })
      .click();
    const create = page.getByRole('dialog', { name: 'New subgroup' });
    await create.getByLabel('Name').fill('Weekend Relief');
    await expireSessionAtNextRequest(page, { method: 'POST', pathPattern: '/v1/groups$' });
    await create.getByRole('button', { name: 'Create group' }).click();

    const expired = page.getByRole('dialog', { name: 'Your session has expired' });
    const password = expired.getByLabel('Password', { exact: true });
    await expect(password).toBeFocused();
    // Escape cannot wave the expired session away, nor close the dialog beneath, whose Create waits.
    await page.keyboard.press('Escape');
    await expect(expired).toBeVisible();
    // Typed, not filled: keys go where the focus is, as a person's would.
    await page.keyboard.type(demoManager.password);
    // A click lands on whatever is on top at that point; Playwright refuses if another dialog is.
    await expired.getByRole('button', { name: 'Continue session' }).click();
    await expect(expired).toBeHidden();
    await expect(create).toBeHidden();
    await expect(
      page.getByText('“Weekend Relief” was created under “Cascade Freight Root”.'),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a reload at the largest demo scale keeps the session', async ({ page }) => {
    // Seeding the hundredfold company takes a while on each start.
    test.slow();
    await signIn(page, demoManager, {
      path: '/vehicles',
      demoParams: 'demoScale=100&demoLatency=0',
    });
    await expect(vehiclesHeading(page)).toBeVisible({ timeout: 60_000 });
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Vehicles' }).getByRole('link').first(),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  });

  test('signing out with an unsaved edit asks first, and going back keeps the typed value', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signIn(page, demoManager, { path: '/vehicles' });
    const make = await openVehicleMake(page);
    await make.fill('Unsaved Make');

    await openAccountMenuItem(page, 'Sign out');
    const confirmation = page.getByRole('dialog', { name: 'Sign out and lose unsaved work?' });
    await expect(confirmation).toContainText('will be lost');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();
    await expect(make).toHaveValue('Unsaved Make');
    await expect(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}/);

    await openAccountMenuItem(page, 'Sign out');
    await confirmation.getByRole('button', { name: 'Sign out and discard changes' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a sign-out in another tab keeps this tab’s typed work until its user decides', async ({
    page,
    context,
  }) => {
    // Two tabs each load the console and a vehicle; a busy machine needs more than the usual time.
    test.slow();
    await signIn(page, demoManager, { path: '/vehicles' });
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);
    const editingTab = await context.newPage();
    const editingTabErrors = collectPageErrors(editingTab);
    await editingTab.goto('/vehicles?demoLatency=0');
    const make = await openVehicleMake(editingTab);
    await make.fill('Typed Elsewhere');

    // The tab signing out says that the other one has unsaved work, and what becomes of it.
    await openAccountMenuItem(page, 'Sign out');
    const confirmation = page.getByRole('dialog', {
      name: 'Sign out while another tab has unsaved work?',
    });
    await expect(confirmation).toContainText('Another tab of the console has unsaved changes');
    await confirmation.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    const signedOut = editingTab.getByRole('dialog', { name: 'You signed out in another tab' });
    await expect(signedOut).toBeVisible();
    await expect(make).toHaveValue('Typed Elsewhere');
    await expect(editingTab).toHaveURL(/\/vehicles\/[0-9a-f-]{36}/);
    await editingTab.keyboard.press('Escape');
    await expect(signedOut).toBeVisible();

    await signedOut.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await signedOut.getByRole('button', { name: 'Continue session' }).click();
    await expect(signedOut).toBeHidden();
    await expect(make).toHaveValue('Typed Elsewhere');
    await editingTab
      .getByRole('region', { name: 'Details' })
      .getByRole('button', { name: 'Save changes' })
      .click();
    await expect(editingTab.getByText(/was saved\./)).toBeVisible();
    expect(editingTabErrors).toEqual([]);
  });
});
