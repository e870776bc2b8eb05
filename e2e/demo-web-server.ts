/**
 * The production build in demo mode (public/config.json has demo: true), served on `port`, for
 * the Chromium journeys and the Firefox smoke alike. A build folder per port, so parallel runs on
 * other ports never serve a half-written build; E2E_BUILD_DIR serves a build made already (CI
 * builds once for the budget check and the tests).
 */
export function demoWebServer(port: number) {
  const buildDir = process.env.E2E_BUILD_DIR;
  // A lean static host rather than `vite preview`, whose middleware took a few percent of CI's CPU.
  const serve = (dir: string) => `node scripts/serve-build.mjs --dir ${dir} --port ${port}`;
  return {
    command: buildDir
      ? serve(buildDir)
      : `npx vite build --logLevel warn --outDir dist-e2e-${port} && ${serve(`dist-e2e-${port}`)}`,
    url: `http://127.0.0.1:${port}/config.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  };
}

/**
 * The settings both browser smokes share: one browser for the whole set (a browser takes tens of
 * seconds to start on a busy machine), generous timeouts, one retry in CI, the demo build on `port`.
 */
export function smokeSetConfig(name: string, port: number) {
  return {
    testDir: `e2e-${name}`,
    outputDir: `test-results/${name}`,
    forbidOnly: true,
    retries: process.env.CI ? 1 : 0,
    workers: 1,
    timeout: 180_000,
    expect: { timeout: 30_000 },
    reporter: [['list']] as [string][],
    use: { baseURL: `http://127.0.0.1:${port}` },
  };
}

/** The outline both smokes draw: corners as fractions of the map's width and height, closed. */
export const SMOKE_GEOFENCE_CORNERS: readonly (readonly [number, number])[] = [
  [0.3, 0.3],
  [0.5, 0.32],
  [0.52, 0.6],
  [0.32, 0.62],
  [0.3, 0.3],
];
