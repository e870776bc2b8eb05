import type { DemoControls } from '@/api/runtime-context';
import type { RuntimeConfig } from '@/config/config-schema';
import { installDemoServiceWorker } from './demo-service-worker';

/** The demo as the console's start-up sees it: the one place the app meets the demo service. */
export interface DemoStart {
  controls: DemoControls;
  /** Requests wait for it (the service answers from the page's service worker). */
  serviceReady: Promise<void>;
  /** Settles once the demo's code has loaded (and its scale is known), failed or not. */
  loaded: Promise<unknown>;
  /** Starts loading the demo's code; until then it waits, so the first page paints first. */
  load: () => void;
}

/**
 * The browser host of the demo service, when config.json says `"demo": true` or the address has
 * `?demo`; null otherwise, and then nothing of the demo loads. Its code loads only when asked
 * (at once for a page behind sign-in, which needs it; after the first paint on the sign-in page).
 */
export function startDemoIfAsked(config: RuntimeConfig, search: string): DemoStart | null {
  if (!config.demo && !new URLSearchParams(search).has('demo')) return null;
  installDemoServiceWorker();
  let load = () => {};
  const service = new Promise<void>((resolve) => {
    load = resolve;
  })
    .then(() => import('./browser'))
    .then(({ startDemoService }) =>
      startDemoService({
        geocoderUrl: config.geocoderUrl,
        ecmDeploymentId: config.ecmDeployments[0]?.id ?? '',
        search,
      }),
    );
  let scale = 1;
  const loaded = service.then(
    (started) => {
      scale = started.scale;
    },
    // A service that cannot load is reported once, by serviceReady.
    () => undefined,
  );
  return {
    controls: {
      // Read by the signed-in shell, which draws only once the service has answered.
      get scale() {
        return scale;
      },
      resetData: async () => (await service).resetData(),
    },
    serviceReady: service.then((started) => started.ready),
    loaded,
    load,
  };
}
