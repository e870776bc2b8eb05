import type { MockDb } from './db';
import { seedDb } from './seed/index';
import { defaultMockSettings, type MockSettings } from './settings';

let settings: MockSettings = { ...defaultMockSettings };
let db: MockDb | null = null;
const changeListeners = new Set<(db: MockDb) => void>();

export function getMockSettings(): MockSettings {
  return settings;
}

/** The scale whose seed is kept pristine for the next reset: larger ones would double the memory. */
const KEPT_SEED_SCALE = 1;
/**
 * The seed at that scale, kept from its second use on: the seed is the same for a scale and a day,
 * and a copy costs about half a seed (the unit tests reset before each test), while a page that
 * seeds once pays no copy.
 */
let keptSeed: { day: string; db: MockDb | null } | null = null;

function freshSeed(scale: number): MockDb {
  if (scale !== KEPT_SEED_SCALE) return seedDb(scale);
  const day = new Date().toISOString().slice(0, 10);
  if (keptSeed?.day !== day) {
    keptSeed = { day, db: null };
    return seedDb(scale);
  }
  keptSeed.db ??= seedDb(scale);
  return structuredClone(keptSeed.db);
}

export function getDb(): MockDb {
  db ??= freshSeed(settings.scale);
  return db;
}

/**
 * Starts the fake service afresh (tests call this before each test; "Reset demo data" too), on
 * `snapshot` or else on the seed, made when first read: a test that never reads it pays nothing.
 */
export function resetMockService(next: Partial<MockSettings> = {}, snapshot?: MockDb): void {
  settings = { ...defaultMockSettings, ...next };
  db = snapshot && snapshot.scale === settings.scale ? snapshot : null;
}

/** Handlers call this after every write, so demo mode can persist the new state. */
export function commitDb(): void {
  if (!db) return;
  for (const listener of changeListeners) listener(db);
}

export function onDbCommit(listener: (db: MockDb) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}
