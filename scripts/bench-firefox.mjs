// Firefox figures for `npm run bench`: Debian's Firefox ESR through Puppeteer (WebDriver BiDi), as
// the Firefox smoke drives it. The sign-in form's start-up and the vehicle list's first rows, on the
// demo build the Chromium figures use. Skipped when no Firefox is found.
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

export function findFirefox() {
  if (process.env.FIREFOX_PATH) return process.env.FIREFOX_PATH;
  return existsSync('/usr/bin/firefox-esr') ? '/usr/bin/firefox-esr' : null;
}

const readyAfterZeroTimer = () =>
  new Promise((resolve) => setTimeout(() => resolve(performance.now()), 0));

async function signIn(page, base, manager) {
  await page.goto(`${base}/login?demoLatency=0`);
  await page.waitForSelector('input[autocomplete="username"]', { timeout: 60_000 });
  await page.type('input[autocomplete="username"]', manager.username);
  await page.type('input[type="password"]', manager.password);
  await page.keyboard.press('Enter');
  await page.waitForSelector('nav a[href="/vehicles"]', { timeout: 60_000 });
  // The overview's own reads first, as a reader would see it before going on.
  await page.waitForSelector('table[aria-label="Recent safety events"]', { timeout: 60_000 });
}

export async function measureFirefox({ base, runs, median, manager }) {
  const executablePath = findFirefox();
  if (!executablePath)
    return { skipped: 'no Firefox found (FIREFOX_PATH or /usr/bin/firefox-esr)' };
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true });
  const loginReady = [];
  const vehiclesFirstRows = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1366, height: 860 });
      await page.goto(`${base}/login`);
      await page.waitForSelector('button[type="submit"]', { timeout: 60_000 });
      loginReady.push(await page.evaluate(readyAfterZeroTimer));
      await context.close();
    }
    for (let run = 0; run < runs; run++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1366, height: 860 });
      await signIn(page, base, manager);
      const start = await page.evaluate(() => performance.now());
      await page.click('nav a[href="/vehicles"]');
      await page.waitForSelector('main table tbody tr', { timeout: 60_000 });
      vehiclesFirstRows.push((await page.evaluate(() => performance.now())) - start);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    version: executablePath,
    loginReadyMs: median(loginReady),
    vehiclesFirstRowsMs: median(vehiclesFirstRows),
  };
}
