import type { Page, Request } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-checks';
import { demoManager, expect, test } from './fixtures';

/**
 * Holds the app's main script until the returned function is called: the sign-in form drawn by
 * index.html is then all there is, as on a slow network or a busy phone.
 */
async function holdApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Any name a release gives it: the live journeys' redeploy renames every file (code-<n>-index-…).
  await page.route(/\/assets\/[\w-]*index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The app's sign-in page has taken the form over: only it shows the demo's accounts. */
async function appHasTakenOver(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: 'Demo accounts' })).toBeVisible({
    timeout: 60_000,
  });
}

function isTokenRequest(request: Request): boolean {
  return request.method() === 'POST' && /\/api\/auth\/user$/.test(new URL(request.url()).pathname);
}

test.describe('the sign-in form before the app has loaded', () => {
  test('keeps every character typed, the focus and the caret when the app takes over', async ({
    page,
  }) => {
    const release = await holdApp(page);
    await page.goto('/login?demoLatency=0', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Demo accounts' })).toHaveCount(0);

    const username = page.getByLabel('Username');
    await username.pressSequentially('maria.lopz');
    // The caret goes back one, where the missing letter belongs.
    await page.keyboard.press('ArrowLeft');
    // The app loads while the user goes on typing.
    release();
    await page.keyboard.type('e', { delay: 30 });
    await appHasTakenOver(page);
    await expect(username).toBeFocused();
    await expect(username).toHaveValue('maria.lopez');
    // The caret is still where the user put it: after the letter typed there.
    expect(
      await username.evaluate((input: HTMLInputElement) => [
        input.selectionStart,
        input.selectionEnd,
      ]),
    ).toEqual([10, 10]);

    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(demoManager.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  });

  test('keeps what is typed while the app takes over, key after key', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/login?demoLatency=0', { waitUntil: 'commit' });
    const password = page.getByLabel('Password', { exact: true });
    await page.getByLabel('Username').fill(demoManager.username);
    await password.click();
    // Typed one key at a time while the app loads and takes over somewhere in between.
    const typing = page.keyboard.type(demoManager.password, { delay: 40 });
    release();
    await typing;
    await appHasTakenOver(page);
    await expect(password).toBeFocused();
    await expect(password).toHaveValue(demoManager.password);
    await expect(page.getByLabel('Username')).toHaveValue(demoManager.username);
  });

  test(
    'a sign-in sent before the app has loaded is sent once, when it has',
    {
      tag: '@live',
    },
    async ({ page }) => {
      const tokenRequests: string[] = [];
      page.on('request', (request) => {
        if (isTokenRequest(request)) tokenRequests.push(request.url());
      });
      const release = await holdApp(page);
      // No demo knobs: the live build has none.
      await page.goto('/login', { waitUntil: 'commit' });
      const password = page.getByLabel('Password', { exact: true });
      await page.getByLabel('Username').fill(demoManager.username);
      await password.fill(demoManager.password);
      await password.press('Enter');
      await expect(page.getByRole('button', { name: 'Signing in…' })).toBeVisible();
      // A second Enter changes nothing: the first is being held.
      await password.press('Enter');
      expect(tokenRequests).toHaveLength(0);

      release();
      await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible({
        timeout: 60_000,
      });
      expect(tokenRequests).toHaveLength(1);
    },
  );

  test('lets a held sign-in go, and says why, when the app does not arrive', async ({ page }) => {
    // The page's own clock, so the wait passes without waiting for it.
    await page.clock.install();
    const release = await holdApp(page);
    await page.goto('/login?demoLatency=0', { waitUntil: 'commit' });
    const password = page.getByLabel('Password', { exact: true });
    await page.getByLabel('Username').fill(demoManager.username);
    await password.fill(demoManager.password);
    await password.press('Enter');
    await expect(page.getByRole('button', { name: 'Signing in…' })).toBeVisible();

    await page.clock.fastForward(21_000);
    await expect(page.getByRole('alert')).toHaveText(
      /has not finished loading, so you are not signed in/,
    );
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    await expect(password).toHaveValue(demoManager.password);

    // When the app does come, the entry is still there and signs in.
    release();
    await appHasTakenOver(page);
    await expect(password).toHaveValue(demoManager.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible({
      timeout: 60_000,
    });
  });

  test('keeps what a password manager filled in before the app loaded', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/login?demoLatency=0', { waitUntil: 'commit' });
    await expect(page.getByLabel('Username')).toBeVisible();
    // Written straight into the fields, without the events typing sends.
    await page.evaluate((account) => {
      const [username, password] = ['sign-in-username', 'sign-in-password'].map((id) =>
        document.getElementById(id),
      );
      if (username instanceof HTMLInputElement) username.value = account.username;
      if (password instanceof HTMLInputElement) password.value = account.password;
    }, demoManager);
    release();
    await appHasTakenOver(page);
    await expect(page.getByLabel('Username')).toHaveValue(demoManager.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(demoManager.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  });

  test('says what is missing before the app has loaded, and after', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/login?demoLatency=0', { waitUntil: 'commit' });
    await page.getByLabel('Username').fill(demoManager.username);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAccessibleDescription('Enter your password.');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Username')).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousViolations(page, 'the sign-in form drawn before the app');

    release();
    await appHasTakenOver(page);
    await expect(password).toHaveAccessibleDescription('Enter your password.');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
    await password.fill(demoManager.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  });

  test('is drawn in the stored colour scheme, or the system one when the choice is auto', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'auto'));
    const release = await holdApp(page);
    await page.goto('/login?demoLatency=0', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoSeriousViolations(page, 'the sign-in form drawn before the app (dark)', {
      rules: ['color-contrast'],
    });
    release();
    await appHasTakenOver(page);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('fits a 390 px phone before and after the app takes over, in the same place', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdApp(page);
    await page.goto('/login?demoLatency=0', { waitUntil: 'commit' });
    const signInButton = page.getByRole('button', { name: 'Sign in' });
    await expect(signInButton).toBeVisible();
    const widthOfPage = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await widthOfPage()).toBeLessThanOrEqual(390);
    const before = await signInButton.boundingBox();
    release();
    await appHasTakenOver(page);
    expect(await widthOfPage()).toBeLessThanOrEqual(390);
    // Nothing moved under the user's finger when the demo's accounts appeared below.
    expect(await signInButton.boundingBox()).toEqual(before);
  });

  test('gives way to the start-up error when the app cannot start', async ({ page }) => {
    await page.route(/\/config\.json$/, (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/login?demoLatency=0');
    await expect(page.getByRole('heading', { name: 'Fleet Console cannot start' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
    await expect(page.getByLabel('Username')).toHaveCount(0);
  });

  test('is not drawn on a page behind sign-in, nor with a session kept', async ({ page }) => {
    const release = await holdApp(page);
    await page.goto('/settings?demoLatency=0', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Fleet Console' })).toBeHidden();
    release();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('Username').fill(demoManager.username);
    await page.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    // Signed in, /login goes on to the overview without drawing the form first.
    const releaseAgain = await holdApp(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Fleet Console' })).toBeHidden();
    releaseAgain();
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  });
});
