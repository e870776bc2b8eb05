import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { demoWebServer, smokeSetConfig } from './e2e/demo-web-server';

/**
 * The smoke set in a second browser: Debian's Firefox ESR, driven by Puppeteer over WebDriver BiDi
 * (Playwright's Firefox channel refuses ESR), against the same demo build as the journeys.
 */
const port = Number(process.env.E2E_FIREFOX_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1);

/** FIREFOX_PATH, else Debian's firefox-esr; none means the smoke is skipped, saying why. */
function findFirefox(): string | undefined {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) return fromEnv;
  return existsSync('/usr/bin/firefox-esr') ? '/usr/bin/firefox-esr' : undefined;
}

const firefoxPath = findFirefox();
if (!firefoxPath) {
  console.log(
    'Firefox smoke skipped: no Firefox found (FIREFOX_PATH is unset and /usr/bin/firefox-esr is' +
      " missing; .ci/run installs Debian's firefox-esr).",
  );
}
// The smoke reads it: the workers inherit this process's environment.
if (firefoxPath) process.env.FIREFOX_PATH = firefoxPath;

export default defineConfig({
  ...smokeSetConfig('firefox', port),
  // The same demo build as the journeys (E2E_BUILD_DIR), or one of its own on this port.
  webServer: demoWebServer(port),
});
