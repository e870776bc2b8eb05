import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { demoWebServer } from './e2e/demo-web-server';
import { liveStackCommand, liveStackOn } from './e2e/live-stack';

/**
 * The smoke set in Safari's engine: Debian's WebKitGTK (MiniBrowser) through its WebKitWebDriver
 * on a virtual display, driven by selenium-webdriver (e2e-webkit/webkit-session.ts), against the
 * same demo build as the journeys, and the same build live behind nginx for its sign-in.
 */
const port = Number(process.env.E2E_WEBKIT_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 2);
const liveStack = liveStackOn(Number(process.env.E2E_WEBKIT_LIVE_PORT ?? port + 100));

/** Where Debian's webkit2gtk-driver puts its driver and browser. */
const debianWebKit = {
  driver: '/usr/bin/WebKitWebDriver',
  browser: ['4.1', '4.0', '6.0']
    .map((api) => `/usr/lib/x86_64-linux-gnu/webkit2gtk-${api}/MiniBrowser`)
    .find((path) => existsSync(path)),
};

/** WEBKIT_DRIVER_PATH and WEBKIT_BROWSER_PATH, else Debian's; or why the smoke is skipped. */
function findWebKit(): { driver: string; browser: string; xvfb: string } | string {
  const driver = process.env.WEBKIT_DRIVER_PATH ?? debianWebKit.driver;
  const browser = process.env.WEBKIT_BROWSER_PATH ?? debianWebKit.browser;
  const xvfb = ['/usr/bin/Xvfb', '/usr/local/bin/Xvfb'].find((path) => existsSync(path));
  if (!existsSync(driver) || !browser || !existsSync(browser) || !xvfb) {
    const missing = [
      existsSync(driver) ? '' : driver,
      browser && existsSync(browser) ? '' : (browser ?? 'MiniBrowser'),
      xvfb ? '' : 'Xvfb',
    ].filter(Boolean);
    return (
      `no ${missing.join(', ')} (set WEBKIT_DRIVER_PATH and WEBKIT_BROWSER_PATH, or install ` +
      "Debian's webkit2gtk-driver and xvfb, as .ci/run does)"
    );
  }
  return { driver, browser, xvfb };
}

const webKit = findWebKit();
if (typeof webKit === 'string') {
  console.log(`WebKit smoke skipped: ${webKit}.`);
} else {
  // The smoke reads them: the workers inherit this process's environment.
  process.env.WEBKIT_DRIVER_PATH = webKit.driver;
  process.env.WEBKIT_BROWSER_PATH = webKit.browser;
  process.env.WEBKIT_XVFB_PATH = webKit.xvfb;
  process.env.E2E_WEBKIT_LIVE_URL = liveStack.url;
}
const buildDir = process.env.E2E_BUILD_DIR ?? `dist-e2e-${port}`;

export default defineConfig({
  testDir: 'e2e-webkit',
  outputDir: 'test-results/webkit',
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  // One browser for the whole set, as in the Firefox smoke.
  workers: 1,
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: { baseURL: `http://127.0.0.1:${port}` },
  // Nothing to serve when the smoke is skipped.
  webServer:
    typeof webKit !== 'string'
      ? [
          demoWebServer(port),
          {
            command: liveStackCommand(buildDir, liveStack),
            url: `${liveStack.url}/config.json`,
            reuseExistingServer: !process.env.CI,
            timeout: 240_000,
          },
        ]
      : [],
});
