import { openDB, unwrap, type DBSchema, type IDBPDatabase } from 'idb';
import { setupWorker } from 'msw/browser';
import { demoEcmApiKey } from '@/config/demo-accounts';
import { presetEcmAccessSettings } from '@/lib/ecm-access';
import { readStoredJson, writeStoredJson } from '@/lib/stored-json';
import type { MockDb } from './db';
import { demoFaultHandler } from './demo-faults';
import { demoServiceWorkerUrl } from './demo-service-worker';
import { untilDemoWorkerControlsPage } from './demo-worker-control';
import { geocoderHandlers } from './handlers/geocoder';
import { handlers } from './handlers/index';
import { createInterceptionLog } from './interception-log';
import { SEED_VERSION } from './seed/index';
import { serviceHandler } from './service-handler';
import {
  defaultMockSettings,
  parseScale,
  storedMockSettingsSchema,
  type MockSettings,
} from './settings';
import { createSharedSignIns } from './shared-sign-ins';
import {
  createBatchingExclusiveRunner,
  createLocalExclusiveRunner,
  createSharedDemoData,
  type DemoDataStore,
  type ExclusiveRunner,
} from './shared-state';
import { getDb, onDbCommit, resetMockService } from './state';

const SETTINGS_KEY = 'fleet-console.demo-settings';
const DATABASE_NAME = 'fleet-console-demo';
const DATABASE_VERSION = 2;
const STORE_NAME = 'demo-data';
const LOCK_NAME = 'fleet-console-demo-data';
/** The tokens issued at the scales whose data is not stored. */
const SIGN_INS_KEY = 'fleet-console.demo-sign-ins';
/** Persisting 10x/100x data would cost seconds per write; those scales are for measuring. */
const PERSISTED_SCALE = 1;
const DEMO_LATENCY_MS = 120;

/**
 * Demo knobs come from the page URL (?demoScale=10&demoTokenTtl=60&demoLatency=0) and are kept
 * for the tab, so reloads and navigation keep them.
 */
function readDemoSettings(search: string): MockSettings {
  const stored = readStoredJson('session', SETTINGS_KEY, storedMockSettingsSchema, {}).value;
  const params = new URLSearchParams(search);
  const numberParam = (name: string) => {
    const value = params.get(name);
    return value === null || value === '' || Number.isNaN(Number(value))
      ? undefined
      : Number(value);
  };
  const settings: MockSettings = {
    scale: parseScale(numberParam('demoScale') ?? stored.scale ?? defaultMockSettings.scale),
    tokenTtlSeconds:
      numberParam('demoTokenTtl') ?? stored.tokenTtlSeconds ?? defaultMockSettings.tokenTtlSeconds,
    latencyMs: numberParam('demoLatency') ?? stored.latencyMs ?? DEMO_LATENCY_MS,
    dispatchProcessingMs:
      numberParam('demoDispatchMs') ??
      stored.dispatchProcessingMs ??
      defaultMockSettings.dispatchProcessingMs,
  };
  // Where storage is refused the settings last for this page only.
  writeStoredJson('session', SETTINGS_KEY, settings);
  return settings;
}

/** Collections no request of the demo service changes: stored once per seed, not on every write. */
type FixedCollections = Pick<MockDb, 'safetyEvents' | 'ecmReadings'>;
type ChangingCollections = Omit<MockDb, keyof FixedCollections>;

/** The one store holds three records: the stamp, and the two halves of the data. */
interface DemoDataSchema extends DBSchema {
  [STORE_NAME]: {
    key: 'stamp' | 'changing' | 'fixed';
    value: string | ChangingCollections | FixedCollections;
  };
}

let openedDatabase: Promise<IDBPDatabase<DemoDataSchema>> | undefined;

function openDatabase(): Promise<IDBPDatabase<DemoDataSchema>> {
  openedDatabase ??= openDB<DemoDataSchema>(DATABASE_NAME, DATABASE_VERSION, {
    upgrade(database) {
      // Version 1 kept one debounced snapshot; its data is dropped with it. The store is not in
      // today's schema, so it is named through the plain IndexedDB database.
      const plain = unwrap(database);
      if (plain.objectStoreNames.contains('snapshots')) plain.deleteObjectStore('snapshots');
      if (!database.objectStoreNames.contains(STORE_NAME)) database.createObjectStore(STORE_NAME);
    },
    // A newer build in another tab wants to upgrade: step aside, reopen on next use.
    blocking() {
      void openedDatabase?.then((database) => database.close());
      openedDatabase = undefined;
    },
  });
  openedDatabase.catch(() => {
    openedDatabase = undefined;
  });
  return openedDatabase;
}

const stampOf = (record: DemoDataSchema[typeof STORE_NAME]['value'] | undefined) =>
  typeof record === 'string' && record ? record : undefined;

/** The demo data in IndexedDB: the stamp, the collections requests change, and the fixed ones. */
const indexedDbStore: DemoDataStore = {
  async readStamp() {
    const database = await openDatabase();
    return stampOf(await database.get(STORE_NAME, 'stamp'));
  },
  async read() {
    const database = await openDatabase();
    const store = database.transaction(STORE_NAME, 'readonly').store;
    const [stampRecord, changing, fixed] = await Promise.all([
      store.get('stamp'),
      store.get('changing'),
      store.get('fixed'),
    ]);
    const stamp = stampOf(stampRecord);
    if (!stamp) return undefined;
    if (typeof changing !== 'object' || !('seedVersion' in changing)) return undefined;
    if (typeof fixed !== 'object' || !('safetyEvents' in fixed)) return undefined;
    if (changing.seedVersion !== SEED_VERSION || changing.scale !== PERSISTED_SCALE) {
      return undefined;
    }
    return { stamp, db: { ...changing, ...fixed } };
  },
  async write({ stamp, db }, everything) {
    const database = await openDatabase();
    const transaction = database.transaction(STORE_NAME, 'readwrite');
    const { safetyEvents, ecmReadings, ...changing } = db;
    const fixed: FixedCollections = { safetyEvents, ecmReadings };
    await Promise.all([
      transaction.store.put(changing, 'changing'),
      everything ? transaction.store.put(fixed, 'fixed') : undefined,
      transaction.store.put(stamp, 'stamp'),
      transaction.done,
    ]);
  },
};

/** One lock for the demo data across the browser's tabs (Web Locks), else within this page. */
function exclusiveRunner(): ExclusiveRunner {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return createLocalExclusiveRunner();
  return createBatchingExclusiveRunner((holder) => locks.request(LOCK_NAME, holder));
}

/**
 * Starts the fake service in the browser (seeded or shared stored data, then the service worker)
 * and returns its controls at once: the page renders beside the start, and requests wait for
 * `ready` (see configureApiClient's serviceReady). The demo company's legacy ECM key comes set up
 * on the first deployment, so vehicle positions show at first sign-in; Settings can remove it.
 */
export function startDemoService(options: {
  /** The configured place search, answered from the demo's gazetteer (no network needed). */
  geocoderUrl: string | null;
  /** Where the demo's legacy ECM key is set up. */
  ecmDeploymentId: string;
  /** The address's query as the page opened, with any demo knobs (the router may tidy it since). */
  search: string;
}): {
  resetData: () => Promise<void>;
  scale: number;
  ready: Promise<void>;
} {
  presetEcmAccessSettings({
    apiKey: demoEcmApiKey,
    deploymentId: options.ecmDeploymentId,
    customBaseUrl: '',
  });
  const settings = readDemoSettings(options.search);
  // The service handler simulates the latency itself, outside the lock.
  const handlerSettings: MockSettings = { ...settings, latencyMs: 0 };
  const persist = settings.scale === PERSISTED_SCALE;
  const shared = persist
    ? createSharedDemoData({
        store: indexedDbStore,
        runExclusive: exclusiveRunner(),
        getDb,
        adopt: (db) => resetMockService(handlerSettings, db),
        onCommit: onDbCommit,
      })
    : undefined;
  // The other scales keep only their sign-ins, so a reload or another tab stays signed in.
  const signIns = persist
    ? undefined
    : createSharedSignIns({
        storage: localStorage,
        key: SIGN_INS_KEY,
        getDb,
        onCommit: onDbCommit,
      });
  const start = async () => {
    const routes = options.geocoderUrl
      ? [...handlers, ...geocoderHandlers(options.geocoderUrl)]
      : handlers;
    const interceptions = createInterceptionLog();
    // Heard beside MSW's own listener, which reads the same message a little later.
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) =>
      interceptions.note(event.data),
    );
    const service = serviceHandler(routes, settings.latencyMs, shared ?? signIns, (request) =>
      interceptions.take(request),
    );
    const worker = setupWorker(demoFaultHandler([service]), service);
    // The worker installs (mostly off this thread) while the data is read or seeded, rather than
    // after: a quick sign-in waited for both in turn. A request the worker catches before the data
    // is there waits for it under the shared state's lock.
    const workerStarted = untilDemoWorkerControlsPage().then(() =>
      worker.start({
        onUnhandledRequest: 'bypass',
        quiet: true,
        serviceWorker: { url: demoServiceWorkerUrl },
      }),
    );
    // The scales not stored are seeded now, while the worker installs, not at the first request.
    const seedNow = () => {
      resetMockService(handlerSettings);
      return getDb();
    };
    const dataLoaded = shared ? shared.start() : seedNow();
    await Promise.all([workerStarted, dataLoaded]);
  };
  const ready = start();
  return {
    scale: settings.scale,
    ready,
    resetData: async () => {
      await ready;
      if (shared) await shared.reset();
      else {
        signIns?.clear();
        resetMockService(handlerSettings);
      }
    },
  };
}
