import { isConsoleWorker, isConsoleWorkerRegistration } from '@/lib/console-worker';

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
    .then(async (found) => {
      // The live console's worker on this scope (a live deployment opened with ?demo): it goes,
      // with its caches, or the demo's would replace its script and serve from its caches (two
      // workers cannot share a scope, MSW's issue #1033). The demo's then installs afresh.
      consoleWorkerFound = isConsoleWorkerRegistration(found);
      if (consoleWorkerFound) await removeLiveConsoleWorker();
      await container.register(demoServiceWorkerUrl);
      return consoleWorkerFound || !found?.active;
    })
    .catch(() => false);
}

/** Whether the live console's worker had the scope when the demo started (see above). */
let consoleWorkerFound = false;

async function removeLiveConsoleWorker(): Promise<void> {
  const { removeConsoleWorker } = await import('@/lib/remove-console-worker');
  await removeConsoleWorker();
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
  if (!container || controlledByDemoWorker(container) || !firstInstall) return;
  // A worker active before this page, which does not control it, means a hard reload; MSW
  // reloads that one, as the person asked for a fresh page anyway.
  if (!(await firstInstall)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', onControllerChange);
      resolve();
    };
    // The live console's worker letting go of the page is not the demo's taking it.
    const onControllerChange = () => {
      if (controlledByDemoWorker(container)) done();
    };
    const timer = setTimeout(done, CLAIM_WAIT_MS);
    container.addEventListener('controllerchange', onControllerChange);
    // It may have taken the page while the registration was made.
    onControllerChange();
  });
  // Until the demo's worker took the page, the live one served its files, and cached them again.
  if (consoleWorkerFound) await removeLiveConsoleWorker();
}

/** A controller that is not the live console's worker (left from before a `?demo`) is the demo's. */
function controlledByDemoWorker(container: ServiceWorkerContainer): boolean {
  return !!container.controller && !isConsoleWorker(container.controller);
}
