import { expectNoSeriousViolations } from './axe-checks';
import {
  demoManager,
  expect,
  injectFaults,
  overviewReadsDone,
  signInToOverview,
  signIn,
  test,
} from './fixtures';

/*
 * What a user sees while data is on its way: the shell and heading paint first, the loading state
 * is announced by name and passes axe, and a rate-limited service is waited for and explained.
 */

/** Slow enough that each page is seen loading, whatever the machine. */
const SLOW_SERVICE = 'demoLatency=6000';

/** The first page after signing in loads the console's code: slow on a busy machine. */
const FIRST_PAGE = { timeout: 30_000 };

test.describe('loading states', () => {
  // Cold loads of the map and event pages are slow on a busy machine, and axe is slower still.
  test.describe.configure({ timeout: 240_000 });

  // The loading state each page shows while its data is on the way (none for the assignments
  // table, whose placeholder is not announced).
  for (const [path, heading, loadingStatus] of [
    ['/groups', 'Groups', 'Loading'],
    ['/geofences', 'Geofences', 'Loading geofences'],
    ['/events', /Safety events|Review queue/, 'Loading'],
    ['/driver-assignments', 'Driver assignments', null],
  ] as const) {
    test(`a cold load of ${path} paints the shell and an accessible loading state first`, async ({
      page,
    }) => {
      await signInToOverview(page, demoManager, FIRST_PAGE);
      await page.goto(`${path}?${SLOW_SERVICE}`);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      // Seen together with the heading: the shell did not wait for the data.
      if (loadingStatus) {
        await expect(page.getByRole('status', { name: loadingStatus, exact: true })).toBeVisible();
      }
      await expectNoSeriousViolations(page, `a cold load of ${path}`);
    });
  }

  test('a 429 holds the read until Retry-After and the page says when it resumes', async ({
    page,
  }) => {
    await signInToOverview(page, demoManager, FIRST_PAGE);
    await overviewReadsDone(page);
    const retryAfterSeconds = 4;
    await injectFaults(page, [
      {
        method: 'GET',
        pathPattern: '/v0/vehicles/all$',
        status: 429,
        retryAfter: retryAfterSeconds,
        times: 1,
      },
    ]);
    // Other reads of the vehicle list (lookups with their own parameters) are not the retry: only
    // a second request for the refused address is.
    const sent: { url: string; at: number }[] = [];
    let refusedUrl: string | undefined;
    page.on('request', (request) => {
      if (/\/v0\/vehicles\/all(\?|$)/.test(request.url())) {
        sent.push({ url: request.url(), at: Date.now() });
      }
    });
    page.on('response', (response) => {
      if (response.status() === 429) refusedUrl ??= response.url();
    });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Vehicles', exact: true })
      .click();

    const notice = page.getByRole('status').filter({ hasText: 'The service is busy' });
    await expect(notice).toContainText(/Loading continues by itself at \d/);
    await expect(
      page.getByRole('table', { name: 'Vehicles' }).getByRole('link').first(),
    ).toBeVisible({ timeout: 30_000 });
    await expect(notice).toBeHidden();
    const sameRead = sent.filter((request) => request.url === refusedUrl);
    expect(sameRead.length).toBeGreaterThanOrEqual(2);
    // Request events reach the test up to a few hundred milliseconds late on a busy machine; a
    // retry "at once" would be seconds early, so half a second of slack still catches it.
    expect(sameRead[1]!.at - sameRead[0]!.at).toBeGreaterThanOrEqual(
      retryAfterSeconds * 1000 - 500,
    );
  });

  test('a 429 asking for two minutes holds every read of that service and says when loading resumes', async ({
    page,
  }) => {
    // The page's clock is the test's: two minutes pass at a call, not in real time.
    await page.clock.install();
    await signInToOverview(page, demoManager, FIRST_PAGE);
    await overviewReadsDone(page);
    await injectFaults(page, [
      { method: 'GET', pathPattern: '/v0/vehicles/all$', status: 429, retryAfter: 120, times: 1 },
    ]);
    const vehicleReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v0/vehicles')) vehicleReads.push(request.url());
    });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Vehicles', exact: true })
      .click();

    const notice = page.getByRole('status').filter({ hasText: 'The service is busy' });
    await expect(notice).toContainText(/Loading continues by itself at \d/);
    // A new search of the same service waits too, instead of meeting the next 429. (Reads sent
    // beside the refused one are reported as they are answered, so only the new one is counted.)
    await page.getByLabel('Name contains').fill('PDX-T1');
    await expect(page).toHaveURL(/name=PDX-T1/);
    await page.clock.runFor('01:50');
    await expect(notice).toBeVisible();
    expect(vehicleReads.filter((url) => url.includes('PDX-T1'))).toEqual([]);

    await page.clock.runFor('00:11');
    await expect(
      page.getByRole('table', { name: 'Vehicles' }).getByRole('link').first(),
    ).toBeVisible({ timeout: 30_000 });
    await expect(notice).toBeHidden();
    expect(vehicleReads.filter((url) => url.includes('PDX-T1')).length).toBeGreaterThan(0);
  });

  test('the audit log opened while its read waits out a 429 shows the shell at once, with the wait in the page', async ({
    page,
  }) => {
    await signInToOverview(page, demoManager, FIRST_PAGE);
    await overviewReadsDone(page);
    await injectFaults(page, [
      { method: 'GET', pathPattern: '/groups/auditLogs$', status: 429, retryAfter: 120 },
    ]);
    // Opened by its address, as a bookmark or a shared link does: the route's loader runs first.
    await page.goto('/groups/audit');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'The service is busy' })).toContainText(
      /Loading continues by itself at \d/,
    );
    // The rest of the console stays in reach while the log waits.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Vehicles', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible();
  });

  test('a vehicle’s page opened while its read waits out a 429 shows the shell at once, with the wait in the page', async ({
    page,
  }) => {
    await signIn(page, demoManager, { path: '/vehicles?name=PDX-T101' });
    const link = page.getByRole('link', { name: 'PDX-T101', exact: true }).first();
    const address = await link.getAttribute('href');
    expect(address).toMatch(/^\/vehicles\/[0-9a-f-]{36}$/);
    await injectFaults(page, [
      { method: 'GET', pathPattern: '/vehicles/[0-9a-f-]{36}$', status: 429, retryAfter: 120 },
    ]);
    await page.goto(address!);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'The service is busy' })).toContainText(
      /Loading continues by itself at \d/,
    );
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Users', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });
});
