import type { Page, Request } from '@playwright/test';
import { expect, injectedFaults, injectFaults, signInToOverview, test } from './fixtures';

/*
 * Faults are injected by the demo service itself (its fault switch in session storage, or its
 * admin path live): the service worker answers the console's API requests, so Playwright routing
 * never sees them.
 */
const USER_LIST = '/v1/users$';
const USER_DETAIL = '/v1/users/[0-9a-fA-F-]{36}$';

/** How many times each fault is still to fire: proves the fault was really met. */
async function remainingTimes(page: Page): Promise<(number | undefined)[]> {
  return (await injectedFaults(page)).map((fault) => fault.times);
}

/** A fresh load, so the list cannot come from the cache or a preload made before the fault. */
async function openUsers(page: Page): Promise<void> {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
}

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users' });
}

/** A user's link: the table shows a placeholder row while it loads. */
function firstUserLink(page: Page) {
  return usersTable(page).getByRole('link').first();
}

async function openFirstUser(page: Page) {
  await openUsers(page);
  await firstUserLink(page).click();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByLabel('Employee ID')).toBeVisible();
  return profile;
}

test.describe('resilience', () => {
  test(
    'reads recover by themselves when the service fails and then answers',
    { tag: '@live' },
    async ({ page }) => {
      await signInToOverview(page);
      await injectFaults(page, [{ method: 'GET', pathPattern: USER_LIST, status: 500, times: 2 }]);
      await openUsers(page);
      await expect(firstUserLink(page)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(await remainingTimes(page)).toEqual([0]);
    },
  );

  test('a save cut off by the network says so, keeps the input, and works when pressed again', async ({
    page,
  }) => {
    await signInToOverview(page);
    const profile = await openFirstUser(page);
    await injectFaults(page, [
      { method: 'PUT', pathPattern: USER_DETAIL, kind: 'network', times: 1 },
    ]);
    await profile.getByLabel('Employee ID').fill('CF4242');
    await profile.getByRole('button', { name: 'Save changes' }).click();

    const alert = profile.getByRole('alert');
    await expect(alert).toContainText('The changes were not saved');
    await expect(alert).toContainText('Cannot reach the service, so nothing was saved');
    await expect(profile.getByLabel('Employee ID')).toHaveValue('CF4242');

    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The user was saved.')).toBeVisible();
    await expect(profile.getByRole('alert')).toHaveCount(0);
    await expect(profile.getByLabel('Employee ID')).toHaveValue('CF4242');
  });

  test(
    '429 on a read waits for Retry-After; on a write the user is told when to try again',
    { tag: '@live' },
    async ({ page }) => {
      await signInToOverview(page);
      const retryAfterSeconds = 2;
      await injectFaults(page, [
        {
          method: 'GET',
          pathPattern: USER_LIST,
          status: 429,
          retryAfter: retryAfterSeconds,
          times: 1,
        },
      ]);
      const listRequests: Request[] = [];
      page.on('request', (request) => {
        if (request.method() === 'GET' && /\/v1\/users(\?|$)/.test(request.url())) {
          listRequests.push(request);
        }
      });
      await openUsers(page);
      await expect(firstUserLink(page)).toBeVisible();
      expect(await remainingTimes(page)).toEqual([0]);
      expect(listRequests.length).toBeGreaterThanOrEqual(2);
      // When the browser sent each request (its own clock): the events reach the test late, by as
      // much as a busy page delays them.
      const [first, retry] = listRequests.map((request) => request.timing().startTime);
      expect(retry! - first!).toBeGreaterThanOrEqual(retryAfterSeconds * 1000 - 50);

      await firstUserLink(page).click();
      const profile = page.getByRole('region', { name: 'Profile' });
      await injectFaults(page, [
        { method: 'PUT', pathPattern: USER_DETAIL, status: 429, retryAfter: 30, times: 1 },
      ]);
      await profile.getByLabel('Employee ID').fill('CF4343');
      await profile.getByRole('button', { name: 'Save changes' }).click();
      await expect(profile.getByRole('alert')).toContainText('Try again in 30 seconds');
      await expect(profile.getByLabel('Employee ID')).toHaveValue('CF4343');
    },
  );

  test('an unknown field or a missing optional field does not break the users pages', async ({
    page,
  }) => {
    await signInToOverview(page);
    await injectFaults(page, [
      { method: 'GET', pathPattern: USER_LIST, transform: 'unknown-field' },
      {
        method: 'GET',
        pathPattern: USER_DETAIL,
        transform: 'drop-optional',
        fields: ['email', 'employeeId', 'cellPhoneCountry', 'cellPhoneNumber', 'lastLoginDate'],
      },
    ]);
    const profile = await openFirstUser(page);
    await expect(profile.getByLabel('Email')).toHaveValue('');
    await expect(profile.getByLabel('Employee ID')).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a malformed response gives a readable error, and Try again recovers once it is fixed', async ({
    page,
  }) => {
    await signInToOverview(page);
    await injectFaults(page, [{ method: 'GET', pathPattern: USER_LIST, body: '{not json' }]);
    await page.goto('/users');

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The service sent a response that is not valid JSON.');
    await injectFaults(page, []);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(firstUserLink(page)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
