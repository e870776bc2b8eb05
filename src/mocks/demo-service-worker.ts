/** The demo's service worker script (public/), which MSW's worker runs inside. */
export const demoServiceWorkerUrl = `${import.meta.env.BASE_URL}demo-service-worker.js`;

/**
 * Whether this page registered the worker for the first time (no worker was active before it):
 * then the worker takes the page as it activates. Undefined until installDemoServiceWorker runs.
 */
let firstInstall: Promise<boolean> | undefined;

/**
 * Installs the demo's service worker ahead of the demo's code: installing takes a few hundred
 * milliseconds, mostly off the page's thread, and MSW later finds it ready. Kept apart from the
 * demo service so the first page's script stays small.
 */
export function installDemoServiceWorker(): void {
  const container = navigator.serviceWorker;
  // Without it the demo service reports the failure when it starts.
  if (!container) return;
  firstInstall = container
    .getRegistration(demoServiceWorkerUrl)
    .then(async (before) => {
      await container.register(demoServiceWorkerUrl);
      return !before?.active;
    })
    .catch(() => false);
}

/** The longest the demo waits for its worker to take the page before letting MSW go on. */
const CLAIM_WAIT_MS = 10_000;

/**
 * Resolves once the worker this page installed controls it (it claims pages as it activates).
 * MSW reloads a page it finds uncontrolled beside a registration of its worker, which on a first
 * visit would wipe what the user has begun typing. Decided from the registration as the page
 * found it, not as it is now: a worker that activated quickly looks just like a hard reload's
 * (active, the page not yet controlled), and a registration looked up before register() has
 * created it looks like none at all; both sent MSW reloading under the user's typing.
 */
export async function untilDemoWorkerControlsPage(): Promise<void> {
  const container = navigator.serviceWorker;
  if (!container || container.controller || !firstInstall) return;
  // A worker active before this page, which does not control it, means a hard reload; MSW
  // reloads that one, as the person asked for a fresh page anyway.
  if (!(await firstInstall)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', done);
      resolve();
    };
    const timer = setTimeout(done, CLAIM_WAIT_MS);
    container.addEventListener('controllerchange', done);
    // It may have taken the page while the registration was made.
    if (container.controller) done();
  });
}
