import { useCallback, useSyncExternalStore } from 'react';
import { readStoredJson, writeStoredJson } from '@/lib/stored-json';
import { emptyWatchState, watchStateSchema, type WatchState } from './watch-rules';

/*
 * Each user's watch rules and what they have seen, in this browser's local storage: another
 * person signing in on the same browser keeps their own. Tabs share it through storage events.
 */

const KEY_PREFIX = 'fleet-console.watch.';

export const watchStorageKey = (username: string) => `${KEY_PREFIX}${username.toLowerCase()}`;

const states = new Map<string, WatchState>();
const listeners = new Set<() => void>();

function notifyListeners() {
  for (const listener of listeners) listener();
}

export function readWatchState(username: string): WatchState {
  const key = watchStorageKey(username);
  let state = states.get(key);
  if (!state) {
    state = readStoredJson('local', key, watchStateSchema, emptyWatchState).value;
    states.set(key, state);
  }
  return state;
}

/** Applies a change, stores it (kept in memory if storage refuses) and tells every reader. */
export function updateWatchState(username: string, change: (state: WatchState) => WatchState) {
  const before = readWatchState(username);
  const after = change(before);
  if (after === before) return;
  const key = watchStorageKey(username);
  states.set(key, after);
  writeStoredJson('local', key, after);
  notifyListeners();
}

function onStorage(event: StorageEvent) {
  if (event.key === null) states.clear();
  else if (event.key.startsWith(KEY_PREFIX)) states.delete(event.key);
  else return;
  notifyListeners();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user's watch state; the empty state when no one is signed in. */
export function useWatchState(username: string | null): WatchState {
  const snapshot = useCallback(
    () => (username ? readWatchState(username) : emptyWatchState),
    [username],
  );
  return useSyncExternalStore(subscribe, snapshot);
}
