/**
 * The live console's service worker (sw.js, built by vite-plugin-pwa; see vite.config.ts): where
 * it is, and how to tell it from the demo's. Small, as the demo's start-up loads it with the first
 * page; the registration is src/app/service-worker.ts, the removal remove-console-worker.ts.
 */
export const CONSOLE_WORKER_URL = `${import.meta.env.BASE_URL}sw.js`;

/** Every Cache Storage cache of the worker's is named so (Workbox's cacheId and our own names). */
export const CONSOLE_WORKER_CACHE_PREFIX = 'fleet-console-';

/** Whether a worker runs the console's script (the demo's worker runs another). */
export function isConsoleWorker(worker: ServiceWorker | null | undefined): boolean {
  // Script URLs are absolute; the demo's ends in demo-service-worker.js.
  return typeof worker?.scriptURL === 'string' && worker.scriptURL.endsWith(CONSOLE_WORKER_URL);
}

/** Whether this registration is the console's (found on a scope the demo is about to take). */
export function isConsoleWorkerRegistration(
  registration: ServiceWorkerRegistration | undefined,
): boolean {
  return (
    !!registration &&
    [registration.installing, registration.waiting, registration.active].some(isConsoleWorker)
  );
}
