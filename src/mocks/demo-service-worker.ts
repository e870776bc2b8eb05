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

/** The longest the demo waits for its worker to take the page before letting MSW go on. */
const CLAIM_WAIT_MS = 10_000;

/**
 * Resolves once the worker registered at page start controls this page (it claims pages as it
 * activates). MSW reloads a page it finds uncontrolled beside a registration of its worker, which
 * on a first visit would wipe what the user has begun typing.
 */
export async function untilDemoWorkerControlsPage(): Promise<void> {
  const container = navigator.serviceWorker;
  if (!container || container.controller) return;
  const registration = await container.getRegistration().catch(() => undefined);
  // A worker already active beside an uncontrolled page means a hard reload, which MSW handles.
  const activating =
    registration?.installing ??
    registration?.waiting ??
    (registration?.active?.state === 'activating' ? registration.active : null);
  if (!activating) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', done);
      resolve();
    };
    const timer = setTimeout(done, CLAIM_WAIT_MS);
    container.addEventListener('controllerchange', done);
    // It may have taken the page while the registration was looked up.
    if (container.controller) done();
  });
}
