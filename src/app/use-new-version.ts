import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef } from 'react';
import { currentCacheOwner, subscribeToCacheOwner } from '@/api/cache-owner';
import { useRuntime } from '@/api/runtime-context';
import { loadRuntimeConfig } from '@/config/load-config';
import { afterNextPaint } from '@/lib/after-next-paint';
import { reloadForNewVersion } from '@/lib/new-version';
import { takeNewVersionNotice } from '@/lib/new-version-notice';
import type { ConsoleWorker } from './service-worker';

/** config.json is read again at most this often, on a navigation or when the tab comes back. */
const CONFIG_CHECK_INTERVAL_MS = 60_000;
const NOTICE_ID = 'new-version';
/** The first check waits a while after the page opened with the config it read. */
const pageOpenedAt = Date.now();

/**
 * The signed-in shell's part of a redeploy: says why the page reloaded after a new version was
 * found, and notices a changed config.json (its addresses may point elsewhere now) or a new
 * version's service worker (live mode) to reload for it, or, with unsaved work on screen, to
 * offer the reload once the work is saved.
 */
export function useNewVersion(): void {
  const { t } = useLingui();
  const { config, session, demo } = useRuntime();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const lastCheck = useRef(pageOpenedAt);
  const worker = useRef<ConsoleWorker | null>(null);
  /** A new version's worker took the page: the next page is loaded afresh, in the new code. */
  const reloadOnNextPage = useRef(false);
  const showNewVersionAvailable = useEffectEvent(() =>
    notifications.show({
      id: NOTICE_ID,
      title: t`A new version of the console is available`,
      message: t`Save your changes, then reload the page to use it.`,
      autoClose: false,
    }),
  );

  useEffect(() => {
    if (demo !== null || !('serviceWorker' in navigator)) return;
    let stopped = false;
    let loading = false;
    let stopListening = () => {};
    // Only for a user whose data may stay on disk (not on a shared computer), from when it may.
    const register = () => {
      if (stopped || loading || worker.current || currentCacheOwner() === null) return;
      loading = true;
      void import('./service-worker').then(({ registerConsoleWorker }) => {
        loading = false;
        if (stopped || currentCacheOwner() === null) return;
        worker.current = registerConsoleWorker({
          onWaiting: (activate) => {
            if (session.unsavedWork().here) showNewVersionAvailable();
            else activate();
          },
          onReplaced: () => {
            reloadOnNextPage.current = true;
          },
        });
      });
    };
    void afterNextPaint().then(() => {
      if (stopped) return;
      stopListening = subscribeToCacheOwner(register);
      register();
    });
    return () => {
      stopped = true;
      stopListening();
    };
  }, [demo, session]);

  useEffect(() => {
    // The page this navigation arrived at is loaded again in the new version (unless the reload
    // for it just happened, which would loop).
    if (!reloadOnNextPage.current) return;
    reloadOnNextPage.current = false;
    if (session.unsavedWork().here || !reloadForNewVersion()) showNewVersionAvailable();
  }, [pathname, session]);

  useEffect(() => {
    // Offline, the router's reload for a page's missing code was no new version: that code was
    // never kept here (the page says so).
    if (!takeNewVersionNotice() || !onlineManager.isOnline()) return;
    notifications.show({
      id: NOTICE_ID,
      title: t`The console was updated`,
      message: t`A new version was deployed; this page was reloaded to it.`,
    });
    // Once, on the first render: a language chosen later does not repeat the notice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (Date.now() - lastCheck.current < CONFIG_CHECK_INTERVAL_MS) return;
      lastCheck.current = Date.now();
      worker.current?.checkForUpdate();
      const served = await loadRuntimeConfig(`${import.meta.env.BASE_URL}config.json`).catch(
        () => null,
      );
      if (stopped || !served || JSON.stringify(served) === JSON.stringify(config)) return;
      if (!session.unsavedWork().here && reloadForNewVersion()) return;
      showNewVersionAvailable();
    };
    void check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [pathname, config, session, t]);
}
