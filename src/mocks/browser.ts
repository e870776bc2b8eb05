import { setupWorker } from 'msw/browser';
import type { MockDb } from './db';
import { demoFaultHandler } from './demo-faults';
import { handlers } from './handlers/index';
import { SEED_VERSION } from './seed/index';
import { defaultMockSettings, parseScale, type MockSettings } from './settings';
import { getDb, onDbCommit, resetMockService } from './state';

const SETTINGS_KEY = 'fleet-console.demo-settings';
const DATABASE_NAME = 'fleet-console-demo';
const STORE_NAME = 'snapshots';
/** Persisting 10x/100x data would cost seconds per write; those scales are for measuring. */
const PERSISTED_SCALE = 1;
const DEMO_LATENCY_MS = 120;

/**
 * Demo knobs come from the page URL (?demoScale=10&demoTokenTtl=60&demoLatency=0) and are kept
 * for the tab, so reloads and navigation keep them.
 */
function readDemoSettings(): MockSettings {
  let stored: Partial<MockSettings> = {};
  try {
    stored = JSON.parse(sessionStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<MockSettings>;
  } catch {
    stored = {};
  }
  const params = new URLSearchParams(window.location.search);
  const numberParam = (name: string) => {
    const value = params.get(name);
    return value === null || value === '' || Number.isNaN(Number(value))
      ? undefined
      : Number(value);
  };
  const settings: MockSettings = {
    ...defaultMockSettings,
    latencyMs: DEMO_LATENCY_MS,
    ...stored,
  };
  settings.scale = parseScale(numberParam('demoScale') ?? settings.scale);
  settings.tokenTtlSeconds = numberParam('demoTokenTtl') ?? settings.tokenTtlSeconds;
  settings.latencyMs = numberParam('demoLatency') ?? settings.latencyMs;
  settings.dispatchProcessingMs = numberParam('demoDispatchMs') ?? settings.dispatchProcessingMs;
  try {
    sessionStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // The settings then last for this page only.
  }
  return settings;
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is unavailable'));
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = run(database.transaction(STORE_NAME, mode).objectStore(STORE_NAME));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    database.close();
  }
}

async function loadSnapshot(): Promise<MockDb | undefined> {
  try {
    const snapshot = await withStore<MockDb | undefined>(
      'readonly',
      (store) => store.get('db') as IDBRequest<MockDb | undefined>,
    );
    return snapshot?.seedVersion === SEED_VERSION ? snapshot : undefined;
  } catch {
    return undefined;
  }
}

async function saveSnapshot(db: MockDb): Promise<void> {
  try {
    await withStore('readwrite', (store) => store.put(db, 'db'));
  } catch {
    // Without storage the demo still works; changes last until the page is closed.
  }
}

function debounce(run: () => void, waitMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(run, waitMs);
  };
}

/** Starts the fake service in the browser: seeded (or restored) data, then the service worker. */
export async function startDemoService(): Promise<{
  resetData: () => Promise<void>;
  scale: number;
}> {
  const settings = readDemoSettings();
  const persist = settings.scale === PERSISTED_SCALE;
  resetMockService(settings, persist ? await loadSnapshot() : undefined);
  if (persist) {
    const scheduleSave = debounce(() => void saveSnapshot(getDb()), 300);
    onDbCommit(scheduleSave);
    window.addEventListener('pagehide', () => void saveSnapshot(getDb()));
  }
  const worker = setupWorker(demoFaultHandler(handlers), ...handlers);
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  return {
    scale: settings.scale,
    resetData: async () => {
      resetMockService(settings);
      if (persist) await saveSnapshot(getDb());
    },
  };
}
