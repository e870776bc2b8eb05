import {
  test as base,
  expect,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { demoFaultsSchema, type DemoFault } from '../src/mocks/demo-faults';
import { liveServiceFaults, resetLiveService, setLiveServiceFaults } from './live-stack';
import { PROBE_HEADER, recordRequest } from './request-log';

/** A 1x1 transparent PNG: map tiles cannot load in tests, and the app must cope without them. */
export const blankTile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);

/** The blank tile's headers: CORS as OpenStreetMap's tile servers send it (the packet's map reads it). */
export const blankTileHeaders = { 'Access-Control-Allow-Origin': '*' };

/** Map tile addresses: the OpenStreetMap tiles of config.json and any /tile(s)/ path. */
export const tileUrlPattern = /tile\.openstreetmap\.org|\/tiles?\//;

/** Each link of the main navigation and the heading of the page it opens. */
export const navigationPages = [
  ['Overview', 'Overview'],
  ['Users', 'Users'],
  ['Groups', 'Groups'],
  ['Vehicles', 'Vehicles'],
  ['Fleet map', 'Fleet map'],
  ['Devices', 'Devices'],
  ['Geofences', 'Geofences'],
  ['Safety events', /Safety events|Review queue/],
  ['Scorecards', 'Scorecards'],
  ['Coaching backlog', 'Coaching backlog'],
  ['Driver assignments', 'Driver assignments'],
  ['Dispatch upload', /Dispatch/],
  ['Settings', 'Settings'],
] as const;

export const demoManager = { username: 'maria.lopez', password: 'Demo-Manager-1' };
export const demoDispatcher = { username: 'dan.okafor', password: 'Demo-Dispatch-1' };

/** E2E_CPU_THROTTLE=4 runs every page at a quarter of the CPU (Chromium's own throttling). */
const cpuThrottle = Math.max(1, Number(process.env.E2E_CPU_THROTTLE) || 1);

async function throttleCpu(context: BrowserContext, page: Page): Promise<void> {
  if (cpuThrottle === 1) return;
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
}

/**
 * The `live` project runs the journeys tagged @live against the production build behind nginx
 * and the demo service over HTTP (playwright.config.ts); the helpers below serve both.
 */
const LIVE_PROJECT = 'live';
const isLive = () => base.info().project.name === LIVE_PROJECT;
/** The demo build's project; the others run the build live (`live`, and `vendor` on Prism). */
const isDemo = () => base.info().project.name === 'demo';

export const test = base.extend<{ liveServiceReset: null }>({
  // The live journeys share one service: each starts from the seeded company, without faults.
  liveServiceReset: [
    async ({ baseURL: _baseURL }, use) => {
      if (isLive()) await resetLiveService();
      await use(null);
    },
    { auto: true },
  ],
  context: async ({ context }, use, testInfo) => {
    // Every request the console sends is checked against the vendor's files after the run.
    const testName = [testInfo.project.name, ...testInfo.titlePath].filter(Boolean).join(' › ');
    // The vendor project's requests are checked by its mock, Prism, against the same files.
    if (testInfo.project.name !== 'vendor') {
      context.on('request', (request) => recordRequest(request, testInfo.workerIndex, testName));
    }
    // context.route, not page.route: the demo service worker refetches unhandled requests itself.
    await context.route(tileUrlPattern, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'image/png',
        body: blankTile,
        headers: blankTileHeaders,
      }),
    );
    // Tabs a journey opens itself are throttled as they open.
    context.on('page', (page) => void throttleCpu(context, page).catch(() => undefined));
    await use(context);
  },
  page: async ({ context, page }, use) => {
    await throttleCpu(context, page);
    await use(page);
  },
});

export { expect };

/** Opens the console with the demo knobs (no artificial latency unless asked) and signs in. */
export async function signIn(
  page: Page,
  account = demoManager,
  options: { path?: string; demoParams?: string } = {},
): Promise<void> {
  const params = isDemo() ? (options.demoParams ?? 'demoLatency=0') : '';
  const path = options.path ?? '/';
  await page.goto(params ? `${path}${path.includes('?') ? '&' : '?'}${params}` : path);
  // The first visit seeds the demo company; at ?demoScale=100 that takes a while.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 60_000 });
  await submitSignIn(page, account);
}

/** Fills in and sends the sign-in form the page shows (after a sign-out or an expiry, say). */
async function submitSignIn(page: Page, account = demoManager): Promise<void> {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in and waits for the overview, where a sign-in lands. The first page after signing in
 * loads the signed-in console's code: `timeout` gives a journey's first load more time.
 */
export async function signInToOverview(
  page: Page,
  account = demoManager,
  options: { timeout?: number } = {},
): Promise<void> {
  await signIn(page, account);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible({
    timeout: options.timeout,
  });
}

/**
 * Waits until the overview has read what it reads after its first paint (the camera-health card
 * reads the vehicle and device lists): a fault set for those lists after this meets the page the
 * test opens next, not the overview.
 */
export async function overviewReadsDone(page: Page): Promise<void> {
  await expect(page.getByText(/cameras? not connected for \d+\+ days/)).toBeVisible();
}

/**
 * Opens a vehicle's page from the vehicle list filtered by its name, the list reached `from`:
 * - 'address' (default): a load of the filtered list's address, in a signed-in tab;
 * - 'menu': the main navigation and the name filter, without a page load (a full load restarts
 *   the demo service);
 * - 'sign-in': signing in at the filtered list's address.
 */
export async function openVehicle(
  page: Page,
  name: string,
  options: { from?: 'address' | 'menu' | 'sign-in'; timeout?: number } = {},
): Promise<void> {
  const from = options.from ?? 'address';
  if (from === 'menu') {
    await page.getByRole('link', { name: 'Vehicles', exact: true }).click();
    await page.getByLabel('Name contains').fill(name);
  } else if (from === 'sign-in') {
    await signIn(page, demoManager, { path: `/vehicles?name=${name}` });
  } else {
    await page.goto(`/vehicles?name=${name}`);
  }
  await page
    .getByRole('table', { name: 'Vehicles' })
    .getByRole('link', { name, exact: true })
    .click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({
    timeout: options.timeout,
  });
}

/**
 * The demo comes with its legacy ECM key set up. This makes the page start as a browser where the
 * key was removed, before any script runs; a key saved during the test then stays.
 */
export async function startWithoutEcmKey(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const key = 'fleet-console.ecm-access';
    if (localStorage.getItem(key) === null) {
      localStorage.setItem(
        key,
        JSON.stringify({ apiKey: '', deploymentId: '', customBaseUrl: '' }),
      );
    }
  });
}

/**
 * The token runs out at the moment of the next request that matches: the demo service answers it
 * with 401, as the real service does for an expired token. No test has to wait out a lifetime.
 */
export async function expireSessionAtNextRequest(
  page: Page,
  request: { method: string; pathPattern: string },
): Promise<void> {
  if (isLive()) {
    await setLiveServiceFaults([
      ...(await liveServiceFaults()),
      { ...request, status: 401, times: 1 },
    ]);
    return;
  }
  await page.evaluate((fault) => {
    const key = 'fleet-console.demo-faults';
    const faults: unknown[] = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
    sessionStorage.setItem(key, JSON.stringify([...faults, { ...fault, status: 401, times: 1 }]));
  }, request);
}

/**
 * Replaces the demo service's injected faults (src/mocks/demo-faults.ts), in the tab or, live,
 * through the HTTP service's admin path; [] clears them.
 */
export async function injectFaults(page: Page, faults: DemoFault[]): Promise<void> {
  if (isLive()) return setLiveServiceFaults(faults);
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    'fleet-console.demo-faults',
    JSON.stringify(faults),
  ] as const);
}

/** The injected faults as they stand, with the times each still has to fire. */
export async function injectedFaults(page: Page): Promise<DemoFault[]> {
  if (isLive()) return liveServiceFaults();
  const stored = await page.evaluate(
    (key) => sessionStorage.getItem(key) ?? '[]',
    'fleet-console.demo-faults',
  );
  return demoFaultsSchema.parse(JSON.parse(stored));
}

/**
 * Sends a request from the console's page as a curious user would from the browser's console:
 * with the signed-in token (unless `signedIn` is false), to an address of the page's origin such
 * as `/service/api/v1/users`. The body is JSON, or `bodyBytes` bytes of filler. The request is
 * the journey's, not the console's, so the request check leaves it out (PROBE_HEADER).
 */
export async function sendFromPage(
  page: Page,
  method: string,
  path: string,
  options: { body?: unknown; bodyBytes?: number; signedIn?: boolean } = {},
): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ method, path, body, bodyBytes, signedIn, probeHeader }) => {
      const session = JSON.parse(sessionStorage.getItem('fleet-console.session') ?? '{}') as {
        token?: string;
      };
      const headers: Record<string, string> = { [probeHeader]: '1' };
      if (signedIn && session.token) headers.Authorization = `Bearer ${session.token}`;
      let payload: string | undefined;
      if (bodyBytes !== undefined) payload = 'x'.repeat(bodyBytes);
      else if (body !== undefined) payload = JSON.stringify(body);
      if (payload !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(path, { method, headers, body: payload });
      return { status: response.status, text: await response.text() };
    },
    {
      method,
      path,
      body: options.body,
      bodyBytes: options.bodyBytes,
      signedIn: options.signedIn ?? true,
      probeHeader: PROBE_HEADER,
    },
  );
}

/** The texts among `elements` that their box cuts off (an ellipsis, or lines clamped away). */
export async function cutTexts(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes
      .flatMap((node) => [node, ...node.querySelectorAll('*')])
      .filter((node) => getComputedStyle(node).overflow !== 'visible')
      .filter(
        (node) =>
          node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1,
      )
      .map((node) => node.textContent ?? ''),
  );
}

/**
 * Where a column is in `table`, found by its header's text: the column's position is the user's
 * to change (the lists' column menu reorders and hides columns).
 */
async function columnIndex(table: Locator, header: string | RegExp): Promise<number> {
  const headerRow = table.getByRole('row').first();
  const text =
    typeof header === 'string' ? new RegExp(`^\\s*${escapeRegExp(header)}\\s*$`) : header;
  return headerRow
    .getByRole('columnheader')
    .filter({ hasText: text })
    .evaluate((cell) => (cell as HTMLTableCellElement).cellIndex);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every row's cell in the column whose header is `header`, in row order: the rows drawn when the
 * locator is used, as with any locator.
 */
export async function cellsInColumn(table: Locator, header: string | RegExp): Promise<Locator> {
  const index = await columnIndex(table, header);
  return table
    .getByRole('row')
    .locator(`:scope > :nth-child(${index + 1})`)
    .and(table.page().getByRole('cell'));
}
