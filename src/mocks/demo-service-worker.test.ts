import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDemoServiceWorker } from './demo-service-worker';
import { untilDemoWorkerControlsPage } from './demo-worker-control';

/** A page's service-worker container whose registration, before the page's own, is `before`. */
function stubContainer(before: Partial<ServiceWorkerRegistration> | undefined) {
  const events = new EventTarget();
  const container = {
    controller: null as ServiceWorker | null,
    getRegistration: () => Promise.resolve(before),
    register: vi.fn(() => Promise.resolve({ active: { state: 'activated' } })),
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
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('untilDemoWorkerControlsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a first visit waits until the worker it installed takes the page, even once it is active', async () => {
    const container = stubContainer(undefined);
    installDemoServiceWorker();
    const waiting = untilDemoWorkerControlsPage();
    expect(await settled(waiting)).toBe(false);
    expect(container.register).toHaveBeenCalledOnce();
    container.takeControl();
    expect(await settled(waiting)).toBe(true);
  });

  it('goes on at once when the worker already controls the page', async () => {
    const container = stubContainer({ active: {} as ServiceWorker });
    container.controller = {} as ServiceWorker;
    installDemoServiceWorker();
    expect(await settled(untilDemoWorkerControlsPage())).toBe(true);
  });

  it('leaves a hard reload (a worker active before the page, which it does not control) to MSW', async () => {
    stubContainer({ active: { state: 'activated' } as ServiceWorker });
    installDemoServiceWorker();
    expect(await settled(untilDemoWorkerControlsPage())).toBe(true);
  });

  it("on a live deployment first removes the live console's worker, and waits for its own to take the page", async () => {
    const liveWorker = { scriptURL: 'https://console.example/sw.js' } as ServiceWorker;
    const liveRegistration = {
      active: liveWorker,
      unregister: vi.fn(() => Promise.resolve(true)),
    };
    const container = stubContainer(liveRegistration);
    Object.assign(container, { getRegistrations: () => Promise.resolve([liveRegistration]) });
    container.controller = liveWorker;
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: () => Promise.resolve(['fleet-console-assets']),
      delete: (name: string) => Promise.resolve(deleted.push(name) > 0),
    });
    installDemoServiceWorker();
    const waiting = untilDemoWorkerControlsPage();
    // The removal's code loads on demand: a busy machine takes a while.
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledOnce());
    expect(liveRegistration.unregister).toHaveBeenCalledOnce();
    expect(await settled(waiting)).toBe(false);
    container.takeControl();
    await vi.waitFor(() => expect(deleted).toHaveLength(2));
    expect(await settled(waiting)).toBe(true);
    // Once more after the demo's worker took the page: the live one served it until then.
    expect(deleted).toEqual(['fleet-console-assets', 'fleet-console-assets']);
  });
});
