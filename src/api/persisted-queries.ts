import {
  experimental_createQueryPersister,
  type AsyncStorage,
  type PersistedQuery,
} from '@tanstack/query-persist-client-core';
import {
  onlineManager,
  type Query,
  type QueryClient,
  type QueryKey,
  type QueryPersister,
} from '@tanstack/react-query';
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { CONSOLE_CACHE_DATABASE_PREFIX, currentCacheOwner } from './cache-owner';
import { hasReadMarks } from './query-client';

/**
 * How long what was read stays on disk after the session that read it has expired: a weekend,
 * so Monday's first page still paints from Friday's reads. README's Security section says so.
 */
export const KEEP_AFTER_SESSION_MS = 72 * 60 * 60 * 1000;

const DATABASE_NAME = `${CONSOLE_CACHE_DATABASE_PREFIX}.queries`;
/** Raised when what is stored changes shape: older entries are then dropped, never misread. */
const FORMAT = 'queries-1';

interface StoredEntry {
  owner: string;
  value: PersistedQuery;
}

/** Whose reads the database holds and until when they may be kept. */
export interface KeptDataOwner {
  owner: string;
  /** When the last session of that owner expires(d); the data goes KEEP_AFTER_SESSION_MS later. */
  sessionExpiresAt: number;
}

interface QueriesDatabase extends DBSchema {
  queries: { key: string; value: StoredEntry };
  meta: { key: 'owner'; value: KeptDataOwner };
}

let opened: Promise<IDBPDatabase<QueriesDatabase>> | null = null;

function database(): Promise<IDBPDatabase<QueriesDatabase>> {
  opened ??= openDB<QueriesDatabase>(DATABASE_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('queries');
      db.createObjectStore('meta');
    },
    // Another tab deleting the database (a sign-out) must not wait on this one.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
    terminated() {
      opened = null;
    },
  });
  return opened;
}

/** Closes this tab's connection, so the database can be deleted at once. */
export async function closeQueriesDatabase(): Promise<void> {
  const current = opened;
  opened = null;
  if (current) (await current.catch(() => null))?.close();
}

/** The keys a person reads again: lists' pages, records, lookups, the group tree, events. */
const KEPT_ROOTS = new Set([
  'users',
  'vehicles',
  'devices',
  'groups',
  'driver-assignments',
  'geofences',
  'safety-events',
  'ecm',
]);
/**
 * Never on disk: files (videos, stills, packets are fetched anew and need the connection). A
 * window's scorecards are kept as worked out (the last ranking paints at once, then the safety
 * events kept by day bring it up to date).
 */
const NEVER_KEPT_PARTS = new Set(['file']);

export function isKeptQueryKey(queryKey: QueryKey): boolean {
  const [root] = queryKey;
  if (typeof root !== 'string' || !KEPT_ROOTS.has(root)) return false;
  return !queryKey.some((part) => typeof part === 'string' && NEVER_KEPT_PARTS.has(part));
}

/**
 * The storage under TanStack's persister: the database's entries for the current owner only. With
 * no owner (signed out, the demo, a shared computer) nothing is read or written.
 */
const ownersStorage: AsyncStorage<PersistedQuery | null> = {
  getItem: async (key) => {
    const owner = currentCacheOwner();
    if (!owner) return null;
    const entry = await (await database()).get('queries', key);
    return entry?.owner === owner ? entry.value : null;
  },
  setItem: async (key, value) => {
    const owner = currentCacheOwner();
    if (!owner || !value) return;
    try {
      await (await database()).put('queries', { owner, value }, key);
    } catch {
      // A value the browser cannot store (or a full disk) stays in memory only.
    }
  },
  removeItem: async (key) => {
    await (await database()).delete('queries', key);
  },
  entries: async () => {
    const owner = currentCacheOwner();
    if (!owner) return [];
    const db = await database();
    const [keys, entries] = await Promise.all([db.getAllKeys('queries'), db.getAll('queries')]);
    return keys.flatMap((key, index) => {
      const entry = entries[index];
      return entry?.owner === owner ? [[key, entry.value] as [string, PersistedQuery]] : [];
    });
  },
};

/**
 * What is written: the data and when it was read, nothing of a failure. An answer with fields
 * the console could not read keeps its marks only in memory, so it is not written at all.
 */
function keptForm(persisted: PersistedQuery): PersistedQuery | null {
  const { state } = persisted;
  if (state.status !== 'success' || hasReadMarks(state.data)) return null;
  return {
    ...persisted,
    state: {
      ...state,
      error: null,
      fetchFailureReason: null,
      fetchFailureCount: 0,
      fetchStatus: 'idle',
    },
  };
}

/**
 * TanStack Query's persister for the console: each query the person reads again is written to
 * IndexedDB when it is read (one entry per query, so a write never copies the whole cache), and
 * restored at start by `restoreKeptQueries`.
 */
export const keptQueries = experimental_createQueryPersister<PersistedQuery | null>({
  storage: ownersStorage,
  buster: FORMAT,
  maxAge: KEEP_AFTER_SESSION_MS,
  serialize: keptForm,
  deserialize: (stored) => {
    if (!stored) throw new Error('No entry');
    return stored;
  },
  filters: { predicate: (query: Query) => isKeptQueryKey(query.queryKey) },
  // A restored answer older than its stale time is read again in the background (offline, that
  // read is cancelled: keptQueriesPersister).
  refetchOnRestore: true,
});

/**
 * The queries' persister in live mode: TanStack's, except that offline a query already holding an
 * answer is not read at all. Its read is cancelled back to what it held (so the page keeps showing
 * it, still due, with no error) and happens once the connection is back; a query holding nothing
 * is read, and the API client fails it at once saying it needs the connection.
 */
export const keptQueriesPersister: QueryPersister = (queryFn, context, query) => {
  // The online manager, as connection.ts sets it up (importing that here splits the sign-in
  // page's script).
  if (!onlineManager.isOnline() && query.state.data !== undefined) return cancelledOffline(query);
  return keptQueries.persisterFn(queryFn, context, query);
};

async function cancelledOffline(query: Query): Promise<never> {
  // The query learns of its own read only after this function was called.
  await Promise.resolve();
  await query.cancel({ revert: true });
  // The cancellation settles the read; this promise is left behind.
  return new Promise<never>(() => undefined);
}

/**
 * Puts what the owner read before into the cache, so the first page paints from it. Each is due
 * for a read at once (whatever its age: a change made in that visit may not have reached it), so
 * a page shows it and reads it again in the background.
 */
export async function restoreKeptQueries(client: QueryClient): Promise<void> {
  if (!currentCacheOwner()) return;
  try {
    await keptQueries.restoreQueries(client);
    await client.invalidateQueries({
      predicate: (query) => isKeptQueryKey(query.queryKey),
      refetchType: 'none',
    });
  } catch {
    // An unreadable database is the same as an empty one: the pages read from the service.
  }
}

/**
 * Writes what a change put into the cache by hand (a saved record, a list updated in place):
 * the persister writes only what a read returns, and the disk must not keep the older answer.
 */
export function keepChangesWrittenToCache(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return;
    // A streamed read (a ranking as its pages arrive) is written once, when it ends.
    if (event.query.state.fetchStatus === 'fetching') return;
    if (!currentCacheOwner() || !isKeptQueryKey(event.query.queryKey)) return;
    void keptQueries.persistQuery(event.query).catch(() => undefined);
  });
}

/** Whether this computer holds kept queries (browsers that cannot tell are taken to). */
export async function hasKeptQueries(): Promise<boolean> {
  try {
    return (await indexedDB.databases()).some((info) => info.name === DATABASE_NAME);
  } catch {
    return true;
  }
}

export async function readKeptDataOwner(): Promise<KeptDataOwner | null> {
  try {
    return (await (await database()).get('meta', 'owner')) ?? null;
  } catch {
    return null;
  }
}

export async function writeKeptDataOwner(owner: KeptDataOwner): Promise<void> {
  try {
    await (await database()).put('meta', owner, 'owner');
  } catch {
    // Without the record the data is removed at the next start, which is the safe side.
  }
}

/**
 * Removes every IndexedDB database the console keeps for a user (the queries, the safety events
 * kept by day), in this tab's origin. Other tabs close their connections when asked.
 */
export async function deleteConsoleDatabases(): Promise<void> {
  await closeQueriesDatabase();
  const names = new Set([DATABASE_NAME]);
  try {
    for (const info of await indexedDB.databases()) {
      if (info.name?.startsWith(CONSOLE_CACHE_DATABASE_PREFIX)) names.add(info.name);
    }
  } catch {
    // Browsers without databases() still lose the known ones.
  }
  await Promise.all([...names].map((name) => deleteDB(name).catch(() => undefined)));
}
