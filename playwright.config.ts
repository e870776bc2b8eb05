import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/find-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4173);
/**
 * E2E_CPU_THROTTLE=4 slows every page's CPU fourfold (see e2e/fixtures.ts), to find journeys
 * that depend on timing; one worker and timeouts scaled to match.
 */
const cpuThrottle = Math.max(1, Number(process.env.E2E_CPU_THROTTLE) || 1);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Records the API requests of every project and checks them against the vendor's files after.
  globalSetup: ['./e2e/api-requests-check.ts'],
  fullyParallel: true,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: cpuThrottle > 1 ? 1 : 2,
  // Room for a CI machine several times slower than a developer's: a journey of 10 s here took
  // over 45 s there. A timeout only costs time when something is really stuck.
  timeout: 90_000 * cpuThrottle,
  expect: { timeout: 15_000 * cpuThrottle },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every test cost about a third of the suite's CPU on two cores; CI
    // records the retry of a failed test instead.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 860 },
    launchOptions: {
      executablePath: findChromium(),
      args: chromiumArgs,
    },
  },
  webServer: {
    // The production build in demo mode (public/config.json has demo: true).
    // A build folder per port, so parallel runs on other ports never serve a half-written build.
    // E2E_BUILD_DIR serves a build made already (CI builds once for the budget check and tests).
    command: process.env.E2E_BUILD_DIR
      ? `npx vite preview --outDir ${process.env.E2E_BUILD_DIR} --port ${port} --strictPort --host 127.0.0.1`
      : `npx vite build --logLevel warn --outDir dist-e2e-${port} && npx vite preview --outDir dist-e2e-${port} --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}/config.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
