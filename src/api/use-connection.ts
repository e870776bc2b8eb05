import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

export interface Connection {
  online: boolean;
  /** When the connection was lost (ms since the epoch); null while online. */
  offlineSince: number | null;
}

/** When the browser lost its connection; null while online. A page opened offline counts from then. */
let offlineSince: number | null = onlineManager.isOnline() ? null : Date.now();
const listeners = new Set<() => void>();

onlineManager.subscribe((online) => {
  const next = online ? null : (offlineSince ?? Date.now());
  if (next === offlineSince) return;
  offlineSince = next;
  for (const listener of listeners) listener();
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getOfflineSince = () => offlineSince;

/** The connection as the pages show it (see connection.ts): re-renders when it goes or comes back. */
export function useConnection(): Connection {
  const since = useSyncExternalStore(subscribe, getOfflineSince, getOfflineSince);
  return { online: since === null, offlineSince: since };
}
