import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '@/api/client';
import { SessionManager } from '@/api/session';
import { loadRuntimeConfig } from '@/config/load-config';
import { resolveEcmAccess } from '@/lib/ecm-access';
import { isSignInAddress } from '@/lib/safe-redirect';
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
    if (demoRequested) {
      // Loaded only in demo mode, so the fake service never weighs on the live build. It starts
      // beside the first render; requests wait for it.
      const { startDemoService } = await import('./mocks/browser');
      const { ready, ...controls } = startDemoService({
        geocoderUrl: config.geocoderUrl,
        ecmDeploymentId: config.ecmDeployments[0]?.id ?? '',
      });
      demo = controls;
      serviceReady = ready;
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
    // A page behind sign-in waits briefly for another tab's session; the sign-in page itself
    // draws at once and leaves if one arrives.
    if (!isSignInAddress(window.location.pathname)) await session.ready;
    root.render(
      <StrictMode>
        <App runtime={{ config, session, demo }} />
      </StrictMode>,
    );
    // A demo service that cannot start replaces the page, whenever it fails.
    serviceReady?.catch((error: unknown) => root.render(<StartupErrorPage error={error} />));
  } catch (error) {
    root.render(<StartupErrorPage error={error} />);
  }
}

void start();
