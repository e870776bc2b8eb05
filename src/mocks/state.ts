import type { MockDb } from './db';
import { seedDb } from './seed/index';
import { defaultMockSettings, type MockSettings } from './settings';

let settings: MockSettings = { ...defaultMockSettings };
let db: MockDb | null = null;
const changeListeners = new Set<(db: MockDb) => void>();

export function getMockSettings(): MockSettings {
  return settings;
}

export function getDb(): MockDb {
  db ??= seedDb(settings.scale);
  return db;
}

/** Starts the fake service afresh (tests call this before each test; "Reset demo data" too). */
export function resetMockService(next: Partial<MockSettings> = {}, snapshot?: MockDb): MockDb {
  settings = { ...defaultMockSettings, ...next };
  db = snapshot && snapshot.scale === settings.scale ? snapshot : seedDb(settings.scale);
  return db;
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
