import { afterEach, describe, expect, it, vi } from 'vitest';
import { untilDemoWorkerControlsPage } from './demo-service-worker';

/** A page's service-worker container with one registration in the given state. */
function stubContainer(registration: Partial<ServiceWorkerRegistration> | undefined) {
  const events = new EventTarget();
  const container = {
    controller: null as ServiceWorker | null,
    getRegistration: () => Promise.resolve(registration),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    takeControl() {
      container.controller = {} as ServiceWorker;
      events.dispatchEvent(new Event('controllerchange'));
    },
  };
  vi.stubGlobal('navigator', { serviceWorker: container });
  return container;
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('untilDemoWorkerControlsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes on at once when no worker is registered yet', async () => {
    stubContainer(undefined);
    expect(await settled(untilDemoWorkerControlsPage())).toBe(true);
  });

  it('waits while the worker registered at page start installs, until it takes the page', async () => {
    const container = stubContainer({ installing: {} as ServiceWorker });
    const waiting = untilDemoWorkerControlsPage();
    expect(await settled(waiting)).toBe(false);
    container.takeControl();
    expect(await settled(waiting)).toBe(true);
  });

  it('leaves a hard reload (an active worker, an uncontrolled page) to the demo service', async () => {
    stubContainer({ active: { state: 'activated' } as ServiceWorker });
    expect(await settled(untilDemoWorkerControlsPage())).toBe(true);
  });
});
