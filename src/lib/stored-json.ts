/**
 * JSON kept in local or session storage, read back through a schema. Storage is input like any
 * other: an older console, another tab mid-write or a hand edit may have left anything there. A
 * value that does not fit is removed, so it cannot fail again, and noted on the console; the
 * caller gets its fallback, and learns the value was discarded so it can tell the user where they
 * would otherwise miss it.
 *
 * Every key begins with `fleet-console.`, so the console's values stand apart from other code's on
 * the same origin; a key renamed to that moves its old value with `moveStoredKey`.
 *
 * No zod in this module: the session and the ECM key are read before the sign-in page draws.
 */

/** What a stored value is checked with: a zod schema, or `guardSchema` around a type guard. */
export interface StoredSchema<T> {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false };
}

/** Which storage: named, so a browser that refuses storage altogether is handled here. */
export type StorageArea = 'local' | 'session' | Storage;

export interface StoredRead<T> {
  value: T;
  /** A stored value was there but unreadable, and has been removed. */
  discarded: boolean;
}

/**
 * A session on a shared computer keeps nothing on disk: what would outlive the tab (settings,
 * saved views, the ECM key, dispatch's remembered columns) lasts only as long as the tab instead.
 */
let localValuesInTabOnly = false;

export function keepLocalValuesInTab(inTabOnly: boolean): void {
  localValuesInTabOnly = inTabOnly;
}

function storageOf(area: StorageArea): Storage {
  // Reading `localStorage` itself throws where the browser blocks storage.
  if (area === 'local') return localValuesInTabOnly ? sessionStorage : localStorage;
  if (area === 'session') return sessionStorage;
  return area;
}

/** For the few values read before the sign-in page, where zod would cost too much. */
export function guardSchema<T>(isValid: (value: unknown) => value is T): StoredSchema<T> {
  return {
    safeParse: (value) => (isValid(value) ? { success: true, data: value } : { success: false }),
  };
}

export function readStoredJson<T>(
  area: StorageArea,
  key: string,
  schema: StoredSchema<T>,
  fallback: T,
): StoredRead<T> {
  let raw: string | null;
  try {
    raw = storageOf(area).getItem(key);
  } catch {
    // No storage at all: nothing was kept, nothing to discard.
    return { value: fallback, discarded: false };
  }
  if (raw === null) return { value: fallback, discarded: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return discard(area, key, fallback);
  }
  const result = schema.safeParse(parsed);
  return result.success ? { value: result.data, discarded: false } : discard(area, key, fallback);
}

function discard<T>(area: StorageArea, key: string, fallback: T): StoredRead<T> {
  console.warn(`Removed the stored "${key}": it was not in a shape this version can read.`);
  removeStored(area, key);
  return { value: fallback, discarded: true };
}

/**
 * Stores a value; false when storage is full or refused (callers keep it in memory then), or when
 * its JSON is longer than `maxLength` characters (a share of the quota kept for the rest).
 */
export function writeStoredJson(
  area: StorageArea,
  key: string,
  value: unknown,
  { maxLength = Infinity }: { maxLength?: number } = {},
): boolean {
  try {
    const json = JSON.stringify(value);
    if (json.length > maxLength) return false;
    storageOf(area).setItem(key, json);
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves what an older console kept under `formerKey` to `key`, once: where `key` holds nothing
 * yet the value is copied over, and the former key is removed either way, so renaming a key loses
 * no one's saved values. Copied as it is: reading it back checks it like any other.
 */
export function moveStoredKey(area: StorageArea, formerKey: string, key: string): void {
  try {
    const storage = storageOf(area);
    const former = storage.getItem(formerKey);
    if (former === null) return;
    if (storage.getItem(key) === null) storage.setItem(key, former);
    storage.removeItem(formerKey);
  } catch {
    // Storage refused or full: the former key stays where it is, to be moved another time.
  }
}

export function removeStored(area: StorageArea, key: string): void {
  try {
    storageOf(area).removeItem(key);
  } catch {
    // Nothing can be left behind where storage is unavailable.
  }
}

/** A moment stored as epoch milliseconds that a Date can hold (1e300 is a number, not a time). */
export function isStoredTime(value: unknown): value is number {
  return typeof value === 'number' && !Number.isNaN(new Date(value).getTime());
}
