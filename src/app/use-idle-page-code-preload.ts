import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { preloadPageCode } from '@/lib/preload-page-code';

/** How long to wait for an idle moment before looking again (Safari has no idle callback). */
const IDLE_TIMEOUT_MS = 1000;
/**
 * How long nothing must have been fetching first. A list opened from the overview the moment its
 * data arrives took longer while all the lists' code loaded beside it (in the demo, every chunk
 * request passes through the page's own thread); a second later nothing competes.
 */
const QUIET_MS = 1000;

/**
 * Runs `work` at an idle moment once `busy()` has been false for `quietMs`, looking again at each
 * idle moment until then. Returns a cancel function.
 */
export function whenQuietAndIdle(
  busy: () => boolean,
  work: () => void,
  quietMs = QUIET_MS,
): () => void {
  let quietSince: number | undefined;
  let cancelWait = () => {};
  const wait = () => {
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(check, { timeout: IDLE_TIMEOUT_MS });
      cancelWait = () => cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(check, IDLE_TIMEOUT_MS);
      cancelWait = () => clearTimeout(timer);
    }
  };
  const check = () => {
    if (busy()) quietSince = undefined;
    else quietSince ??= Date.now();
    if (quietSince !== undefined && Date.now() - quietSince >= quietMs) work();
    else wait();
  };
  wait();
  return () => cancelWait();
}

/**
 * Loads the code of the given pages (each route on the way, not their data) once the page on
 * screen has its data and the browser is idle. Opening one of them then waits for its data alone:
 * fetching and running its chunks took about half the time from the click to the first rows.
 * Waiting for quiet keeps this from slowing the page being read, or a list opened straight away.
 */
export function useIdlePageCodePreload(paths: readonly string[]): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    const busy = () => queryClient.isFetching() > 0;
    let cancelNext = () => {};
    // One page at each idle moment: every page at once was one task of 120–200 ms (the module
    // preloads add a link element per chunk and style sheet), long enough to stall a click.
    const preloadFrom = (index: number) => {
      const path = paths[index];
      if (path === undefined) return;
      preloadPageCode(router, path);
      cancelNext = whenQuietAndIdle(busy, () => preloadFrom(index + 1), 0);
    };
    cancelNext = whenQuietAndIdle(busy, () => preloadFrom(0));
    return () => cancelNext();
  }, [router, queryClient, paths]);
}
