import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '@/api/client-state';
import { watchConnection } from '@/api/connection';
import { SessionManager } from '@/api/session';
import { loadRuntimeConfig } from '@/config/load-config';
import { removeStaticSignIn } from '@/features/auth/static-sign-in';
import { afterNextPaint } from '@/lib/after-next-paint';
import { resolveEcmAccess } from '@/lib/ecm-access';
import { isSignInAddress } from '@/lib/safe-redirect';
import { startDemoIfAsked } from '@/mocks/start-demo';
import { App } from './app/app';
import { StartupErrorPage } from './app/startup-error-page';

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element to start the console in.');
  const root = createRoot(rootElement);
  try {
    const config = await loadRuntimeConfig(`${import.meta.env.BASE_URL}config.json`);
    // The address's query as the page opened, with any demo knobs (the router may tidy it since).
    const demo = startDemoIfAsked(config, window.location.search);
    watchConnection({ demo: !!demo });
    const session = new SessionManager();
    configureApiClient({
      config,
      getAccessToken: session.getAccessToken,
      isAccessTokenExpired: session.isAccessTokenExpired,
      reauthenticate: session.requestReauthentication,
      getEcmAccess: () => resolveEcmAccess(config.ecmDeployments),
      serviceReady: demo?.serviceReady,
    });
    // A page behind sign-in waits briefly for another tab's session, and for the demo's code so
    // its shell shows the demo's scale; the sign-in page itself draws at once and leaves if a
    // session arrives.
    const signInFirst = isSignInAddress(window.location.pathname);
    if (!signInFirst) {
      demo?.load();
      await Promise.all([session.ready, demo?.loaded]);
    }
    root.render(
      <StrictMode>
        <App runtime={{ config, session, demo: demo?.controls ?? null }} />
      </StrictMode>,
    );
    // The sign-in page paints first; the demo's code follows.
    if (signInFirst && demo) void afterNextPaint().then(demo.load);
    // No expired session's data waits on disk for the next sign-in (live mode keeps some).
    if (signInFirst && !demo) {
      void afterNextPaint()
        .then(() => import('./app/kept-data'))
        .then(({ removeExpiredKeptData }) => removeExpiredKeptData());
    }
    // A demo service that cannot start replaces the page, whenever it fails.
    demo?.serviceReady.catch(showStartupError);
  } catch (error) {
    showStartupError(error);
  }

  function showStartupError(error: unknown): void {
    // The sign-in form index.html drew cannot be sent now; the error takes its place.
    removeStaticSignIn();
    root.render(<StartupErrorPage error={error} />);
  }
}

void start();
