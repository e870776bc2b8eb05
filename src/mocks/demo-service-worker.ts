import { isConsoleWorkerRegistration } from '@/lib/console-worker';

/** The demo's service worker script (public/), which MSW's worker runs inside. */
export const demoServiceWorkerUrl = `${import.meta.env.BASE_URL}demo-service-worker.js`;

/** What installing found: see `demoWorkerInstall`. */
export interface DemoWorkerInstall {
  /**
   * This page registered the worker for the first time (no worker was active before it, or the
   * live console's was removed): then the worker takes the page as it activates.
   */
  firstInstall: boolean;
  /** The live console's worker had the scope when the demo started. */
  replacedConsoleWorker: boolean;
}

let install: Promise<DemoWorkerInstall> | undefined;

/** Undefined until installDemoServiceWorker runs (or without service workers). */
export function demoWorkerInstall(): Promise<DemoWorkerInstall> | undefined {
  return install;
}

/**
 * Installs the demo's service worker ahead of the demo's code: installing takes a few hundred
 * milliseconds, mostly off the page's thread, and MSW later finds it ready. Kept apart from the
 * demo service so the first page's script stays small.
 */
export function installDemoServiceWorker(): void {
  const container = navigator.serviceWorker;
  // Without it the demo service reports the failure when it starts.
  if (!container) return;
  install = container
    .getRegistration(demoServiceWorkerUrl)
    .then(async (found) => {
      // The live console's worker on this scope (a live deployment opened with ?demo): it goes,
      // with its caches, or the demo's would replace its script and serve from its caches (two
      // workers cannot share a scope, MSW's issue #1033). The demo's then installs afresh.
      const replacedConsoleWorker = isConsoleWorkerRegistration(found);
      if (replacedConsoleWorker) await removeLiveConsoleWorker();
      await container.register(demoServiceWorkerUrl);
      return { firstInstall: replacedConsoleWorker || !found?.active, replacedConsoleWorker };
    })
    .catch(() => ({ firstInstall: false, replacedConsoleWorker: false }));
}

export async function removeLiveConsoleWorker(): Promise<void> {
  const { removeConsoleWorker } = await import('@/lib/remove-console-worker');
  await removeConsoleWorker();
}
