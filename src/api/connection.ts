import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { followConnection } from './client-state';

/** When the browser last lost its connection; null while online. */
let offlineSince: number | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Starts following the browser's connection. In the demo the service answers from the page's own
 * service worker, so the network is never needed and the console never counts as offline.
 * TanStack Query's online manager is the one source: reads wait for it, and so do the pages.
 */
export function watchConnection({ demo }: { demo: boolean }): void {
  if (demo) {
    onlineManager.setEventListener(() => undefined);
    onlineManager.setOnline(true);
    return;
  }
  // The online manager starts out online and learns only from events: a page opened offline
  // must know at once.
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    onlineManager.setOnline(false);
  offlineSince = onlineManager.isOnline() ? null : Date.now();
  followConnection(isOffline);
  onlineManager.subscribe((online) => {
    const next = online ? null : (offlineSince ?? Date.now());
    if (next === offlineSince) return;
    offlineSince = next;
    notify();
  });
}

export function isOffline(): boolean {
  return !onlineManager.isOnline();
}

export interface Connection {
  online: boolean;
  /** When the connection was lost (ms since the epoch); null while online. */
  offlineSince: number | null;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getOfflineSince = () => offlineSince;

/** The connection as the pages show it: re-renders when it is lost or comes back. */
export function useConnection(): Connection {
  const since = useSyncExternalStore(subscribe, getOfflineSince, getOfflineSince);
  return { online: since === null, offlineSince: since };
}
