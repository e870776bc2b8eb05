import type { QueryClient } from '@tanstack/react-query';
import { setCacheOwner } from '@/api/cache-owner';
import {
  deleteConsoleDatabases,
  hasKeptQueries,
  KEEP_AFTER_SESSION_MS,
  keepChangesWrittenToCache,
  keptQueriesPersister,
  readKeptDataOwner,
  restoreKeptQueries,
  writeKeptDataOwner,
} from '@/api/persisted-queries';
import type { Runtime } from '@/api/runtime-context';
import type { StoredSession } from '@/api/session';
import { removeConsoleWorker } from '@/lib/remove-console-worker';
import { keepLocalValuesInTab } from '@/lib/stored-json';

/**
 * What the console keeps on disk for the signed-in user in live mode (the queries read, the
 * safety events by day, the worker's copy of the app), and when it goes: sign-out here or in
 * another tab, another user signing in, a "shared computer" session, and a session that expired
 * more than KEEP_AFTER_SESSION_MS ago.
 */

/** How often an open tab checks that its expired session's data may still be kept. */
const EXPIRY_CHECK_MS = 60_000;

/** Whose data a session may keep: the user at the service's address; null for a shared computer. */
function ownerOf(runtime: Runtime, session: StoredSession | null): string | null {
  if (!session || session.sharedComputer || runtime.demo) return null;
  return `${session.username.trim().toLowerCase()}@${runtime.config.authUrl}`;
}

/** Removes every database and cache the console keeps, and its worker with the app's copy. */
export async function removeKeptData(): Promise<void> {
  await Promise.all([deleteConsoleDatabases(), removeConsoleWorker()]);
}

/** Data of a session that expired more than KEEP_AFTER_SESSION_MS ago is removed. */
async function removeIfExpired(now = Date.now()): Promise<boolean> {
  const kept = await readKeptDataOwner();
  if (!kept || kept.sessionExpiresAt + KEEP_AFTER_SESSION_MS > now) return false;
  await removeKeptData();
  return true;
}

/** For the sign-in page, after it has painted: no expired session's data waits for a sign-in. */
export function removeExpiredKeptData(): void {
  if (typeof indexedDB === 'undefined') return;
  void removeIfExpired();
}

let started: Promise<void> | null = null;

/**
 * Starts keeping the signed-in user's reads (once per page): removes another owner's data, puts
 * this owner's back into the query cache so the first page paints from it, and follows the
 * session from then on. Resolves once the cache holds what was kept.
 */
export function startKeptData(runtime: Runtime, client: QueryClient): Promise<void> {
  started ??= start(runtime, client);
  return started;
}

async function start(runtime: Runtime, client: QueryClient): Promise<void> {
  const { session } = runtime;
  let shared = followSharedComputer(session.session, false);
  session.subscribe(() => {
    shared = followSharedComputer(session.session, shared);
  });
  // The demo keeps its own data (its service's store); nothing of the console is kept there.
  if (runtime.demo || typeof indexedDB === 'undefined') return;
  let owner = ownerOf(runtime, session.session);
  keepQueriesOf(client);
  const adopted = adopt(owner, session.session).then(async () => {
    await restoreKeptQueries(client);
    // After the restore, which writes the cache by hand too.
    keepChangesWrittenToCache(client);
  });
  // With nothing kept on this computer (a first visit) the first page does not wait for the
  // database to be made; its reads are kept from when it is.
  if (await hasKeptQueries()) await adopted;
  session.subscribe(() => {
    const next = ownerOf(runtime, session.session);
    if (next === owner) {
      if (next && session.session) void recordSession(next, session.session);
      return;
    }
    owner = next;
    // Signed out (here or in another tab), or another user: this tab stops writing at once and
    // forgets in memory; every tab removes what is on disk, so none writes it back.
    setCacheOwner(null);
    client.clear();
    void adopt(next, session.session);
  });
  // An expired session's data goes once its time is up, even while the tab stays open offline.
  setInterval(() => {
    const current = session.session;
    if (!current || current.expiresAt > Date.now()) return;
    void removeIfExpired().then((removed) => {
      if (removed) session.signOut();
    });
  }, EXPIRY_CHECK_MS);
}

/**
 * A shared computer's session keeps what would outlive the tab in the tab only, and that goes
 * when it signs out: the next person to use the tab finds none of it. Returns whether the
 * session now is one.
 */
function followSharedComputer(current: StoredSession | null, wasShared: boolean): boolean {
  const shared = !!current?.sharedComputer;
  keepLocalValuesInTab(shared);
  if (wasShared && !current) {
    try {
      sessionStorage.clear();
    } catch {
      // Storage blocked: there was nothing in it.
    }
  }
  return shared;
}

/** Makes `owner` the one whose data is kept, removing anyone else's first. */
async function adopt(owner: string | null, session: StoredSession | null): Promise<void> {
  const kept = await readKeptDataOwner();
  if (!owner || !session) {
    setCacheOwner(null);
    await removeKeptData();
    return;
  }
  if (
    (kept && kept.owner !== owner) ||
    (kept && kept.sessionExpiresAt + KEEP_AFTER_SESSION_MS <= Date.now())
  ) {
    await removeKeptData();
  }
  await recordSession(owner, session);
  setCacheOwner(owner);
}

function recordSession(owner: string, session: StoredSession): Promise<void> {
  return writeKeptDataOwner({ owner, sessionExpiresAt: session.expiresAt });
}

/**
 * Live mode's query defaults: each read the person reads again is written to disk, a read with
 * nothing kept is tried offline (so its page says at once that it needs the connection: the API
 * client fails it without waiting), and what is kept is shown offline as it is, read again once
 * the connection is back (keptQueriesPersister).
 */
function keepQueriesOf(client: QueryClient): void {
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      persister: keptQueriesPersister,
      networkMode: 'offlineFirst',
    },
  });
}
