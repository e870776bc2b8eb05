import { isConsoleWorker } from '@/lib/console-worker';
import { demoWorkerInstall, removeLiveConsoleWorker } from './demo-service-worker';

// Apart from the install (demo-service-worker.ts), which runs with the first page: this waits
// inside the demo's own code, which loads after that page has painted.

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
  const installing = demoWorkerInstall();
  if (!container || controlledByDemoWorker(container) || !installing) return;
  // A worker active before this page, which does not control it, means a hard reload; MSW
  // reloads that one, as the person asked for a fresh page anyway.
  const { firstInstall, replacedConsoleWorker } = await installing;
  if (!firstInstall) return;
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
  if (replacedConsoleWorker) await removeLiveConsoleWorker();
}

/** A controller that is not the live console's worker (left from before a `?demo`) is the demo's. */
function controlledByDemoWorker(container: ServiceWorkerContainer): boolean {
  return !!container.controller && !isConsoleWorker(container.controller);
}
