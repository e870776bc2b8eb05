import { defineConfig, devices } from '@playwright/test';
import { demoWebServer } from './e2e/demo-web-server';
import { liveStack, liveStackCommand } from './e2e/live-stack';
import { vendorMock, vendorMockCommand } from './e2e/vendor-mock';
import { chromiumArgs, findChromium } from './scripts/find-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4173);
/**
 * E2E_CPU_THROTTLE=4 slows every page's CPU fourfold (see e2e/fixtures.ts), to find journeys
 * that depend on timing; one worker and timeouts scaled to match.
 */
const cpuThrottle = Math.max(1, Number(process.env.E2E_CPU_THROTTLE) || 1);

/** Flags of `playwright test` that take the next argument as their value. */
const flagsWithValue = new Set(
  ['-c', '--config', '-g', '--grep', '--grep-invert', '-j', '--workers', '--reporter']
    .concat(['--project', '--output', '--repeat-each', '--retries', '--timeout', '--shard'])
    .concat(['--max-failures', '--trace', '--global-timeout', '--tsconfig']),
);

/**
 * Which projects this run holds, read from its command line: a run of demo spec files (as a
 * developer runs one) stays a demo run, without building the live stack or starting the vendor's
 * mock; `playwright test` alone (npm test) runs all three, `--project=live` or the live spec the
 * live one, `--project=vendor` or the vendor spec the vendor one. Kept in the environment, which
 * the workers inherit, as their command lines differ.
 */
function projectsRun(argv: string[]): { demo: boolean; live: boolean; vendor: boolean } {
  const start = argv.indexOf('test');
  if (start < 0) return { demo: true, live: true, vendor: true };
  const projects: string[] = [];
  const files: string[] = [];
  for (let index = start + 1; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const [flag, inline] = arg.split(/=(.*)/s);
    if (arg.startsWith('-')) {
      const value = inline ?? (flagsWithValue.has(flag ?? '') ? argv[++index] : undefined);
      if (flag === '--project' && value) projects.push(...value.split(','));
    } else files.push(arg);
  }
  const onlySpecsOf = (pattern: RegExp) =>
    files.length > 0 && files.every((file) => pattern.test(file));
  const liveSpecsOnly = onlySpecsOf(/live/);
  const vendorSpecsOnly = onlySpecsOf(/vendor\.spec/);
  const runsProject = (name: string, specsOnly: boolean) =>
    projects.includes(name) || (projects.length === 0 && (files.length === 0 || specsOnly));
  return {
    demo:
      (projects.length === 0 || projects.includes('demo')) && !liveSpecsOnly && !vendorSpecsOnly,
    live: runsProject(LIVE_PROJECT, liveSpecsOnly),
    vendor: runsProject(VENDOR_PROJECT, vendorSpecsOnly),
  };
}

const LIVE_PROJECT = 'live';
const VENDOR_PROJECT = 'vendor';
process.env.E2E_PROJECTS ??= Object.entries(projectsRun(process.argv))
  .filter(([, run]) => run)
  .map(([name]) => name)
  .join(',');
const runs = (name: string) => process.env.E2E_PROJECTS?.split(',').includes(name) ?? true;

const demoServer = demoWebServer(port);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Records the API requests of every project and checks them against the vendor's files after.
  // The vendor project's mock fails the run on a request its files do not publish.
  globalSetup: ['./e2e/api-requests-check.ts', './e2e/vendor-mock-check.ts'],
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
    // A click or fill waits three times as long as an assertion for its element, rather than the
    // whole test's time: a control that never comes fails in under a minute, not four.
    actionTimeout: 45_000 * cpuThrottle,
    // Recording a trace of every test cost about a third of the suite's CPU on two cores; CI
    // records the retry of a failed test instead.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 860 },
    // As a user who asked the system for less motion (the console then skips its animations):
    // a run of 21 journeys took 7% less time and CPU. The Firefox smoke keeps the animations.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: findChromium(),
      args: chromiumArgs,
    },
  },
  projects: [
    // The same production build live ("demo": false) behind nginx with deploy/'s template, in front
    // of the demo service over HTTP: the journeys tagged @live and e2e/live.spec.ts. They share one
    // service (reset before each), so one at a time.
    ...(runs(LIVE_PROJECT)
      ? [
          {
            name: LIVE_PROJECT,
            grep: /@live/,
            workers: 1,
            // Every request crosses nginx and a socket to the service, and every load fetches the
            // build from nginx: twice the demo's budget, spent only when a machine is slow.
            timeout: 180_000 * cpuThrottle,
            expect: { timeout: 30_000 * cpuThrottle },
            use: {
              baseURL: liveStack.url,
              serviceWorkers: 'block' as const,
              actionTimeout: 90_000 * cpuThrottle,
            },
          },
        ]
      : []),
    // The same build live against the vendor's mock (Prism on the OpenAPI files beside the
    // repository, scripts/vendor-mock.mjs): every route and the first record of every list, with
    // the files' examples (and one seed's random answers when asked; e2e/vendor.spec.ts only).
    ...(runs(VENDOR_PROJECT)
      ? [
          {
            name: VENDOR_PROJECT,
            testMatch: /vendor\.spec\.ts$/,
            use: { baseURL: vendorMock.origins[0]?.url, serviceWorkers: 'block' as const },
          },
        ]
      : []),
    // The demo build, whose service answers inside the browser: every journey. After the live
    // project, so its one-at-a-time journeys run beside these rather than alone at the end.
    { name: 'demo', testIgnore: /(live|vendor)\.spec\.ts$/ },
  ],
  webServer: [
    ...(runs('demo') ? [demoServer] : []),
    // After the demo's server, whose build it serves live when there is no E2E_BUILD_DIR.
    ...(runs(LIVE_PROJECT)
      ? [
          {
            command: liveStackCommand(
              process.env.E2E_BUILD_DIR ?? (runs('demo') ? `dist-e2e-${port}` : undefined),
            ),
            url: `${liveStack.url}/config.json`,
            reuseExistingServer: !process.env.CI,
            timeout: 240_000,
          },
        ]
      : []),
    // Without the vendor's files there is nothing to start: the project skips, saying why.
    ...(runs(VENDOR_PROJECT) && vendorMock.available
      ? [
          {
            command: vendorMockCommand(
              process.env.E2E_BUILD_DIR ?? (runs('demo') ? `dist-e2e-${port}` : undefined),
            ),
            url: `${vendorMock.origins[0]?.url}/config.json`,
            reuseExistingServer: !process.env.CI,
            timeout: 240_000,
          },
        ]
      : []),
  ],
});
