import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useRuntime } from '@/api/runtime-context';
import { loadRuntimeConfig } from '@/config/load-config';
import { reloadForNewVersion, takeNewVersionNotice } from '@/lib/new-version';

/** config.json is read again at most this often, on a navigation or when the tab comes back. */
const CONFIG_CHECK_INTERVAL_MS = 60_000;
const NOTICE_ID = 'new-version';
/** The first check waits a while after the page opened with the config it read. */
const pageOpenedAt = Date.now();

/**
 * The signed-in shell's part of a redeploy: says why the page reloaded after a new version was
 * found, and notices a changed config.json (its addresses may point elsewhere now) to reload for
 * it, or, with unsaved work on screen, to offer the reload once the work is saved.
 */
export function useNewVersion(): void {
  const { t } = useLingui();
  const { config, session } = useRuntime();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const lastCheck = useRef(pageOpenedAt);

  useEffect(() => {
    if (!takeNewVersionNotice()) return;
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
      const served = await loadRuntimeConfig(`${import.meta.env.BASE_URL}config.json`).catch(
        () => null,
      );
      if (stopped || !served || JSON.stringify(served) === JSON.stringify(config)) return;
      if (!session.unsavedWork().here && reloadForNewVersion()) return;
      notifications.show({
        id: NOTICE_ID,
        title: t`A new version of the console is available`,
        message: t`Save your changes, then reload the page to use it.`,
        autoClose: false,
      });
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
