// `npm run screenshots`: builds the console, opens its demo in headless Chromium and saves the
// pictures of README and docs/ to docs/screenshots, so they always show the console as it is.
// SCREENSHOTS_LANG=es-419 (or fr-CA) takes them in that language, into docs/screenshots/es-419/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { serveStatic } from './bench-startup.mjs';
import { chromiumArgs, findChromium } from './find-chromium.mjs';

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4188);
const BASE = `http://127.0.0.1:${PORT}`;
const DIST = 'dist-screenshots';
const LANGUAGE = process.env.SCREENSHOTS_LANG ?? 'en';
const OUT = LANGUAGE === 'en' ? 'docs/screenshots' : `docs/screenshots/${LANGUAGE}`;

/**
 * Shows the page in a language without reloading it, as a choice made in another tab does: each
 * picture is set up in English (its steps find controls by their English names), then taken in
 * the language asked for.
 */
function showIn(page, language) {
  return page.evaluate((chosen) => {
    localStorage.setItem('fleet-console.language', chosen);
    window.dispatchEvent(new StorageEvent('storage', { key: 'fleet-console.language' }));
  }, language);
}
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);

/** Each picture: where to go, what must be on screen before it is taken, and its file name. */
const shots = [
  {
    file: 'overview.png',
    path: '/',
    ready: (page) => page.getByRole('table', { name: 'Recent safety events' }),
  },
  {
    file: 'scorecard.png',
    path: '/scorecards',
    ready: (page) => page.getByRole('table').first(),
  },
  {
    file: 'fleet-map.png',
    path: '/fleet-map',
    ready: (page) => page.locator('.leaflet-container').first(),
  },
  {
    file: 'coaching-backlog.png',
    path: '/coaching',
    ready: (page) => page.getByRole('table', { name: 'Backlog by coach' }).getByRole('row').nth(1),
  },
  {
    file: 'camera-health.png',
    path: '/devices?tab=health',
    ready: (page) => page.getByText(/^From [\d,]+ cameras and [\d,]+ vehicles\.$/),
  },
  {
    file: 'whats-new.png',
    path: '/',
    open: async (page) => {
      await page.getByRole('button', { name: /^What’s new/ }).click();
      const rule = page.getByRole('form', { name: 'Add a watch rule' });
      await rule.getByLabel('Minimum score').fill('7');
      await rule.getByRole('button', { name: 'Add rule' }).click();
    },
    ready: (page) => page.getByRole('list', { name: 'New events' }).getByRole('link').first(),
  },
  {
    file: 'evidence-packet.png',
    path: '/events',
    open: async (page) => {
      const boxes = page.getByRole('checkbox', { name: /^Pick .* for an evidence packet$/ });
      for (const index of [0, 1, 2]) await boxes.nth(index).check();
      await page.getByRole('button', { name: 'Evidence packet (3)' }).click();
      const download = page.waitForEvent('download', { timeout: 120_000 });
      await page.getByRole('button', { name: 'Build packet' }).click();
      await download;
    },
    ready: (page) => page.getByRole('status').filter({ hasText: 'Packet saved' }),
  },
  {
    file: 'event-review.png',
    path: '/events',
    open: async (page) => {
      await page.getByRole('table').getByRole('link').first().click();
    },
    ready: (page) => page.locator('video'),
    // The player shows a spinner until it has a frame to show.
    settle: (page) =>
      page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, null, {
        timeout: 60_000,
      }),
  },
];

async function main() {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  mkdirSync(OUT, { recursive: true });
  const server = await serveStatic(DIST, PORT);
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      colorScheme: 'light',
    });
    // Tiles come from the internet; the pictures show the console, not the network.
    await context.route(/tile\.openstreetmap\.org/, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
    );
    const page = await context.newPage();
    await page.goto(`${BASE}/login?demoLatency=0`);
    await page.getByLabel('Username').fill('maria.lopez');
    await page.getByLabel('Password', { exact: true }).fill('Demo-Manager-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor({ timeout: 60_000 });
    for (const shot of shots) {
      await page.goto(`${BASE}${shot.path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
      if (shot.open) await shot.open(page);
      await shot.ready(page).waitFor({ timeout: 60_000 });
      if (shot.settle) await shot.settle(page);
      if (LANGUAGE !== 'en') {
        await showIn(page, LANGUAGE);
        // Its catalogs loaded and drawn: the navigation no longer reads in English.
        await page
          .getByRole('navigation')
          .getByRole('link', { name: 'Settings', exact: true })
          .waitFor({ state: 'detached' });
      }
      // Loaders and fades finish before the picture.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() =>
        Promise.all(document.getAnimations().map((animation) => animation.finished)),
      );
      await page.screenshot({ path: `${OUT}/${shot.file}` });
      console.log(`Saved ${OUT}/${shot.file}`);
      if (LANGUAGE !== 'en') await showIn(page, 'en');
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(DIST, { recursive: true, force: true });
  }
}

await main();
