import type { Page } from '@playwright/test';
import { demoManager, expect, signIn, test } from './fixtures';

/*
 * The session's edges: signing out from anywhere, the expiry dialogs, and tabs that share one
 * sign-in. Short demo token lifetimes (?demoTokenTtl) make expiry happen within a test.
 */

/**
 * The console warns a quarter of a short lifetime ahead: with 60 s, after about 45 s, which leaves
 * a busy machine time to load the first page and open a form before the warning covers it.
 */
const SHORT_TOKEN_TTL = 'demoLatency=0&demoTokenTtl=60';
/** The first page after a sign-in loads the signed-in shell's code; a busy machine serves it slowly. */
const FIRST_PAGE_WAIT = { timeout: 30_000 };
/** Long enough for the warning, then expiry, to arrive on a busy machine. */
const EXPIRY_WAIT = { timeout: 90_000 };

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

test.describe('session', () => {
  // First visits seed the demo company, then the expiry journeys wait for a real token to expire.
  test.describe.configure({ timeout: 180_000 });

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
    await signIn(page, demoManager, { path: '/vehicles', demoParams: SHORT_TOKEN_TTL });
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);
    const warning = page.getByRole('dialog', { name: 'Your session is about to expire' });
    await expect(warning).toBeVisible(EXPIRY_WAIT);
    // On a very busy machine the warning may have turned into the expired dialog meanwhile.
    const sessionDialog = page.getByRole('dialog', { name: /Your session/ });
    await sessionDialog.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await sessionDialog.getByRole('button', { name: 'Continue session' }).click();
    await expect(sessionDialog).toBeHidden();
    await expect(vehiclesHeading(page)).toBeVisible();
  });

  test('the expired-session dialog keeps typed work: Escape does not sign out, and signing out asks', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signIn(page, demoManager, { path: '/users', demoParams: SHORT_TOKEN_TTL });
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('link')
      .first()
      .click(FIRST_PAGE_WAIT);
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('Employee ID').fill('CF5150');

    const warning = page.getByRole('dialog', { name: 'Your session is about to expire' });
    await expect(warning).toBeVisible(EXPIRY_WAIT);
    await warning.getByRole('button', { name: 'Later' }).click();
    const expired = page.getByRole('dialog', { name: 'Your session has expired' });
    await expect(expired).toBeVisible(EXPIRY_WAIT);

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
    await signIn(page, demoManager, { path: '/vehicles', demoParams: SHORT_TOKEN_TTL });
    await expect(vehiclesHeading(page)).toBeVisible(FIRST_PAGE_WAIT);
    await page
      .getByRole('dialog', { name: 'Your session is about to expire' })
      .getByRole('button', { name: 'Later' })
      .click(EXPIRY_WAIT);
    const expired = page.getByRole('dialog', { name: 'Your session has expired' });
    await expired.getByRole('button', { name: /Sign out/ }).click(EXPIRY_WAIT);
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
    await page.goto(`/vehicles?${SHORT_TOKEN_TTL}`);
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
    const warning = page.getByRole('dialog', { name: 'Your session is about to expire' });
    await expect(warning).toBeVisible(EXPIRY_WAIT);
    await expect(
      otherTab.getByRole('dialog', { name: 'Your session is about to expire' }),
    ).toBeVisible();
    const sessionDialog = page.getByRole('dialog', { name: /Your session/ });
    await sessionDialog.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await sessionDialog.getByRole('button', { name: 'Continue session' }).click();
    await expect(sessionDialog).toBeHidden();
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
});
