import { onlineManager } from '@tanstack/react-query';
import { followConnection } from './client-state';

/**
 * Starts following the browser's connection (from start-up; what the pages show of it is
 * use-connection.ts, loaded with them). In the demo the service answers from the page's own
 * service worker, so the network is never needed and the console never counts as offline.
 * TanStack Query's online manager is the one source: reads wait for it, the API client refuses
 * requests while it says offline, and the pages show it.
 */
export function watchConnection({ demo }: { demo: boolean }): void {
  if (demo) {
    onlineManager.setEventListener(() => undefined);
    onlineManager.setOnline(true);
    return;
  }
  // The online manager starts out online and learns only from events: a page opened offline
  // must know at once.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    onlineManager.setOnline(false);
  }
  followConnection(isOffline);
}

export function isOffline(): boolean {
  return !onlineManager.isOnline();
}
