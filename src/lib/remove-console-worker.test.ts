import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeConsoleWorker } from './remove-console-worker';

const workerAt = (path: string) =>
  ({ scriptURL: `https://console.example${path}` }) as ServiceWorker;

function stubRegistration(active: ServiceWorker) {
  return {
    installing: null,
    waiting: null,
    active,
    unregister: vi.fn(() => Promise.resolve(true)),
  };
}

describe('removeConsoleWorker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("unregisters the console's worker, not the demo's, and deletes only the console's caches", async () => {
    const consoleRegistration = stubRegistration(workerAt('/sw.js'));
    const demo = stubRegistration(workerAt('/demo-service-worker.js'));
    vi.stubGlobal('navigator', {
      serviceWorker: { getRegistrations: () => Promise.resolve([consoleRegistration, demo]) },
    });
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: () =>
        Promise.resolve([
          'fleet-console-precache-v2-https://console.example/',
          'fleet-console-assets',
          'someone-else',
        ]),
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    });
    await removeConsoleWorker();
    expect(consoleRegistration.unregister).toHaveBeenCalledOnce();
    expect(demo.unregister).not.toHaveBeenCalled();
    expect(deleted).toEqual([
      'fleet-console-precache-v2-https://console.example/',
      'fleet-console-assets',
    ]);
  });

  it('does nothing where the browser has no service workers or caches', async () => {
    vi.stubGlobal('navigator', {});
    vi.stubGlobal('caches', undefined);
    await expect(removeConsoleWorker()).resolves.toBeUndefined();
  });
});
