import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '@/api/client';
import { SessionManager } from '@/api/session';
import { loadRuntimeConfig } from '@/config/load-config';
import { afterNextPaint } from '@/lib/after-next-paint';
import { resolveEcmAccess } from '@/lib/ecm-access';
import { isSignInAddress } from '@/lib/safe-redirect';
import { installDemoServiceWorker } from '@/mocks/demo-service-worker';
import type { DemoControls } from '@/lib/runtime-context';
import { App } from './app/app';
import { StartupErrorPage } from './app/startup-error-page';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadRuntimeConfig(`${import.meta.env.BASE_URL}config.json`);
    const demoRequested = config.demo || new URLSearchParams(window.location.search).has('demo');
    let demo: DemoControls | null = null;
    let serviceReady: Promise<void> | undefined;
    let demoLoaded: Promise<unknown> | undefined;
    let startDemoLoading = () => {};
    if (demoRequested) {
      // Loaded only in demo mode, so the fake service never weighs on the live build. Its code
      // loads once the first page is drawn (at once for a page behind sign-in, which needs it);
      // requests wait for it, the page does not.
      const search = window.location.search;
      installDemoServiceWorker();
      const demoService = new Promise<void>((resolve) => {
        startDemoLoading = resolve;
      })
        .then(() => import('./mocks/browser'))
        .then(({ startDemoService }) =>
          startDemoService({
            geocoderUrl: config.geocoderUrl,
            ecmDeploymentId: config.ecmDeployments[0]?.id ?? '',
            search,
          }),
        );
      let scale = 1;
      demoLoaded = demoService.then(
        (service) => {
          scale = service.scale;
        },
        // A service that cannot load is reported once, below, by serviceReady.
        () => undefined,
      );
      demo = {
        // Read by the signed-in shell, which draws only once the service has answered.
        get scale() {
          return scale;
        },
        resetData: async () => (await demoService).resetData(),
      };
      serviceReady = demoService.then((service) => service.ready);
    }
    const session = new SessionManager();
    configureApiClient({
      config,
      getAccessToken: session.getAccessToken,
      isAccessTokenExpired: session.isAccessTokenExpired,
      reauthenticate: session.requestReauthentication,
      getEcmAccess: () => resolveEcmAccess(config.ecmDeployments),
      serviceReady,
    });
    // A page behind sign-in waits briefly for another tab's session, and for the demo's code so
    // its shell shows the demo's scale; the sign-in page itself draws at once and leaves if a
    // session arrives.
    const signInFirst = isSignInAddress(window.location.pathname);
    if (!signInFirst) {
      startDemoLoading();
      await Promise.all([session.ready, demoLoaded]);
    }
    root.render(
      <StrictMode>
        <App runtime={{ config, session, demo }} />
      </StrictMode>,
    );
    // The sign-in page paints first; the demo's code follows.
    if (signInFirst) void afterNextPaint().then(startDemoLoading);
    // A demo service that cannot start replaces the page, whenever it fails.
    serviceReady?.catch((error: unknown) => root.render(<StartupErrorPage error={error} />));
  } catch (error) {
    root.render(<StartupErrorPage error={error} />);
  }
}

void start();
