/** The demo's service worker script (public/), which MSW's worker runs inside. */
export const demoServiceWorkerUrl = `${import.meta.env.BASE_URL}demo-service-worker.js`;

/**
 * Installs the demo's service worker ahead of the demo's code: installing takes a few hundred
 * milliseconds, mostly off the page's thread, and MSW later finds it ready. Kept apart from the
 * demo service so the first page's script stays small.
 */
export function installDemoServiceWorker(): void {
  // Without it the demo service reports the failure when it starts.
  navigator.serviceWorker?.register(demoServiceWorkerUrl).catch(() => undefined);
}
