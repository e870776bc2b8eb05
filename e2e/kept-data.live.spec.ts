import type { Page, Route } from '@playwright/test';
import { demoDispatcher, demoManager, expect, signIn, test } from './fixtures';

/**
 * What the live console keeps on disk for its user (IndexedDB, the worker's Cache Storage) and
 * when it goes, checked from inside the page as a person's browser holds it.
 */

// The console's worker is part of what is kept (the other live journeys block workers).
test.use({ serviceWorkers: 'allow' });

const CONSOLE_DATABASE_PREFIX = 'fleet-console-cache';

/** Every IndexedDB database and Cache Storage cache of the page's origin (all the console's). */
async function keptOnDisk(page: Page): Promise<{ databases: string[]; caches: string[] }> {
  return page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((info) => info.name ?? ''),
    caches: await caches.keys(),
  }));
}

async function keptOwners(page: Page): Promise<string[]> {
  return page.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(new Error('The queries database cannot be opened.'));
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('queries')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('queries').objectStore('queries').getAll();
          all.onsuccess = () => {
            db.close();
            const owners = (all.result as { owner: string }[]).map((entry) => entry.owner);
            resolve([...new Set(owners)]);
          };
        };
      }),
    `${CONSOLE_DATABASE_PREFIX}.queries`,
  );
}

const vehiclesTable = (page: Page) => page.getByRole('table', { name: 'Vehicles' });

async function readVehicles(page: Page): Promise<void> {
  await expect(vehiclesTable(page).getByRole('link', { name: 'PDX-P102' })).toBeVisible({
    timeout: 30_000,
  });
}

test.describe('what the live console keeps on disk', () => {
  test(
    'a second visit paints the list from what was kept, before the service answers',
    { tag: '@live' },
    async ({ page, context }) => {
      test.slow();
      const vehicleListRequest = /\/service\/api\/.*vehicles.*\/all\b/;
      let listRequests = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'fetch' && vehicleListRequest.test(request.url())) {
          listRequests++;
        }
      });
      await signIn(page, demoManager, { path: '/vehicles?name=PDX-P102' });
      await readVehicles(page);
      // The pattern below does catch the list's read.
      expect(listRequests).toBeGreaterThan(0);
      await expect.poll(async () => keptOwners(page)).toEqual([expect.stringContaining('maria')]);
      await page.close();

      // Next morning: a new tab, signed in again; the service's vehicle list never answers.
      const second = await context.newPage();
      await second.route(vehicleListRequest, (route) =>
        route.request().resourceType() === 'fetch' ? route.abort() : route.fallback(),
      );
      await signIn(second, demoManager, { path: '/vehicles?name=PDX-P102' });
      await readVehicles(second);
      await second.close();
    },
  );

  test(
    'offline, a reload shows the shell and the list as kept, with changes turned off; back online it refreshes',
    { tag: '@live' },
    async ({ page, context }) => {
      test.slow();
      await signIn(page, demoManager, { path: '/vehicles?name=PDX-P102' });
      await readVehicles(page);
      // The worker has the app's code once it controls the page; a load under it (the next
      // visit's) keeps what the page needs.
      await expect
        .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 })
        .toBe(true);
      await expect.poll(async () => keptOwners(page)).toEqual([expect.stringContaining('maria')]);
      await page.reload();
      await readVehicles(page);

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await readVehicles(page);
      await expect(page.getByText(/^As of /)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Offline since/ })).toBeVisible();
      // Changes are off, and say why.
      await expect(page.getByRole('button', { name: 'New vehicle' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      let reads = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'fetch' && /\/service\/api\//.test(request.url())) reads++;
      });
      await context.setOffline(false);
      await expect(page.getByText(/Offline since/)).toBeHidden();
      await expect(page.getByText(/^As of /)).toBeHidden();
      await vehiclesTable(page).getByRole('link', { name: 'PDX-P102' }).click();
      await expect(page.getByRole('region', { name: 'Details' })).toBeVisible({ timeout: 30_000 });
      expect(reads).toBeGreaterThan(0);
    },
  );

  test(
    "a scorecard window's ranking paints from what was kept, before the service answers, and stays offline",
    { tag: '@live' },
    async ({ page, context }) => {
      test.slow();
      const ranking = (on: Page) => on.getByRole('table', { name: 'Driver ranking' });
      const eventsRead = /\/service\/api\/.*\/events(WithMetadata)?\b/;
      await signIn(page, demoManager, { path: '/scorecards' });
      await expect(page.getByText(/^Scorecards from [\d,.\s]+ events\.$/)).toBeVisible({
        timeout: 60_000,
      });
      // The ranking's first row once drawn (a row is empty while it renders).
      await expect(ranking(page).getByRole('row').nth(1)).toHaveText(/\S/);
      const firstDriver = (await ranking(page).getByRole('row').nth(1).textContent()) ?? '';
      await expect
        .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 })
        .toBe(true);
      await page.close();

      // The next visit: the safety service's event reads are held unanswered while it looks.
      const next = await context.newPage();
      const held: Route[] = [];
      await next.route(eventsRead, (route) => {
        if (route.request().resourceType() !== 'fetch') return route.fallback();
        held.push(route);
      });
      await signIn(next, demoManager, { path: '/scorecards' });
      await expect(ranking(next).getByRole('row').nth(1)).toHaveText(firstDriver, {
        timeout: 30_000,
      });
      expect(held.length).toBeGreaterThan(0);
      await next.unroute(eventsRead);
      await Promise.all(held.map((route) => route.abort().catch(() => undefined)));

      await context.setOffline(true);
      await next.reload();
      await expect(ranking(next).getByRole('row').nth(1)).toHaveText(firstDriver);
      await expect(next.getByText(/^As of /)).toBeVisible();
      await context.setOffline(false);
    },
  );

  test(
    'sign-out leaves no database and no cache of the console, in every tab',
    { tag: '@live' },
    async ({ page, context }) => {
      test.slow();
      await signIn(page, demoManager, { path: '/vehicles?name=PDX-P102' });
      await readVehicles(page);
      await expect
        .poll(async () => (await keptOnDisk(page)).databases)
        .toContain(`${CONSOLE_DATABASE_PREFIX}.queries`);
      // A second tab of the same session, which reads too.
      const other = await context.newPage();
      await other.goto('/vehicles?name=PDX-P102');
      await readVehicles(other);

      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect.poll(async () => keptOnDisk(page)).toEqual({ databases: [], caches: [] });
      await expect.poll(async () => keptOnDisk(other)).toEqual({ databases: [], caches: [] });
    },
  );

  test(
    'another user signing in finds nothing of the one before',
    { tag: '@live' },
    async ({ page, context }) => {
      test.slow();
      await signIn(page, demoManager, { path: '/vehicles?name=PDX-P102' });
      await readVehicles(page);
      await expect.poll(async () => keptOwners(page)).toEqual([expect.stringContaining('maria')]);
      // The tab is closed without signing out; someone else signs in on this computer.
      await page.close();
      const next = await context.newPage();
      await signIn(next, demoDispatcher, { path: '/vehicles' });
      await expect(next.getByRole('table', { name: 'Vehicles' })).toBeVisible({
        timeout: 30_000,
      });
      await expect.poll(async () => keptOwners(next)).toEqual([expect.stringContaining('dan')]);
    },
  );

  test('"This is a shared computer" keeps nothing on disk', { tag: '@live' }, async ({ page }) => {
    test.slow();
    await page.goto('/vehicles?name=PDX-P102');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Username').fill(demoManager.username);
    await page.getByLabel('Password', { exact: true }).fill(demoManager.password);
    await page.getByLabel('This is a shared computer: keep nothing on it').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await readVehicles(page);
    // Another page of the console, read and left.
    await page.getByRole('link', { name: 'Users' }).first().click();
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible({ timeout: 30_000 });
    expect(await keptOnDisk(page)).toEqual({ databases: [], caches: [] });
    const registrations = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((each) => each.scope),
    );
    expect(registrations).toEqual([]);
  });
});
