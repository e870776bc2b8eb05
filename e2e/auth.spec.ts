import { demoDispatcher, demoManager, expect, signIn, test } from './fixtures';

test.describe('signing in and out', () => {
  test('signs in with the demo credentials shown on the login page and reaches the overview', async ({
    page,
  }) => {
    await page.goto('/?demoLatency=0');
    await expect(page).toHaveURL(/\/login/);
    const demoPanel = page.getByRole('region', { name: 'Demo accounts' });
    await expect(demoPanel).toContainText(demoManager.username);
    await expect(demoPanel).toContainText(demoManager.password);

    await page.getByLabel('Username').fill(demoManager.username);
    await page.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Account menu for ${demoManager.username}` }),
    ).toBeVisible();
    const stored = await page.evaluate(() => sessionStorage.getItem('fleet-console.session') ?? '');
    expect(stored).not.toContain(demoManager.password);
  });

  test('explains wrong credentials and keeps the username', async ({ page }) => {
    await page.goto('/login?demoLatency=0');
    await page.getByLabel('Username').fill(demoManager.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('username or password is not correct');
    await expect(page.getByLabel('Username')).toHaveValue(demoManager.username);
  });

  test('returns to the requested page after signing in', async ({ page }) => {
    await page.goto('/settings?demoLatency=0');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('Username').fill(demoDispatcher.username);
    await page.getByLabel('Password', { exact: true }).fill(demoDispatcher.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });

  test(
    'signs out from the account menu, and the pages are guarded again',
    { tag: '@live' },
    async ({ page }) => {
      await signIn(page);
      await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await page.goto('/vehicles');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fvehicles/);
    },
  );

  test('shares sign-out across tabs', async ({ page, context }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    const secondTab = await context.newPage();
    await secondTab.goto('/settings');
    await expect(secondTab.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(secondTab.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('shows a not-found page for an unknown address', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('a record link that cannot work says so and leads back to its list, with no retry', async ({
    page,
  }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    // An ID the service could never hold (a plate pasted into the address): no request is needed.
    await page.goto('/vehicles/PDX-T104');
    await expect(
      page.getByRole('heading', { name: 'No vehicle at this address', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to vehicles' }).click();
    await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible();

    await page.goto('/scorecards/drivers/not-a-driver');
    await expect(
      page.getByRole('heading', { name: 'No driver at this address', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(/must be a GUID/)).toHaveCount(0);

    // A well-formed ID the service does not know: its 404, and the way back.
    await page.goto('/users/00000000-0000-4000-8000-000000000000');
    await expect(
      page.getByRole('heading', { name: 'This user cannot be shown', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to users' }).click();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });
});
