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
