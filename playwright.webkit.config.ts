import { defineConfig } from '@playwright/test';
import { demoWebServer, smokeSetConfig } from './e2e/demo-web-server';
import { liveStackCommand, liveStackOn } from './e2e/live-stack';
import { findWebKit } from './scripts/webkit-driver.mjs';

/**
 * The smoke set in Safari's engine: Debian's WebKitGTK (MiniBrowser) through its WebKitWebDriver
 * on a virtual display, driven by selenium-webdriver (scripts/webkit-driver.mjs), against the
 * same demo build as the journeys, and the same build live behind nginx for its sign-in.
 */
const port = Number(process.env.E2E_WEBKIT_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 2);
const liveStack = liveStackOn(Number(process.env.E2E_WEBKIT_LIVE_PORT ?? port + 100));

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
  ...smokeSetConfig('webkit', port),
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
