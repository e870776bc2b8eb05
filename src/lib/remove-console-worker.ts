import { CONSOLE_WORKER_CACHE_PREFIX, isConsoleWorkerRegistration } from './console-worker';

/**
 * Unregisters the live console's service worker (never the demo's) and deletes its Cache Storage
 * caches: on sign-out, and before the demo's worker takes the same scope (two workers cannot share
 * one). Pages it controls keep it until they unload. A step that fails (storage blocked) is left,
 * not thrown.
 */
export async function removeConsoleWorker(): Promise<void> {
  const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? [];
  await Promise.all(
    registrations
      .filter(isConsoleWorkerRegistration)
      .map((registration) => registration.unregister().catch(() => false)),
  );
  if (typeof caches === 'undefined') return;
  const names = await caches.keys().catch(() => []);
  await Promise.all(
    names
      .filter((name) => name.startsWith(CONSOLE_WORKER_CACHE_PREFIX))
      .map((name) => caches.delete(name).catch(() => false)),
  );
}
