/**
 * Whose data the console may keep on disk (IndexedDB and the service worker's Cache Storage):
 * the signed-in user at one service's address. Null when nothing may be kept: signed out, the
 * demo, or a session started with "This is a shared computer".
 */
let owner: string | null = null;
const listeners = new Set<() => void>();

/** Every IndexedDB database the console keeps for its user starts with this name. */
export const CONSOLE_CACHE_DATABASE_PREFIX = 'fleet-console-cache';

export function currentCacheOwner(): string | null {
  return owner;
}

export function setCacheOwner(next: string | null): void {
  if (next === owner) return;
  owner = next;
  for (const listener of listeners) listener();
}

export function subscribeToCacheOwner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
