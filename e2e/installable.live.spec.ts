import { demoManager, expect, signIn, test } from './fixtures';
import { deployNewVersion } from './live-stack';

/**
 * The live console's service worker (sw.js) behind nginx: installed after sign-in, it keeps the
 * app shell for a reload without the network, and a redeploy reaches the open tab on its next
 * page. The other live journeys block service workers; these need them.
 */
test.use({ serviceWorkers: 'allow' });

/** The script URL of the worker controlling the page, or '' without one. */
const controllerScript = () => navigator.serviceWorker.controller?.scriptURL ?? '';

test.describe('installable and offline (live)', () => {
  test(
    'nginx serves the worker and the manifest uncached, with their types',
    { tag: '@live' },
    async ({ page }) => {
      const worker = await page.request.get('/sw.js');
      expect(worker.headers()['cache-control']).toBe('no-cache');
      expect(worker.headers()['content-type']).toMatch(/javascript/);
      const manifest = await page.request.get('/manifest.webmanifest');
      expect(manifest.headers()['cache-control']).toBe('no-cache');
      expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      expect(await manifest.json()).toMatchObject({
        name: 'Fleet Console',
        display: 'standalone',
        scope: '/',
        theme_color: '#1971c2',
      });
      const index = await (await page.request.get('/users')).text();
      expect(index).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    },
  );

  test(
    'after sign-in the worker takes the page, and offline a reload still shows the console',
    { tag: '@live' },
    async ({ page, context }) => {
      test.slow();
      await signIn(page, demoManager, { path: '/users' });
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      // Registered after the first paint; it takes the page as it activates.
      await expect.poll(() => page.evaluate(controllerScript)).toMatch(/\/sw\.js$/);
      const caches = await page.evaluate(() => globalThis.caches.keys());
      expect(caches.some((name) => name.startsWith('fleet-console-precache'))).toBe(true);
      // Only the app's own files are kept: nothing of the service.
      const cachedUrls = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await globalThis.caches.keys()) {
          const cache = await globalThis.caches.open(name);
          urls.push(...(await cache.keys()).map((request) => request.url));
        }
        return urls;
      });
      expect(cachedUrls.filter((url) => url.includes('/service/'))).toEqual([]);

      // A load under the worker, which keeps what the page needs (its page code, config.json).
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      expect(await page.evaluate(controllerScript)).toMatch(/\/sw\.js$/);

      await context.setOffline(true);
      // The worker itself is cut off too: config.json at an address it never kept fails.
      expect(
        await page.evaluate(() =>
          fetch('/config.json?offline-probe').then(
            () => 'answered',
            () => 'failed',
          ),
        ),
      ).toBe('failed');
      const reload = await page.reload();
      expect(reload?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      await context.setOffline(false);
    },
  );

  test(
    'a redeploy while the worker is installed reaches the tab on its next page, once',
    { tag: '@live' },
    async ({ page }) => {
      test.slow();
      await signIn(page, demoManager, { path: '/users' });
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      await expect.poll(() => page.evaluate(controllerScript)).toMatch(/\/sw\.js$/);
      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      // Both pages' code is in the tab: going between them needs nothing of the old version.
      await navigation.getByRole('link', { name: 'Vehicles', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible();
      await navigation.getByRole('link', { name: 'Users', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      await page.evaluate(() => {
        navigator.serviceWorker.addEventListener('controllerchange', () =>
          document.documentElement.setAttribute('data-test-worker-replaced', ''),
        );
      });

      const release = `sw-${Date.now()}`;
      await deployNewVersion(release);
      // The tab asks for sw.js again at most once a minute, on a navigation: a minute passes.
      await page.clock.setFixedTime(Date.now() + 2 * 60_000);
      await navigation.getByRole('link', { name: 'Vehicles', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible();
      // The new version's worker installs, and with no unsaved work takes the page at once…
      await expect(page.locator('html[data-test-worker-replaced]')).toHaveCount(1);
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return !registration?.waiting && registration?.active?.state === 'activated';
          }),
        )
        .toBe(true);
      await expect(page.getByText('The console was updated')).toHaveCount(0);
      // …and the next page is the new version's.
      await navigation.getByRole('link', { name: 'Users', exact: true }).click();
      await expect(page.getByText('The console was updated')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/users');
      const entryScript = () =>
        document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.src;
      expect(await page.evaluate(entryScript)).toContain(`/assets/${release}-`);
      const precached = await page.evaluate(async () => {
        const name = (await globalThis.caches.keys()).find((key) =>
          key.startsWith('fleet-console-precache'),
        );
        const cache = name ? await globalThis.caches.open(name) : undefined;
        return ((await cache?.keys()) ?? []).map((request) => request.url);
      });
      expect(precached.some((url) => url.includes(`/assets/${release}-`))).toBe(true);
      // Once: the new version's page goes on to others without loading again.
      await page.evaluate(() => document.documentElement.setAttribute('data-test-updated', ''));
      await navigation.getByRole('link', { name: 'Groups', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
      await expect(page.locator('html[data-test-updated]')).toHaveCount(1);
    },
  );

  test(
    'a page loaded after a redeploy runs the new version at once, and is not loaded again for it',
    { tag: '@live' },
    async ({ page }) => {
      test.slow();
      await signIn(page, demoManager, { path: '/users' });
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      await expect.poll(() => page.evaluate(controllerScript)).toMatch(/\/sw\.js$/);
      const release = `sw-reload-${Date.now()}`;
      await deployNewVersion(release);
      // The page comes from the network even under the old worker: the new version's.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      const entryScript = () =>
        document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.src;
      expect(await page.evaluate(entryScript)).toContain(`/assets/${release}-`);
      // The new worker takes over from the old, keeping the version the page runs…
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            const name = (await globalThis.caches.keys()).find((key) =>
              key.startsWith('fleet-console-precache'),
            );
            const cache = name ? await globalThis.caches.open(name) : undefined;
            const entry = document.querySelector<HTMLScriptElement>(
              'script[type="module"][src*="/assets/"]',
            )?.src;
            return (
              !registration?.waiting &&
              registration?.active?.state === 'activated' &&
              !!entry &&
              !!(await cache?.match(entry))
            );
          }),
        )
        .toBe(true);
      // …so its next pages need no reload.
      await page.evaluate(() => document.documentElement.setAttribute('data-test-page', ''));
      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      await navigation.getByRole('link', { name: 'Vehicles', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Vehicles', level: 1 })).toBeVisible();
      await navigation.getByRole('link', { name: 'Groups', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
      await expect(page.locator('html[data-test-page]')).toHaveCount(1);
      await expect(page.getByText('The console was updated')).toHaveCount(0);
    },
  );

  test(
    'the demo opened on a live deployment (?demo) removes the live worker and its caches first',
    { tag: '@live' },
    async ({ page }) => {
      test.slow();
      await signIn(page, demoManager, { path: '/users' });
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      await expect.poll(() => page.evaluate(controllerScript)).toMatch(/\/sw\.js$/);

      // The live session gone (as one that expired), the worker and its caches still there.
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await page.goto('/login?demo&demoLatency=0');
      await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
      // The demo's worker has the scope; nothing of the live worker is left.
      await expect
        .poll(() => page.evaluate(controllerScript))
        .toMatch(/\/demo-service-worker\.js$/);
      const workers = await page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map(
          (registration) => registration.active?.scriptURL ?? '',
        ),
      );
      expect(workers).toEqual([expect.stringMatching(/\/demo-service-worker\.js$/)]);
      const caches = await page.evaluate(() => globalThis.caches.keys());
      expect(caches.filter((name) => name.startsWith('fleet-console-'))).toEqual([]);
      // And the demo works: its service answers the sign-in.
      await page.getByLabel('Username').fill(demoManager.username);
      await page.getByLabel('Password', { exact: true }).fill(demoManager.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
      await expect(page.getByText('Demo', { exact: true })).toBeVisible();
    },
  );
});
