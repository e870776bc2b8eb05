// `npm run bench`: builds the app, serves it, and measures it in headless Chromium. Prints a
// table and writes bench-results/latest.json. Timings are reported, never asserted.
//
// BENCH_RUNS (default 3) sets how many runs each timing takes; the median is quoted.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { filesForRoute, kib, measureFiles, readManifest } from './bundle-sizes.mjs';
import {
  buildFloorApp,
  makeLiveBuild,
  measureSignInToOverview,
  measureStartupAgainstFloor,
  serveStatic,
} from './bench-startup.mjs';
import { measureFirefox } from './bench-firefox.mjs';
import { withLiveStack } from './bench-live.mjs';
import { measureEvidencePacket } from './bench-packet.mjs';
import { measureWebKit } from './bench-webkit.mjs';
import { chromiumArgs, findChromium } from './find-chromium.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4199);
/** BENCH_ONLY=geojson,scorecards measures only the steps whose name contains one of those texts. */
const ONLY = process.env.BENCH_ONLY?.toLowerCase()
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const DIST = 'dist-bench';
const BASE = `http://127.0.0.1:${PORT}`;
const MANAGER = { username: 'maria.lopez', password: 'Demo-Manager-1' };
/** The demo service's default latency (src/mocks/browser.ts), which the sign-in figure uses. */
const DEMO_LATENCY_MS = 120;
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => (value === undefined || value === null ? 'n/a' : `${Math.round(value)} ms`);

/** Route source files on the way to each page (layout first), for the bundle table. */
const routes = [
  ['/login', ['src/routes/__root.tsx', 'src/routes/login.tsx']],
  ['/', ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/index.tsx']],
  ['/users', ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/users/index.tsx']],
  ['/groups', ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/groups']],
  [
    '/vehicles',
    ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/vehicles/index.tsx'],
  ],
  [
    '/vehicles/$id',
    ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/vehicles/$vehicleId.tsx'],
  ],
  [
    '/devices',
    ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/devices/index.tsx'],
  ],
  ['/geofences', ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/geofences']],
  ['/fleet-map', ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/fleet-map']],
  [
    '/events',
    ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/events/index.tsx'],
  ],
  [
    '/events/map',
    ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/events/map.tsx'],
  ],
  [
    '/events/$id',
    ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/events/$eventId.tsx'],
  ],
  [
    '/driver-assignments',
    ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/driver-assignments'],
  ],
  ['/dispatch', ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/dispatch']],
  ['/settings', ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/settings']],
  [
    '/scorecards',
    ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/scorecards/index.tsx'],
  ],
];

function bundleTable() {
  const manifest = readManifest(DIST);
  const keys = Object.keys(manifest);
  return routes.map(([route, prefixes]) => {
    // A prefix matches a route file itself or any route file below a folder (e.g. groups/*).
    const routeFiles = keys
      .map((key) => key.split('?')[0])
      .filter((file, index, all) => all.indexOf(file) === index)
      .filter((file) =>
        prefixes.some(
          (prefix) =>
            file === prefix || file === `${prefix}.tsx` || file.startsWith(`${prefix}/index`),
        ),
      );
    const sizes = measureFiles(DIST, filesForRoute(manifest, routeFiles));
    return {
      route,
      jsRaw: sizes.jsRaw,
      jsGzip: sizes.jsGzip,
      cssRaw: sizes.cssRaw,
      cssGzip: sizes.cssGzip,
    };
  });
}

async function startServer() {
  const server = spawn(
    'npx',
    [
      'vite',
      'preview',
      '--outDir',
      DIST,
      '--port',
      String(PORT),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(`${BASE}/config.json`);
      if (response.ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The preview server did not start.');
}

async function newContext(browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await context.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
  return context;
}

/**
 * Waits until the page has fetched nothing, data or code, for `quietMs`: a user who has read the
 * overview before clicking, by when the console has loaded the other pages' code.
 */
async function untilSettled(page, quietMs = 3000) {
  await page.waitForFunction(
    (quiet) => {
      const ends = performance.getEntriesByType('resource').map((entry) => entry.responseEnd);
      return performance.now() - Math.max(0, ...ends) > quiet;
    },
    quietMs,
    { timeout: 60_000, polling: 250 },
  );
}

/**
 * Opens the console at a scale, signs in, and waits for the overview; with `settle`, also until
 * the overview has settled (the click then comes as a reader's would, not the moment it shows).
 */
async function signedInPage(browser, scale, { settle = false, base = BASE } = {}) {
  const context = await newContext(browser);
  const page = await context.newPage();
  // A live build ignores the demo's knobs.
  await page.goto(`${base}/login?demoLatency=0&demoScale=${scale}`);
  await page.getByLabel('Username').fill(MANAGER.username);
  await page.getByLabel('Password', { exact: true }).fill(MANAGER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor({ timeout: 60_000 });
  if (settle) await untilSettled(page);
  return { context, page };
}

/** Starts noting the page's longest main-thread task (the browser reports those over 50 ms). */
function watchLongTasks(page) {
  return page.evaluate(() => {
    window.__longestTask = 0;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries())
        window.__longestTask = Math.max(window.__longestTask, entry.duration);
    }).observe({ type: 'longtask' });
  });
}

/** Starts a measurement: forgets the long tasks so far and returns the page's time now. */
function startClock(page) {
  return page.evaluate(() => {
    window.__longestTask = 0;
    return performance.now();
  });
}

/** Time from a click on a navigation link until `ready` resolves. */
async function timeNavigation(page, linkName, ready) {
  const start = await page.evaluate(() => performance.now());
  await page.getByRole('navigation').getByRole('link', { name: linkName }).click();
  await ready();
  return (await page.evaluate(() => performance.now())) - start;
}

async function measureLogin(browser) {
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${BASE}/login?demoLatency=0`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Interactive: the form is rendered and the main thread is free (a task runs promptly).
    times.push(
      await page.evaluate(
        () => new Promise((resolve) => setTimeout(() => resolve(performance.now()), 0)),
      ),
    );
    await context.close();
  }
  return median(times);
}

/**
 * The language switch in Settings: from choosing French until the page and the navigation read
 * in French (the first time, its catalogs load), and back to English (already loaded).
 */
async function measureLanguageSwitch(browser) {
  const toFrench = [];
  const backToEnglish = [];
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await signedInPage(browser, 1, { settle: true });
    await page.goto(`${BASE}/settings`);
    const language = page.getByRole('combobox', { name: 'Language' });
    await language.waitFor({ timeout: 60_000 });
    await language.click();
    let start = await startClock(page);
    await page.getByRole('option', { name: 'Français (Canada)' }).click();
    await page.getByRole('heading', { name: 'Paramètres', level: 1 }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Aperçu' }).waitFor();
    toFrench.push((await page.evaluate(() => performance.now())) - start);
    await page.getByRole('combobox', { name: 'Langue' }).click();
    start = await startClock(page);
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).waitFor();
    backToEnglish.push((await page.evaluate(() => performance.now())) - start);
    await context.close();
  }
  return { toFrenchMs: median(toFrench), backToEnglishMs: median(backToEnglish) };
}

/** Each language's catalogs (every feature's, loaded together when the language is chosen). */
function catalogSizes() {
  const manifest = readManifest(DIST);
  return ['en', 'es-419', 'fr-CA'].map((locale) => {
    const files = Object.entries(manifest)
      .filter(([key]) => key.startsWith(`src/locales/${locale}/`))
      .map(([, entry]) => entry.file);
    const sizes = measureFiles(DIST, files);
    return { locale, jsRaw: sizes.jsRaw, jsGzip: sizes.jsGzip };
  });
}

/** A request's method and path with IDs folded, so a request per row shows up as one large count. */
function requestShape(request) {
  const path = new URL(request.url()).pathname
    .replace(/^\/service\/[^/]+/, '')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}');
  return `${request.method()} ${path}`;
}

/** Counts the API requests made while `action` runs and until the network settles. */
async function countRequests(page, action) {
  const shapes = [];
  const listener = (request) => {
    if (new URL(request.url()).pathname.startsWith('/service/')) shapes.push(requestShape(request));
  };
  page.on('request', listener);
  try {
    await action();
    // Requests the demo's service worker answers can be reported after their rows are drawn, and
    // a client-side navigation never changes the load state: wait for half a second without one.
    let seen = -1;
    let quietSince = Date.now();
    while (Date.now() - quietSince < 500) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (shapes.length !== seen) {
        seen = shapes.length;
        quietSince = Date.now();
      }
    }
  } finally {
    page.off('request', listener);
  }
  const byShape = {};
  for (const shape of shapes) byShape[shape] = (byShape[shape] ?? 0) + 1;
  return { total: shapes.length, byShape };
}

/** A list's first row: a table's first row below its header, or a tree's first item. */
const firstListRow = (list, role) =>
  role === 'tree' ? list.getByRole('treeitem').first() : list.getByRole('row').nth(1);

async function measureList(
  browser,
  scale,
  linkName,
  tableName,
  nextPageName,
  role = 'table',
  { settle = false, base = BASE } = {},
) {
  const firstRows = [];
  const pageChanges = [];
  let firstPageRequests = null;
  let pageChangeRequests = null;
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await signedInPage(browser, scale, { settle, base });
    const table = page.getByRole(role, { name: tableName });
    let elapsed = 0;
    const counted = await countRequests(page, async () => {
      elapsed = await timeNavigation(page, linkName, () =>
        firstListRow(table, role).waitFor({ timeout: 60_000 }),
      );
    });
    firstRows.push(elapsed);
    // The same on every run (the counts do not depend on timing), so the first run's are kept.
    firstPageRequests ??= counted;
    if (nextPageName) {
      const firstCell = await table.getByRole('row').nth(1).innerText();
      let start = 0;
      let end = 0;
      const counted = await countRequests(page, async () => {
        start = await page.evaluate(() => performance.now());
        await page.getByRole('button', { name: nextPageName }).first().click();
        await page
          .waitForFunction(
            ([name, before]) => {
              const row = document.querySelector(`table[aria-label="${name}"] tbody tr`);
              return row && row.textContent !== before.replace(/\t/g, '');
            },
            [tableName, firstCell],
            { timeout: 60_000 },
          )
          .catch(() => undefined);
        end = await page.evaluate(() => performance.now());
      });
      pageChanges.push(end - start);
      pageChangeRequests ??= counted;
    }
    await context.close();
  }
  return {
    firstRows: median(firstRows),
    pageChange: pageChanges.length ? median(pageChanges) : null,
    firstPageRequests,
    pageChangeRequests,
  };
}

/**
 * Signs in on a new page of a browser profile and waits for the overview (another open tab of the
 * profile may hand its session over, and then no form shows).
 */
async function signInOn(page, base, scale = 1) {
  await page.goto(`${base}/login?demoLatency=0&demoScale=${scale}`);
  const overview = page.getByRole('heading', { name: 'Overview', level: 1 });
  const username = page.getByLabel('Username');
  await Promise.race([
    overview.waitFor({ timeout: 60_000 }),
    username.waitFor({ timeout: 60_000 }),
  ]);
  if (await username.isVisible()) {
    await username.fill(MANAGER.username);
    await page.getByLabel('Password', { exact: true }).fill(MANAGER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await overview.waitFor({ timeout: 60_000 });
}

/**
 * A list's first rows on a first visit and on the next (a new tab of the same browser profile,
 * signed in again), where the live build paints it from what it kept on disk.
 */
async function measureListVisits(browser, base, linkName, tableName, role) {
  const first = [];
  const second = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext(browser);
    for (const times of [first, second]) {
      const page = await context.newPage();
      await signInOn(page, base);
      const list = page.getByRole(role, { name: tableName });
      // Two rows: a list that is still loading or empty shows one row at most.
      const rows = role === 'tree' ? list.getByRole('treeitem') : list.getByRole('row');
      times.push(
        await timeNavigation(page, linkName, () =>
          rows.nth(role === 'tree' ? 1 : 2).waitFor({ timeout: 60_000 }),
        ),
      );
      await page.close();
    }
    await context.close();
  }
  return { firstVisitMs: median(first), secondVisitMs: median(second) };
}

/** The other lists in the navigation: result key, link, list name and role. */
const otherLists = [
  ['users', 'Users', 'Users', 'table'],
  ['groups', 'Groups', 'Groups', 'tree'],
  ['devices', 'Devices', 'Devices', 'table'],
  ['driverAssignments', 'Driver assignments', 'Driver assignments', 'table'],
];

/** Every list, for the same clicks from an overview that has settled (the pages' code loaded). */
const settledLists = [
  ['vehicles', 'Vehicles', 'Vehicles', 'table'],
  ['events', 'Safety events', /queue|events/i, 'table'],
  ...otherLists,
];

/**
 * Until the event's video can play (the browser has enough of it to start), or null when the
 * event turned out to have no video the player could load.
 */
async function untilVideoPlayable(page) {
  const playable = await page.waitForFunction(
    () => {
      const video = document.querySelector('video[aria-label="Event video"]');
      if (video && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) return 'playable';
      const notice = document.querySelector('[role="status"], [role="alert"]');
      return /No video for this event|cannot be played|could not be loaded/.test(
        notice?.textContent ?? '',
      )
        ? 'none'
        : false;
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await playable.jsonValue()) === 'playable';
}

/**
 * Opening an event from the review queue at the demo's own latency, the queue read first: time
 * from the click on its row until its video can play (the details, the page's code and the file).
 */
async function measureEventOpen(browser, scale) {
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The demo's default latency: the goal is set for the round trips a reviewer waits on.
    await page.goto(`${BASE}/login?demoScale=${scale}`);
    await page.getByLabel('Username').fill(MANAGER.username);
    await page.getByLabel('Password', { exact: true }).fill(MANAGER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor({ timeout: 60_000 });
    await page.getByRole('navigation').getByRole('link', { name: 'Safety events' }).click();
    const table = page.getByRole('table', { name: /queue|events/i }).first();
    await table.getByRole('row').nth(1).waitFor({ timeout: 60_000 });
    await untilSettled(page, 1000);
    const start = await page.evaluate(() => performance.now());
    await table.getByRole('row').nth(1).getByRole('link').first().click();
    await page.waitForURL(/\/events\/[^/?]+/);
    if (await untilVideoPlayable(page)) {
      times.push((await page.evaluate(() => performance.now())) - start);
    }
    await context.close();
  }
  return times.length ? median(times) : null;
}

async function measureEventSwitch(browser, scale) {
  const times = [];
  const videoTimes = [];
  const { context, page } = await signedInPage(browser, scale);
  await page.getByRole('navigation').getByRole('link', { name: 'Safety events' }).click();
  const table = page.getByRole('table', { name: /queue|events/i }).first();
  await table.getByRole('row').nth(1).waitFor({ timeout: 60_000 });
  await table.getByRole('row').nth(1).getByRole('link').first().click();
  await page.waitForURL(/\/events\/[^/?]+/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  for (let run = 0; run < Math.max(RUNS, 5); run++) {
    // j moves on once the event knows its place in the queue (as a reader sees it).
    await page.getByText(/^Event [\d,]+ of [\d,]+ in the queue$/).waitFor({ timeout: 60_000 });
    // Timed in the page, from the key's own time stamp to the frame that shows the next event (a
    // new address and heading, nothing busy) and to its video being able to play: Playwright's
    // round trips to a busy page would add their own delay to each.
    await page.evaluate(() => {
      const before = location.href;
      const heading = document.querySelector('h1')?.textContent;
      window.__switch = {};
      document.addEventListener('keydown', (event) => (window.__switch.pressed = event.timeStamp), {
        once: true,
        capture: true,
      });
      const look = (now) => {
        const state = window.__switch;
        if (state.pressed !== undefined && state.shown === undefined) {
          const moved =
            location.href !== before &&
            document.querySelector('h1')?.textContent !== heading &&
            !document.querySelector('[aria-busy="true"]');
          if (moved) state.shown = now;
        }
        if (state.shown !== undefined) {
          const video = document.querySelector('video[aria-label="Event video"]');
          if (video && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) state.playable = now;
        }
        if (state.playable === undefined) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.keyboard.press('j');
    await page.waitForFunction(() => window.__switch.shown !== undefined, undefined, {
      timeout: 30_000,
    });
    const shown = await page.evaluate(() => window.__switch.shown - window.__switch.pressed);
    times.push(shown);
    if (await untilVideoPlayable(page)) {
      const playable = await page
        .waitForFunction(() => window.__switch.playable, undefined, { timeout: 30_000 })
        .then(() => page.evaluate(() => window.__switch.playable - window.__switch.pressed))
        .catch(() => null);
      if (playable !== null) videoTimes.push(playable);
    }
  }
  await context.close();
  return { shownMs: median(times), videoPlayableMs: videoTimes.length ? median(videoTimes) : null };
}

/** Frame times (ms) while the map is dragged around for about two seconds, then zoomed in and out. */
async function measurePanZoomFrames(page) {
  const box = await page.locator('.leaflet-container').boundingBox();
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__frames.length < 400) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let sweep = 0; sweep < 4; sweep++) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let step = 1; step <= 30; step++) {
      await page.mouse.move(cx + (sweep % 2 ? -1 : 1) * step * 8, cy + step * 3);
    }
    await page.mouse.up();
  }
  await page.mouse.wheel(0, -400);
  await page.waitForTimeout(400);
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(400);
  return page.evaluate(() => window.__frames.slice(1));
}

const frameSummary = (frames) => ({
  frameP50: frames.length ? percentile(frames, 50) : null,
  frameP95: frames.length ? percentile(frames, 95) : null,
  frameMax: frames.length ? Math.max(...frames) : null,
});

/**
 * A map page at a scale: time from the navigation click until `drawn` resolves and two frames have
 * painted (median of the runs), until `complete` resolves when given (a map drawn page by page),
 * what `count` reads off the page, and on the first run the frame times while panning and zooming.
 */
async function measureMapFrames(
  browser,
  scale,
  { linkName, drawn, complete, count, settle = false, measureFrames = true },
) {
  const drawTimes = [];
  const completeTimes = [];
  let frames = [];
  let counted = null;
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await signedInPage(browser, scale, { settle });
    const start = await page.evaluate(() => performance.now());
    drawTimes.push(
      await timeNavigation(page, linkName, async () => {
        await drawn(page);
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
      }),
    );
    if (complete) {
      await complete(page);
      completeTimes.push((await page.evaluate(() => performance.now())) - start);
    }
    counted = await count(page);
    if (run === 0 && measureFrames) frames = await measurePanZoomFrames(page);
    await context.close();
  }
  return {
    drawTime: median(drawTimes),
    completeTime: completeTimes.length ? median(completeTimes) : null,
    ...frameSummary(frames),
    counted,
  };
}

async function measureGeofences(browser, scale, { settle = false } = {}) {
  const { counted, ...timings } = await measureMapFrames(browser, scale, {
    settle,
    // The frames do not depend on when the map was opened: measured once, on the first click.
    measureFrames: !settle,
    linkName: 'Geofences',
    drawn: async (page) => {
      await page.locator('.leaflet-container').waitFor({ timeout: 60_000 });
      await page.waitForFunction(
        () =>
          document.querySelectorAll('.leaflet-overlay-pane canvas, .leaflet-overlay-pane path')
            .length > 0,
        undefined,
        { timeout: 60_000 },
      );
    },
    // Pages after the first are drawn as they arrive; the count says when the last one is in.
    complete: (page) => page.getByText(/^[\d,]+ geofences?$/).waitFor({ timeout: 120_000 }),
    count: async (page) => {
      const summary = await page.getByText(/^[\d,]+ geofences?$/).textContent();
      return Number(/^([\d,]+)/.exec(summary ?? '')?.[1]?.replaceAll(',', '') ?? NaN);
    },
  });
  return { ...timings, shapeCount: counted };
}

/**
 * The fleet map at a scale: time from the navigation click until the first markers (clusters) are
 * drawn, which includes reading the whole legacy list (pages of 1,000) and clustering it; then
 * frame times while panning and zooming, which re-cluster the view on every stop.
 */
async function measureFleetMap(browser, scale) {
  const { counted, ...timings } = await measureMapFrames(browser, scale, {
    linkName: 'Fleet map',
    drawn: (page) => page.locator('.leaflet-marker-icon').first().waitFor({ timeout: 120_000 }),
    count: async (page) => {
      const summary = await page.getByText(/^[\d,]+ vehicles on the map/).textContent();
      return Number(/^([\d,]+)/.exec(summary ?? '')?.[1]?.replaceAll(',', '') ?? NaN);
    },
  });
  return { ...timings, vehicleCount: counted };
}

function scheduleCsv(rows) {
  const lines = ['Employee ID,First name,Last name,Vehicle,Start,End'];
  for (let index = 0; index < rows; index++) {
    const day = String(1 + (index % 28)).padStart(2, '0');
    lines.push(
      `CF${1001 + (index % 500)},Driver,Number${index},PDX-T${100 + (index % 90)},2027-01-${day} 06:00,2027-01-${day} 14:00`,
    );
  }
  return lines.join('\n');
}

/**
 * Dispatch upload of 10,000 rows: the time until the columns are shown, until the rows are
 * checked (including the click on "Check the rows"), and the longest main-thread task meanwhile.
 */
async function measureDispatchParse(browser) {
  // From a file on disk, as in the GeoJSON import: a buffer would be rebuilt inside the page.
  const path = join(mkdtempSync(join(tmpdir(), 'bench-')), 'schedule.csv');
  writeFileSync(path, scheduleCsv(10_000));
  const columnTimes = [];
  const checkedTimes = [];
  const longestTasks = [];
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await signedInPage(browser, 1);
    await watchLongTasks(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Dispatch upload' }).click();
    // Found before the clock starts, then waited for and clicked through the DOM: Playwright's own
    // selector engine runs on the page's main thread, and its searches would count as long tasks.
    const input = await page.getByLabel('Schedule file').elementHandle();
    const start = await startClock(page);
    await input.setInputFiles(path);
    const shown = (selector) =>
      page.waitForFunction((css) => document.querySelector(css) !== null, selector, {
        polling: 'raf',
        timeout: 60_000,
      });
    // Parsed: the column-mapping step shows its preview of the rows.
    await shown('table[aria-label="Preview of the first rows"]');
    columnTimes.push((await page.evaluate(() => performance.now())) - start);
    await page.evaluate(() =>
      [...document.querySelectorAll('button')]
        .find((button) => button.textContent === 'Check the rows')
        ?.click(),
    );
    await shown('table[aria-label="Schedule rows"]');
    const checked = await page.evaluate(
      (began) => ({ totalMs: performance.now() - began, longestTaskMs: window.__longestTask }),
      start,
    );
    checkedTimes.push(checked.totalMs);
    longestTasks.push(checked.longestTaskMs);
    await context.close();
  }
  return {
    columnsMs: median(columnTimes),
    checkedMs: median(checkedTimes),
    longestTaskMs: Math.max(...longestTasks),
    // Every run's figures, for a machine whose load varies from run to run.
    runs: { columnsMs: columnTimes, checkedMs: checkedTimes, longestTaskMs: longestTasks },
  };
}

/**
 * A GeoJSON file of about `megabytes` MB (or of `lakes` features, if fewer): lake shores of
 * 100,000 corners each (one over the corner limit per feature), so reading, checking,
 * previewing and simplifying all have work to do.
 */
function geojsonFile(megabytes, lakes = Infinity) {
  const features = [];
  let size = 0;
  for (let index = 0; size < megabytes * 1_000_000 && index < lakes; index++) {
    const corners = 100_000;
    const ring = Array.from({ length: corners }, (_, corner) => {
      const angle = (corner / corners) * 2 * Math.PI;
      const radius = 0.05 * (1 + 0.0005 * Math.sin(corner * 1.7));
      return [
        Number((-116.2 + index * 0.2 + radius * Math.cos(angle)).toFixed(7)),
        Number((43.6 + radius * Math.sin(angle)).toFixed(7)),
      ];
    });
    const feature = {
      type: 'Feature',
      properties: { name: `Bench Lake ${index + 1}` },
      geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
    };
    size += JSON.stringify(feature).length;
    features.push(feature);
  }
  return Buffer.from(JSON.stringify({ type: 'FeatureCollection', features }));
}

/**
 * A geofence file's import: from the file's choice until `ready` says its geofences can be
 * imported, the time and the longest main-thread task (files are read and checked in the import
 * worker). The file goes from disk: a buffer would be rebuilt inside the page by Playwright, a long
 * task of its own that the console never meets with a real file.
 */
async function measureGeofenceImport(browser, { buffer, fileName, ready }) {
  const { context, page } = await signedInPage(browser, 1);
  await watchLongTasks(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Geofences' }).click();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Import' });
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('GeoJSON, KML or KMZ file').click();
  const path = join(mkdtempSync(join(tmpdir(), 'bench-')), fileName);
  writeFileSync(path, buffer);
  const start = await startClock(page);
  await (await chooser).setFiles(path);
  await ready(panel);
  const result = await page.evaluate((began) => {
    return { longestTaskMs: window.__longestTask, totalMs: performance.now() - began };
  }, start);
  await context.close();
  return { ...result, megabytes: Math.round(buffer.length / 100_000) / 10 };
}

/** GeoJSON import of a large file, until every outline is simplified and ready to import. */
function measureGeojsonImport(browser, megabytes, lakes) {
  return measureGeofenceImport(browser, {
    buffer: geojsonFile(megabytes, lakes),
    fileName: 'lakes.geojson',
    ready: async (panel) => {
      await panel
        .getByRole('button', { name: /^Simplify \d+ outlines?$/ })
        .click({ timeout: 180_000 });
      await panel
        .getByRole('button', { name: /^Import [1-9][\d,]* geofences?$/ })
        .waitFor({ timeout: 180_000 });
    },
  });
}

/**
 * A KML file of about `megabytes` MB as GIS tools write one: placemarks of 300-corner polygons
 * with a style, coordinates with altitude.
 */
function kmlFile(megabytes) {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>',
    '<Style id="site"><PolyStyle><color>7f3e8a2b</color></PolyStyle></Style>',
  ];
  let size = 0;
  for (let index = 0; size < megabytes * 1_000_000; index++) {
    const coordinates = Array.from({ length: 300 }, (_, corner) => {
      const angle = (corner / 300) * 2 * Math.PI;
      const west = -122 + (index % 60) * 0.03;
      const south = 45 + Math.floor(index / 60) * 0.03;
      return `${(west + 0.01 * Math.cos(angle)).toFixed(7)},${(south + 0.01 * Math.sin(angle)).toFixed(7)},0`;
    });
    const placemark = `<Placemark><name>Bench site ${index + 1}</name><styleUrl>#site</styleUrl><Polygon><outerBoundaryIs><LinearRing><coordinates>${[...coordinates, coordinates[0]].join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>\n`;
    size += placemark.length;
    parts.push(placemark);
  }
  parts.push('</Document></kml>');
  return Buffer.from(parts.join(''));
}

/** KML import, until its geofences are listed as ready (the KML is converted in the worker). */
function measureKmlImport(browser, megabytes) {
  return measureGeofenceImport(browser, {
    buffer: kmlFile(megabytes),
    fileName: 'sites.kml',
    ready: (panel) =>
      panel.getByText(/^[\d,]+ geofences are ready to import\.$/).waitFor({ timeout: 180_000 }),
  });
}

/**
 * From a click on Scorecards: the first ranked rows, then all rows (every page read), and the
 * number of events they cover.
 */
async function timeScorecards(page) {
  const start = await startClock(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Scorecards' }).click();
  await page
    .getByRole('table', { name: 'Driver ranking' })
    .getByRole('row')
    .nth(1)
    .waitFor({ timeout: 120_000 });
  const firstRowsMs = (await page.evaluate(() => performance.now())) - start;
  const covered = page.getByText(/^Scorecards from [\d,.\s]+ events\.$/);
  await covered.waitFor({ timeout: 600_000 });
  const allRowsMs = (await page.evaluate(() => performance.now())) - start;
  return { firstRowsMs, allRowsMs, events: (await covered.innerText()).replace(/[^\d]/g, '') };
}

/**
 * Scorecards at a scale (about 70,000 events in the default 30 days at 100x): from the click on
 * the navigation link to the first ranked row, to every page read and ranked (the progress says
 * how many events the scorecards cover), and the longest main-thread task meanwhile. The demo
 * service answers on the page's own thread, so its work counts in that task too.
 */
async function measureScorecards(browser, scale, { base = BASE } = {}) {
  const firstRows = [];
  const allRows = [];
  const longestTasks = [];
  let events = null;
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await signedInPage(browser, scale, { base });
    await watchLongTasks(page);
    const timed = await timeScorecards(page);
    firstRows.push(timed.firstRowsMs);
    allRows.push(timed.allRowsMs);
    longestTasks.push(await page.evaluate(() => window.__longestTask));
    events ??= timed.events;
    await context.close();
  }
  return {
    firstRowsMs: median(firstRows),
    allRowsMs: median(allRows),
    longestTaskMs: median(longestTasks),
    worstLongestTaskMs: Math.max(...longestTasks),
    events: events === null ? null : Number(events),
  };
}

/** The window's days the scorecards keep on disk (IndexedDB), once the worker has written them. */
function keptScorecardDays(page) {
  return page.evaluate(async () => {
    const name = 'fleet-console-cache.safety-event-days';
    if (!(await indexedDB.databases()).some((database) => database.name === name)) return 0;
    const database = await new Promise((resolve, reject) => {
      const opening = indexedDB.open(name);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    try {
      if (!database.objectStoreNames.contains('days')) return 0;
      return await new Promise((resolve, reject) => {
        const counting = database.transaction('days').objectStore('days').count();
        counting.onsuccess = () => resolve(counting.result);
        counting.onerror = () => reject(counting.error);
      });
    } finally {
      database.close();
    }
  });
}

/**
 * Scorecards at a scale on a first and a second visit in the same browser profile: the first
 * visit reads every day (and keeps them, when a cache owner is signed in); the second, in a new
 * page after signing in again, reads only today and the events updated since. Also how long
 * after all rows showed the window's days were on disk (0 days: nothing is kept).
 */
async function measureScorecardVisits(browser, scale, { base = BASE, windowDays = 30 } = {}) {
  const visits = { first: [], second: [] };
  const keptAfter = [];
  let keptDays = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext(browser);
    const firstPage = await context.newPage();
    await signInOn(firstPage, base, scale);
    visits.first.push(await timeScorecards(firstPage));
    // The worker keeps the days after the last page: wait for them before the page goes.
    const shownAt = Date.now();
    for (let tries = 0; tries < 120; tries++) {
      keptDays = await keptScorecardDays(firstPage);
      if (keptDays >= windowDays) break;
      await firstPage.waitForTimeout(250);
    }
    if (keptDays >= windowDays) keptAfter.push(Date.now() - shownAt);
    await firstPage.close();
    const secondPage = await context.newPage();
    await signInOn(secondPage, base, scale);
    visits.second.push(await timeScorecards(secondPage));
    await context.close();
  }
  const medians = (runs) => ({
    firstRowsMs: median(runs.map((visit) => visit.firstRowsMs)),
    allRowsMs: median(runs.map((visit) => visit.allRowsMs)),
  });
  return {
    first: medians(visits.first),
    second: medians(visits.second),
    keptDays,
    keptAfterMs: keptAfter.length > 0 ? median(keptAfter) : null,
  };
}

/**
 * Camera health at a scale (20,000 cameras and 20,000 vehicles at 100x), opened from the overview's
 * link: to the first silent camera listed, and to both lists read whole (the line under the tab
 * says how many of each), with the longest main-thread task meanwhile.
 */
async function measureCameraHealth(browser, scale) {
  const firstRows = [];
  const allRows = [];
  const longestTasks = [];
  let covered = null;
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await signedInPage(browser, scale);
    await watchLongTasks(page);
    const start = await startClock(page);
    await page.getByRole('link', { name: 'Open camera health' }).click();
    await page
      .getByRole('table', { name: /^Not connected for/ })
      .getByRole('row')
      .nth(1)
      .waitFor({ timeout: 120_000 });
    firstRows.push((await page.evaluate(() => performance.now())) - start);
    const whole = page.getByText(/^From [\d,]+ cameras? and [\d,]+ vehicles?\.$/);
    await whole.waitFor({ timeout: 600_000 });
    const done = await page.evaluate(() => ({
      now: performance.now(),
      longestTask: window.__longestTask,
    }));
    allRows.push(done.now - start);
    longestTasks.push(done.longestTask);
    covered ??= (await whole.innerText()).replace(/\.$/, '').replace(/^From /, '');
    await context.close();
  }
  return {
    firstRowsMs: median(firstRows),
    allRowsMs: median(allRows),
    longestTaskMs: median(longestTasks),
    worstLongestTaskMs: Math.max(...longestTasks),
    covered,
  };
}

const pagesToVisit = [
  ['Overview', /Overview/],
  ['Users', /Users/],
  ['Groups', /Groups/],
  ['Vehicles', /Vehicles/],
  ['Devices', /Devices/],
  ['Geofences', /Geofences/],
  ['Safety events', /Safety events|Review queue/],
  ['Driver assignments', /Driver assignments/],
  ['Dispatch upload', /Dispatch/],
  ['Settings', /Settings/],
];

/**
 * Requests per page visit (API calls only), duplicates, lookups on a second visit, and the JS heap
 * after it all (at 100x it holds the demo service's data too, which lives in the page).
 */
async function measureRequestsAndHeap(browser, scale = 1) {
  const { context, page } = await signedInPage(browser, scale);
  const client = await context.newCDPSession(page);
  let requests = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/service/'))
      requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  const visits = [];
  for (const round of [1, 2]) {
    for (const [link, heading] of pagesToVisit) {
      requests = [];
      await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
      await page
        .getByRole('heading', { level: 1, name: heading })
        .first()
        .waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(300);
      const duplicates = requests.filter((request, index) => requests.indexOf(request) !== index);
      visits.push({
        round,
        page: link,
        requests: requests.length,
        duplicates: duplicates.length,
        urls: requests,
      });
    }
  }
  await client.send('HeapProfiler.collectGarbage');
  const heap = await client.send('Runtime.getHeapUsage');
  await context.close();
  return { visits, heapUsedBytes: heap.usedSize };
}

async function main() {
  console.log('Building the app for the benchmark…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const bundles = bundleTable();
  const catalogs = catalogSizes();

  const server = await startServer();
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  const results = {
    date: new Date().toISOString(),
    machine: `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ${cpus()[0]?.model ?? 'unknown CPU'}`,
    runs: RUNS,
    bundles,
    catalogs,
  };
  const step = async (name, run) => {
    if (ONLY && !ONLY.some((part) => name.toLowerCase().includes(part))) return null;
    process.stdout.write(`Measuring ${name}… `);
    try {
      const value = await run();
      console.log('done');
      return value;
    } catch (error) {
      console.log(`failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
      return null;
    }
  };
  try {
    results.loginInteractiveMs = await step('time to interactive of /login', () =>
      measureLogin(browser),
    );
    results.startup = await step('start-up against the bare React floor', async () => {
      const floorApp = buildFloorApp();
      makeLiveBuild(DIST, `${DIST}-live`);
      const floorServer = await serveStatic(floorApp.dist, PORT + 1);
      const liveServer = await serveStatic(`${DIST}-live`, PORT + 2);
      try {
        return await measureStartupAgainstFloor({
          browser,
          newContext,
          runs: RUNS,
          median,
          urls: {
            floor: `http://127.0.0.1:${PORT + 1}/`,
            live: `http://127.0.0.1:${PORT + 2}`,
            demo: BASE,
          },
        });
      } finally {
        floorServer.close();
        liveServer.close();
        floorApp.cleanUp();
      }
    });
    results.languageSwitch = await step('language switch in Settings', () =>
      measureLanguageSwitch(browser),
    );
    results.signIn = await step('sign-in to the overview', () =>
      measureSignInToOverview({
        browser,
        newContext,
        runs: RUNS,
        median,
        base: BASE,
        manager: MANAGER,
      }),
    );
    // The live build over HTTP: sign-in at the demo's default latency, lists at none, as the
    // demo build's figures are taken.
    results.liveSignIn = await step('live build: sign-in to the overview', () =>
      withLiveStack({ port: PORT + 3, buildDir: DIST, latencyMs: DEMO_LATENCY_MS }, (base) =>
        measureSignInToOverview({
          browser,
          newContext,
          runs: RUNS,
          median,
          base,
          manager: MANAGER,
        }),
      ),
    );
    results.liveLists = await step('live build: first rows of each list', () =>
      withLiveStack({ port: PORT + 3, buildDir: DIST, latencyMs: 0 }, async (base) => {
        const lists = {};
        for (const [key, linkName, tableName, role] of [
          ['vehicles', 'Vehicles', 'Vehicles', 'table'],
          ['events', 'Safety events', /queue|events/i, 'table'],
          ...otherLists,
        ]) {
          lists[key] = (
            await measureList(browser, 1, linkName, tableName, null, role, { base })
          ).firstRows;
        }
        return lists;
      }),
    );
    // The latency a service across the internet adds, where reading from the disk shows.
    results.liveListVisits = await step('live build: lists on a first and a second visit', () =>
      withLiveStack(
        { port: PORT + 3, buildDir: DIST, latencyMs: DEMO_LATENCY_MS },
        async (base) => {
          const lists = {};
          for (const [key, linkName, tableName, role] of settledLists) {
            lists[key] = await measureListVisits(browser, base, linkName, tableName, role);
          }
          return lists;
        },
      ),
    );
    // The demo service answers on the page's thread; over HTTP the pages read at once overlap.
    results.liveScorecards100x = await step('live build: scorecards at 100x', () =>
      withLiveStack({ port: PORT + 3, buildDir: DIST, latencyMs: 0, scale: 100 }, (base) =>
        measureScorecards(browser, 100, { base }),
      ),
    );
    // The same profile twice: a signed-in owner's second visit takes the kept days from disk.
    results.liveScorecardVisits100x = await step(
      'live build: scorecards at 100x, first and second visit',
      () =>
        withLiveStack({ port: PORT + 3, buildDir: DIST, latencyMs: 0, scale: 100 }, (base) =>
          measureScorecardVisits(browser, 100, { base }),
        ),
    );
    results.firefox = await step('Firefox: sign-in form and the vehicle list', () =>
      measureFirefox({ base: BASE, runs: RUNS, median, manager: MANAGER }),
    );
    results.webkit = await step('WebKit: sign-in form and the vehicle list', () =>
      measureWebKit({ base: BASE, runs: RUNS, median, manager: MANAGER }),
    );
    results.vehicles1x = await step('vehicles at 1x', () =>
      measureList(browser, 1, 'Vehicles', 'Vehicles', 'Next page'),
    );
    results.vehicles100x = await step('vehicles at 100x', () =>
      measureList(browser, 100, 'Vehicles', 'Vehicles', 'Next page'),
    );
    results.events1x = await step('events at 1x', () =>
      measureList(browser, 1, 'Safety events', /queue|events/i, null),
    );
    results.events100x = await step('events at 100x', () =>
      measureList(browser, 100, 'Safety events', /queue|events/i, null),
    );
    for (const [key, linkName, tableName, role] of otherLists) {
      for (const scale of [1, 100]) {
        results[`${key}${scale}x`] = await step(`${linkName.toLowerCase()} at ${scale}x`, () =>
          measureList(browser, scale, linkName, tableName, null, role),
        );
      }
    }
    for (const [key, linkName, tableName, role] of settledLists) {
      results[`${key}Settled1x`] = await step(
        `${linkName.toLowerCase()} at 1x, opened after the overview settles`,
        () => measureList(browser, 1, linkName, tableName, null, role, { settle: true }),
      );
    }
    results.eventOpenVideo1xMs = await step('event open: video ready to play at 1x', () =>
      measureEventOpen(browser, 1),
    );
    const eventSwitch = await step('event-to-event switch at 100x', () =>
      measureEventSwitch(browser, 100),
    );
    results.eventSwitch100xMs = eventSwitch?.shownMs ?? null;
    results.eventSwitchVideo100xMs = eventSwitch?.videoPlayableMs ?? null;
    results.geofences100x = await step('geofence map at 100x', () =>
      measureGeofences(browser, 100),
    );
    results.geofencesSettled100x = await step(
      'geofence map at 100x, opened after the overview settles',
      () => measureGeofences(browser, 100, { settle: true }),
    );
    results.fleetMap100x = await step('fleet-map at 100x (20,000 vehicles)', () =>
      measureFleetMap(browser, 100),
    );
    results.dispatchParse10k = await step('dispatch parse of 10,000 rows', () =>
      measureDispatchParse(browser),
    );
    results.geojsonImport = await step('GeoJSON import of a 20 MB file', () =>
      measureGeojsonImport(browser, 20),
    );
    // One outline of 100,000 corners: its preview was one Leaflet layer, a long task of its own.
    results.geojsonImportOneLake = await step('GeoJSON import of one 100,000-corner outline', () =>
      measureGeojsonImport(browser, 20, 1),
    );
    results.kmlImport5 = await step('KML import of a 5 MB file', () =>
      measureKmlImport(browser, 5),
    );
    results.kmlImport20 = await step('KML import of a 20 MB file', () =>
      measureKmlImport(browser, 20),
    );
    results.scorecards100x = await step('scorecards at 100x', () =>
      measureScorecards(browser, 100),
    );
    results.cameraHealth100x = await step('camera health at 100x', () =>
      measureCameraHealth(browser, 100),
    );
    for (const count of [1, 20]) {
      results[`evidencePacket${count}`] = await step(`evidence packet of ${count} events`, () =>
        measureEvidencePacket({ browser, signedInPage, runs: RUNS, median, count }),
      );
    }
    results.requests = await step('requests per page visit and heap', () =>
      measureRequestsAndHeap(browser),
    );
    results.heap100x = await step('heap at 100x after every page', () =>
      measureRequestsAndHeap(browser, 100),
    );
  } finally {
    await browser.close();
    process.kill(-server.pid);
  }

  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/latest.json', JSON.stringify(results, null, 2));

  console.log(
    `\nFleet Console benchmark — ${results.date} — ${results.machine} — median of ${RUNS}\n`,
  );
  console.log('Route                  JS raw      JS gzip    CSS raw    CSS gzip');
  for (const row of bundles) {
    console.log(
      `${row.route.padEnd(20)} ${kib(row.jsRaw).padStart(8)} KiB ${kib(row.jsGzip).padStart(7)} KiB ${kib(row.cssRaw).padStart(7)} KiB ${kib(row.cssGzip).padStart(7)} KiB`,
    );
  }
  for (const row of catalogs) {
    console.log(
      `${`catalogs ${row.locale}`.padEnd(20)} ${kib(row.jsRaw).padStart(8)} KiB ${kib(row.jsGzip).padStart(7)} KiB`,
    );
  }
  const ratio = (value) => (value ? `${value.toFixed(2)}x` : 'n/a');
  const lines = [
    ['/login time to interactive', ms(results.loginInteractiveMs)],
    ['Bare Vite React app ready (the floor)', ms(results.startup?.floorMs)],
    [
      '/login form ready, live build (x floor)',
      `${ms(results.startup?.liveMs)} (${ratio(results.startup?.liveRatio)})`,
    ],
    [
      '/login form ready, demo build (x floor)',
      `${ms(results.startup?.demoMs)} (${ratio(results.startup?.demoRatio)})`,
    ],
    [
      'Language switch in Settings: to French (loads its catalogs) / back to English',
      `${ms(results.languageSwitch?.toFrenchMs)} / ${ms(results.languageSwitch?.backToEnglishMs)}`,
    ],
    [
      'Sign in to overview shown (120 ms latency) / open count',
      `${ms(results.signIn?.ms)} / ${ms(results.signIn?.openCountMs)}, ${results.signIn?.requests.length ?? '?'} requests`,
    ],
    [
      'Live build over HTTP: sign in to overview (120 ms) / open count',
      `${ms(results.liveSignIn?.ms)} / ${ms(results.liveSignIn?.openCountMs)}, ${results.liveSignIn?.requests.length ?? '?'} requests`,
    ],
    [
      'Live build over HTTP: first rows at 1x',
      results.liveLists
        ? Object.entries(results.liveLists)
            .map(([key, value]) => `${key} ${ms(value)}`)
            .join(', ')
        : 'n/a',
    ],
    [
      'Live build, 120 ms service: first rows on a first / second visit (kept on disk)',
      results.liveListVisits
        ? Object.entries(results.liveListVisits)
            .map(([key, value]) => `${key} ${ms(value.firstVisitMs)} / ${ms(value.secondVisitMs)}`)
            .join(', ')
        : 'n/a',
    ],
    [
      'Firefox ESR: /login form ready / vehicles first rows 1x',
      results.firefox?.skipped
        ? `skipped: ${results.firefox.skipped}`
        : `${ms(results.firefox?.loginReadyMs)} / ${ms(results.firefox?.vehiclesFirstRowsMs)}`,
    ],
    [
      'WebKitGTK: /login form ready / vehicles first rows 1x',
      results.webkit?.skipped
        ? `skipped: ${results.webkit.skipped}`
        : `${ms(results.webkit?.loginReadyMs)} / ${ms(results.webkit?.vehiclesFirstRowsMs)}`,
    ],
    [
      'Vehicles first rows (1x / 100x)',
      `${ms(results.vehicles1x?.firstRows)} / ${ms(results.vehicles100x?.firstRows)}`,
    ],
    [
      'Vehicles page change (1x / 100x)',
      `${ms(results.vehicles1x?.pageChange)} / ${ms(results.vehicles100x?.pageChange)}`,
    ],
    [
      'Events first rows (1x / 100x)',
      `${ms(results.events1x?.firstRows)} / ${ms(results.events100x?.firstRows)}`,
    ],
    ...otherLists.map(([key, linkName]) => [
      `${linkName} first rows (1x / 100x)`,
      `${ms(results[`${key}1x`]?.firstRows)} / ${ms(results[`${key}100x`]?.firstRows)}`,
    ]),
    [
      'First rows at 1x, opened after the overview settles',
      settledLists
        .map(([key, linkName]) => `${linkName} ${ms(results[`${key}Settled1x`]?.firstRows)}`)
        .join(', '),
    ],
    [
      'Event-to-event switch (100x): shown / next video ready to play',
      `${ms(results.eventSwitch100xMs)} / ${ms(results.eventSwitchVideo100xMs)}`,
    ],
    [
      'Event open from the queue (1x, demo latency): video ready to play',
      ms(results.eventOpenVideo1xMs),
    ],
    [
      'Geofence map draw (100x): first page / all shapes',
      `${ms(results.geofences100x?.drawTime)} / ${ms(results.geofences100x?.completeTime)} (${results.geofences100x?.shapeCount ?? '?'} shapes)`,
    ],
    [
      'Geofence map draw (100x), opened after the overview settles',
      `${ms(results.geofencesSettled100x?.drawTime)} / ${ms(results.geofencesSettled100x?.completeTime)}`,
    ],
    [
      'Geofence pan/zoom frames p50 / p95 / max',
      `${ms(results.geofences100x?.frameP50)} / ${ms(results.geofences100x?.frameP95)} / ${ms(results.geofences100x?.frameMax)}`,
    ],
    [
      'Fleet map first draw (100x)',
      `${ms(results.fleetMap100x?.drawTime)} (${results.fleetMap100x?.vehicleCount ?? '?'} vehicles)`,
    ],
    [
      'Fleet map pan/zoom frames p50 / p95 / max',
      `${ms(results.fleetMap100x?.frameP50)} / ${ms(results.fleetMap100x?.frameP95)} / ${ms(results.fleetMap100x?.frameMax)}`,
    ],
    [
      'Dispatch 10,000 rows: columns / checked / longest task',
      `${ms(results.dispatchParse10k?.columnsMs)} / ${ms(results.dispatchParse10k?.checkedMs)} / ${ms(results.dispatchParse10k?.longestTaskMs)}`,
    ],
    [
      `GeoJSON import, ${results.geojsonImport?.megabytes ?? '?'} MB: ready / longest task`,
      `${ms(results.geojsonImport?.totalMs)} / ${ms(results.geojsonImport?.longestTaskMs)}`,
    ],
    [
      'GeoJSON import, one 100,000-corner outline: ready / longest task',
      `${ms(results.geojsonImportOneLake?.totalMs)} / ${ms(results.geojsonImportOneLake?.longestTaskMs)}`,
    ],
    ...[results.kmlImport5, results.kmlImport20].map((kml) => [
      `KML import, ${kml?.megabytes ?? '?'} MB: ready / longest task`,
      `${ms(kml?.totalMs)} / ${ms(kml?.longestTaskMs)}`,
    ]),
    [
      `Scorecards 100x (${results.scorecards100x?.events?.toLocaleString('en') ?? '?'} events): first / all rows`,
      `${ms(results.scorecards100x?.firstRowsMs)} / ${ms(results.scorecards100x?.allRowsMs)}`,
    ],
    [
      'Live build over HTTP: scorecards 100x first / all rows',
      `${ms(results.liveScorecards100x?.firstRowsMs)} / ${ms(results.liveScorecards100x?.allRowsMs)}`,
    ],
    [
      `Live build: scorecards 100x, first visit first / all rows, then second visit (${results.liveScorecardVisits100x?.keptDays ?? 0} days kept)`,
      `${ms(results.liveScorecardVisits100x?.first.firstRowsMs)} / ${ms(results.liveScorecardVisits100x?.first.allRowsMs)}, then ${ms(results.liveScorecardVisits100x?.second.firstRowsMs)} / ${ms(results.liveScorecardVisits100x?.second.allRowsMs)} (days on disk ${ms(results.liveScorecardVisits100x?.keptAfterMs)} after all rows)`,
    ],
    [
      'Scorecards 100x: longest main-thread task (median / worst)',
      `${ms(results.scorecards100x?.longestTaskMs)} / ${ms(results.scorecards100x?.worstLongestTaskMs)}`,
    ],
    [
      `Camera health 100x (${results.cameraHealth100x?.covered ?? '?'}): first / all rows`,
      `${ms(results.cameraHealth100x?.firstRowsMs)} / ${ms(results.cameraHealth100x?.allRowsMs)}`,
    ],
    [
      'Camera health 100x: longest main-thread task (median / worst)',
      `${ms(results.cameraHealth100x?.longestTaskMs)} / ${ms(results.cameraHealth100x?.worstLongestTaskMs)}`,
    ],
    ...[1, 20].map((count) => {
      const packet = results[`evidencePacket${count}`];
      return [
        `Evidence packet of ${count} event${count === 1 ? '' : 's'}: time / peak heap growth / ZIP`,
        packet
          ? `${ms(packet.totalMs)} / ${(packet.peakHeapGrowthBytes / 2 ** 20).toFixed(1)} MiB / ${(packet.zipBytes / 2 ** 20).toFixed(1)} MiB`
          : 'n/a',
      ];
    }),
    [
      'JS heap after visiting every page (1x / 100x)',
      [results.requests, results.heap100x]
        .map((run) => (run ? `${(run.heapUsedBytes / 2 ** 20).toFixed(1)} MiB` : 'n/a'))
        .join(' / '),
    ],
  ];
  console.log('');
  for (const [label, value] of lines) console.log(`${label.padEnd(56)} ${value}`);
  if (results.signIn)
    console.log(`\nRequests after "Sign in": ${results.signIn.requests.join(', ')}`);
  console.log('\nAPI requests per page of rows (IDs folded into {id}):');
  for (const [label, list] of [
    ['Vehicles 1x', results.vehicles1x],
    ['Vehicles 100x', results.vehicles100x],
    ['Events 1x', results.events1x],
    ['Events 100x', results.events100x],
    ...otherLists.flatMap(([key, linkName]) => [
      [`${linkName} 1x`, results[`${key}1x`]],
      [`${linkName} 100x`, results[`${key}100x`]],
    ]),
  ]) {
    for (const [when, counted] of [
      ['first page', list?.firstPageRequests],
      ['next page', list?.pageChangeRequests],
    ]) {
      if (!counted) continue;
      const detail = Object.entries(counted.byShape)
        .sort(([, a], [, b]) => b - a)
        .map(([shape, count]) => `${count}× ${shape}`)
        .join(', ');
      console.log(
        `  ${`${label}, ${when}`.padEnd(28)} ${String(counted.total).padStart(3)}   ${detail}`,
      );
    }
  }
  if (results.requests) {
    console.log('\nAPI requests per page visit (first visit / second visit, duplicates):');
    for (const [link] of pagesToVisit) {
      const first = results.requests.visits.find(
        (visit) => visit.page === link && visit.round === 1,
      );
      const second = results.requests.visits.find(
        (visit) => visit.page === link && visit.round === 2,
      );
      console.log(
        `  ${link.padEnd(22)} ${String(first?.requests ?? '?').padStart(3)} / ${String(second?.requests ?? '?').padStart(3)}   duplicates ${first?.duplicates ?? 0}`,
      );
    }
  }
  console.log('\nWritten to bench-results/latest.json');
}

await main();
