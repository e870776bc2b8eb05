import type { MockDb } from './db';

/** A stored copy of the demo data and the stamp of the write that stored it. */
export interface StoredDemoData {
  stamp: string;
  db: MockDb;
}

/** Where the demo data outlives the page: one store shared by every tab of the browser. */
export interface DemoDataStore {
  /** The stamp of the last stored write (cheap to read); undefined when nothing usable is stored. */
  readStamp(): Promise<string | undefined>;
  read(): Promise<StoredDemoData | undefined>;
  /**
   * Stores the data under a new stamp, in one transaction. `everything` also rewrites the
   * collections no request changes (only needed for a fresh seed).
   */
  write(data: StoredDemoData, everything: boolean): Promise<void>;
}

/** Runs a task while no other task holding the same lock runs, in this tab or any other. */
export type ExclusiveRunner = <T>(task: () => Promise<T>) => Promise<T>;

export interface SharedDemoDataOptions {
  store: DemoDataStore;
  runExclusive: ExclusiveRunner;
  /** The tab's in-memory data. */
  getDb: () => MockDb;
  /** Replaces the tab's data with a stored copy, or with a fresh seed when given nothing. */
  adopt: (db: MockDb | undefined) => void;
  /** Called by the demo service after each change to the tab's data. */
  onCommit: (listener: () => void) => unknown;
  newStamp?: () => string;
}

export interface SharedDemoData {
  /** Loads the stored data, or seeds and stores it when nothing usable is stored. */
  start(): Promise<void>;
  /**
   * Handles one request: first catches up with writes of other tabs, and stores what the
   * request changed before its answer is returned, so an answer always means "stored".
   */
  handle<T>(task: () => Promise<T>): Promise<T>;
  /** Seeds afresh and stores it ("Reset demo data"); other tabs pick it up on their next request. */
  reset(): Promise<void>;
}

/**
 * One truth for the demo data across the tabs of a browser. Every request runs under one lock;
 * a tab whose copy is older than the stored one reloads it before answering, and a request that
 * changed data stores it (with a new stamp) before its answer. So no tab's write ever undoes
 * another's, and a reload at any moment finds every answered change.
 */
export function createSharedDemoData(options: SharedDemoDataOptions): SharedDemoData {
  const { store, runExclusive, getDb, adopt } = options;
  const newStamp = options.newStamp ?? (() => crypto.randomUUID());
  let loadedStamp: string | undefined;
  let changed = false;
  options.onCommit(() => {
    changed = true;
  });

  async function storeCurrent(everything: boolean): Promise<void> {
    changed = false;
    const stamp = newStamp();
    try {
      await store.write({ stamp, db: getDb() }, everything);
      loadedStamp = stamp;
    } catch {
      // Without storage the demo still works; this tab's changes then last until it closes.
    }
  }

  async function catchUp(): Promise<void> {
    try {
      const storedStamp = await store.readStamp();
      if (storedStamp === undefined || storedStamp === loadedStamp) return;
      const stored = await store.read();
      if (!stored) return;
      adopt(stored.db);
      loadedStamp = stored.stamp;
    } catch {
      // Storage unavailable: this tab's copy is all there is.
    }
  }

  return {
    start: () =>
      runExclusive(async () => {
        const stored = await store.read().catch(() => undefined);
        if (stored) {
          adopt(stored.db);
          loadedStamp = stored.stamp;
          changed = false;
          return;
        }
        adopt(undefined);
        await storeCurrent(true);
      }),
    handle: <T>(task: () => Promise<T>) =>
      runExclusive(async () => {
        await catchUp();
        changed = false;
        try {
          return await task();
        } finally {
          if (changed) await storeCurrent(false);
        }
      }),
    reset: () =>
      runExclusive(async () => {
        adopt(undefined);
        await storeCurrent(true);
      }),
  };
}

/** Runs tasks one at a time within this page (where the Web Locks API is missing, or in tests). */
export function createLocalExclusiveRunner(): ExclusiveRunner {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const result = queue.then(task);
    queue = result.catch(() => undefined);
    return result;
  };
}

/**
 * Runs tasks one at a time under a lock shared with other tabs, taking the lock once per burst:
 * tasks queued while it is held run before it is let go. Each Web Lock grant is a trip to the
 * browser process; taken per request, a page load's requests waited for those trips in turn.
 */
export function createBatchingExclusiveRunner(
  acquire: (holder: () => Promise<void>) => Promise<unknown>,
): ExclusiveRunner {
  const pending: Array<{ run: () => Promise<void>; fail: (reason: unknown) => void }> = [];
  let holding = false;

  async function drain(): Promise<void> {
    for (let next = pending.shift(); next; next = pending.shift()) await next.run();
  }

  function hold(): void {
    if (holding || pending.length === 0) return;
    holding = true;
    acquire(drain)
      .catch((reason: unknown) => {
        for (const task of pending.splice(0)) task.fail(reason);
      })
      .finally(() => {
        holding = false;
        hold();
      });
  }

  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      pending.push({ run: () => task().then(resolve, reject), fail: reject });
      hold();
    });
}
