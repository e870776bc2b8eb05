import type { Locator, Page } from '@playwright/test';
import { demoEcmApiKey } from '../src/config/demo-accounts';
import { demoManager, expect, signIn, test } from './fixtures';
import { vendorMock } from './vendor-mock';

/**
 * The production build live against the vendor's mock (Prism answering from the OpenAPI files;
 * scripts/vendor-mock.mjs): every route and the first record of every list, with the files' own
 * examples (and with E2E_VENDOR_DYNAMIC=1 with random answers that match their schemas). A page fails on a page
 * error, the route's error view, a page without its heading, "does not understand", or reads that
 * do not end; each route is its own step, and a failing one does not stop the others.
 */
test.skip(!vendorMock.available, vendorMock.skipReason);

/** Every route without a record in its address (the tabs and sub-pages that are routes too). */
const routes = [
  '/',
  '/users',
  '/users/new',
  '/groups',
  '/groups/audit',
  '/vehicles',
  '/vehicles/new',
  '/fleet-map',
  '/devices',
  '/devices?tab=health',
  '/geofences',
  '/geofences/activations',
  '/events',
  '/events/map',
  '/scorecards',
  '/coaching',
  '/driver-assignments',
  '/dispatch',
  '/settings',
];

/** The lists whose first record opens a page (or, for geofences, the map's panel) of its own. */
const lists: { path: string; firstRecord: (page: Page) => Locator }[] = [
  {
    path: '/users',
    firstRecord: (page) => firstLinkIn(page.getByRole('table', { name: 'Users' })),
  },
  {
    path: '/vehicles',
    firstRecord: (page) => firstLinkIn(page.getByRole('table', { name: 'Vehicles' })),
  },
  {
    path: '/devices',
    firstRecord: (page) => firstLinkIn(page.getByRole('table', { name: 'Devices' })),
  },
  {
    path: '/geofences',
    firstRecord: (page) =>
      page.getByRole('listbox', { name: 'Geofences' }).getByRole('option').first(),
  },
  {
    path: '/events',
    firstRecord: (page) => firstLinkIn(page.getByRole('table', { name: 'Safety events' })),
  },
  {
    path: '/scorecards',
    firstRecord: (page) => firstLinkIn(page.getByRole('table', { name: 'Driver ranking' })),
  },
];

function firstLinkIn(table: Locator): Locator {
  return table.getByRole('row').nth(1).getByRole('link').first();
}

/** How long a page may keep loading after its heading came: longer is a read that never ends. */
const SETTLE_MS = 20_000;

/** Mantine's spinners and placeholders, which every page shows while a read is on its way. */
const loadingIndicators = '.mantine-Loader-root, .mantine-Skeleton-root';

/** The page errors of a tab, taken as they come. */
function watchPageErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return () => errors.splice(0);
}

/**
 * What the page shows wrong once its spinners are gone: the route's error view, the words of a
 * refused answer, no heading, a page error, or reads that do not end. Read from the page in one
 * pass: role queries over the whole page took seconds each on a busy two-core machine.
 */
async function problemsOnPage(page: Page, takePageErrors: () => string[]): Promise<string[]> {
  const problems: string[] = [];
  const shown = page
    .getByRole('main')
    .getByRole('heading', { level: 1 })
    .or(page.getByText('This page could not be shown'))
    .or(page.getByText(/does not understand/))
    .first();
  await expect(shown)
    .toBeVisible()
    .catch(() => problems.push('a blank page: neither its heading nor an error came'));
  await expect
    .poll(() => page.locator(loadingIndicators).count(), { timeout: SETTLE_MS })
    .toBe(0)
    .catch(() =>
      problems.push(
        `reads that do not end: still loading ${SETTLE_MS / 1000} s after it was shown`,
      ),
    );
  // What the answers start once shown (a map fitting its shapes, the next reads) has its moment.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const found = await page.evaluate(() => {
    const errorViews = [...document.querySelectorAll<HTMLElement>('[role="alert"]')]
      .map((alert) => alert.innerText.trim())
      .filter((text) => text.startsWith('This page could not be shown'));
    const notUnderstood = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.includes('does not understand') && node.parentElement) {
        notUnderstood.add(node.parentElement.innerText.trim());
      }
    }
    return { errorViews, notUnderstood: [...notUnderstood] };
  });
  problems.push(...found.errorViews.map((text) => `the error view: ${text}`));
  problems.push(...found.notUnderstood.map((text) => `"does not understand": ${text}`));
  problems.push(...takePageErrors().map((message) => `a page error: ${message}`));
  return problems;
}

/** The signed-in console with the legacy ECM key set, as Settings would keep it. */
async function signInToMock(page: Page): Promise<void> {
  await page.addInitScript((apiKey) => {
    localStorage.setItem(
      'fleet-console.ecm-access',
      JSON.stringify({ apiKey, deploymentId: 'prod2.ph', customBaseUrl: '' }),
    );
  }, demoEcmApiKey);
  await signIn(page, demoManager);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

for (const origin of vendorMock.origins) {
  test.describe(`against the vendor's mock (${origin.label})`, () => {
    test.use({ baseURL: origin.url });

    test(`opens every route and the first record of every list (${origin.label})`, async ({
      page,
    }) => {
      // Some twenty-five pages, each waited for until its reads have ended.
      test.setTimeout(15 * 60_000);
      const takePageErrors = watchPageErrors(page);
      await signInToMock(page);
      for (const route of routes) {
        await test.step(route, async () => {
          await page.goto(route);
          expect.soft(await problemsOnPage(page, takePageErrors), route).toEqual([]);
          const list = lists.find((candidate) => candidate.path === route);
          if (!list) return;
          const record = list.firstRecord(page);
          if ((await record.count()) === 0) {
            // An empty list is an answer the files allow.
            test
              .info()
              .annotations.push({ type: 'no record', description: `${route} listed none` });
            return;
          }
          const opened = await record
            .click({ timeout: SETTLE_MS })
            .then(() => true)
            .catch(() => false);
          if (!opened) {
            expect
              .soft([`its first record could not be opened in ${SETTLE_MS / 1000} s`], route)
              .toEqual([]);
            return;
          }
          const where = `the first record of ${route} (${page.url()})`;
          expect.soft(await problemsOnPage(page, takePageErrors), where).toEqual([]);
        });
      }
    });
  });
}
