import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useCallback, useSyncExternalStore } from 'react';
import { readStoredJson, writeStoredJson } from '@/lib/stored-json';
import {
  emptyWatchState,
  storedWatchStateSchema,
  type WatchState,
  type WatchStateRead,
} from './watch-rules';

/*
 * Each user's watch rules and what they have seen, in this browser's local storage: another
 * person signing in on the same browser keeps their own. Tabs share it through storage events.
 */

const KEY_PREFIX = 'fleet-console.watch.';

export const watchStorageKey = (username: string) => `${KEY_PREFIX}${username.toLowerCase()}`;

const states = new Map<string, WatchState>();
const listeners = new Set<() => void>();
/** Per key, what a read had to leave out, until the notice that says so is taken. */
const notices = new Map<string, MessageDescriptor>();

const RULES_REMOVED_NOTICE = msg`Some saved watch rules could not be read and were removed.`;
const SINCE_RESET_NOTICE = msg`Your last look at what’s new could not be read: events from the last day count as new.`;

/** Reads and checks the stored state; what had to go is removed from storage, so it is said once. */
function readStoredWatchState(key: string): WatchState {
  const fallback: WatchStateRead = { state: emptyWatchState, droppedRules: 0, droppedSince: false };
  const read = readStoredJson('local', key, storedWatchStateSchema(Date.now()), fallback);
  const { state, droppedRules, droppedSince } = read.value;
  if (read.discarded || droppedRules > 0) notices.set(key, RULES_REMOVED_NOTICE);
  else if (droppedSince && state.rules.length > 0) notices.set(key, SINCE_RESET_NOTICE);
  if (droppedRules > 0 || droppedSince) writeStoredJson('local', key, state);
  return state;
}

function notifyListeners() {
  for (const listener of listeners) listener();
}

export function readWatchState(username: string): WatchState {
  const key = watchStorageKey(username);
  let state = states.get(key);
  if (!state) {
    state = readStoredWatchState(key);
    states.set(key, state);
  }
  return state;
}

/**
 * Why some of the user's stored watch state was dropped, in words, the first time it is asked
 * after the read that dropped it; null after that, and when nothing was dropped.
 */
export function takeWatchStateNotice(username: string): string | null {
  const key = watchStorageKey(username);
  readWatchState(username);
  const notice = notices.get(key);
  notices.delete(key);
  // Put in words when taken, in the language chosen by then.
  return notice ? i18n._(notice) : null;
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
