import { describe, expect, it } from 'vitest';
import { emptyDb, type MockDb } from './db';
import {
  createBatchingExclusiveRunner,
  createLocalExclusiveRunner,
  createSharedDemoData,
  type DemoDataStore,
  type StoredDemoData,
} from './shared-state';

/** A store shared by the simulated tabs; it keeps deep copies, as IndexedDB does. */
function memoryStore(): DemoDataStore & { writes: number } {
  let stored: StoredDemoData | undefined;
  return {
    writes: 0,
    readStamp: () => Promise.resolve(stored?.stamp),
    read: () => Promise.resolve(stored && structuredClone(stored)),
    write(data) {
      this.writes += 1;
      stored = structuredClone(data);
      return Promise.resolve();
    },
  };
}

function seed(): MockDb {
  const db = emptyDb(1, 1);
  db.accounts = [{ userId: 'u1', username: 'first', password: 'x' }];
  return db;
}

/** One browser tab: its own copy of the data, sharing the store and the lock with the others. */
function openTab(store: DemoDataStore, runExclusive = createLocalExclusiveRunner()) {
  let db: MockDb | null = null;
  const listeners = new Set<() => void>();
  const shared = createSharedDemoData({
    store,
    runExclusive,
    getDb: () => (db ??= seed()),
    adopt: (next) => {
      db = next ?? seed();
    },
    onCommit: (listener) => listeners.add(listener),
  });
  /** A request that changes the data: it changes the tab's copy, then commits. */
  const write = (change: (db: MockDb) => void) =>
    shared.handle(() => {
      change(db!);
      for (const listener of listeners) listener();
      return Promise.resolve('ok');
    });
  const read = <T>(look: (db: MockDb) => T) => shared.handle(() => Promise.resolve(look(db!)));
  return { shared, write, read };
}

const usernames = (db: MockDb) => db.accounts.map((account) => account.username);

describe('shared demo data', () => {
  it('stores a change before the request answers', async () => {
    const store = memoryStore();
    const tab = openTab(store);
    await tab.shared.start();
    await tab.write((db) => db.accounts.push({ userId: 'u2', username: 'second', password: 'x' }));
    const stored = await store.read();
    expect(usernames(stored!.db)).toEqual(['first', 'second']);
  });

  it('does not store when a request changed nothing', async () => {
    const store = memoryStore();
    const tab = openTab(store);
    await tab.shared.start();
    const writesAfterStart = store.writes;
    await tab.read(usernames);
    expect(store.writes).toBe(writesAfterStart);
  });

  it('never lets one tab undo the write of another, and each reads the other', async () => {
    const store = memoryStore();
    const lock = createLocalExclusiveRunner();
    const tabA = openTab(store, lock);
    const tabB = openTab(store, lock);
    await tabA.shared.start();
    await tabB.shared.start();

    await tabA.write((db) => db.accounts.push({ userId: 'a', username: 'from-a', password: 'x' }));
    await tabB.write((db) => db.accounts.push({ userId: 'b', username: 'from-b', password: 'x' }));

    expect(await tabA.read(usernames)).toEqual(['first', 'from-a', 'from-b']);
    expect(await tabB.read(usernames)).toEqual(['first', 'from-a', 'from-b']);
    const reopened = openTab(store, lock);
    await reopened.shared.start();
    expect(await reopened.read(usernames)).toEqual(['first', 'from-a', 'from-b']);
  });

  it('keeps concurrent requests of two tabs from interleaving', async () => {
    const store = memoryStore();
    const lock = createLocalExclusiveRunner();
    const tabA = openTab(store, lock);
    const tabB = openTab(store, lock);
    await tabA.shared.start();
    await tabB.shared.start();
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? tabA : tabB).write((db) =>
          db.accounts.push({ userId: `u${index}`, username: `n${index}`, password: 'x' }),
        ),
      ),
    );
    expect(await tabA.read((db) => db.accounts.length)).toBe(11);
  });

  it('a reset in one tab reaches the others on their next request', async () => {
    const store = memoryStore();
    const lock = createLocalExclusiveRunner();
    const tabA = openTab(store, lock);
    const tabB = openTab(store, lock);
    await tabA.shared.start();
    await tabB.shared.start();
    await tabA.write((db) => db.accounts.push({ userId: 'a', username: 'from-a', password: 'x' }));
    expect(await tabB.read(usernames)).toEqual(['first', 'from-a']);
    await tabA.shared.reset();
    expect(await tabB.read(usernames)).toEqual(['first']);
  });

  it('keeps working in memory when storage fails', async () => {
    const failing: DemoDataStore = {
      readStamp: () => Promise.reject(new Error('unavailable')),
      read: () => Promise.reject(new Error('unavailable')),
      write: () => Promise.reject(new Error('unavailable')),
    };
    const tab = openTab(failing);
    await tab.shared.start();
    await expect(
      tab.write((db) => db.accounts.push({ userId: 'u2', username: 'second', password: 'x' })),
    ).resolves.toBe('ok');
    expect(await tab.read(usernames)).toEqual(['first', 'second']);
  });
});

describe('batching exclusive runner', () => {
  /** A lock shared by tabs that counts its grants. */
  function countingLock() {
    const lock = createLocalExclusiveRunner();
    const counter = {
      grants: 0,
      acquire: (holder: () => Promise<void>) =>
        lock(() => {
          counter.grants += 1;
          return holder();
        }),
    };
    return counter;
  }

  it('takes the lock once for a burst of tasks and runs them in order', async () => {
    const lock = countingLock();
    const run = createBatchingExclusiveRunner(lock.acquire);
    const order: number[] = [];
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((value) =>
        run(async () => {
          order.push(value);
          await Promise.resolve();
          return value * 10;
        }),
      ),
    );
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(lock.grants).toBe(1);
    await run(() => Promise.resolve(0));
    expect(lock.grants).toBe(2);
  });

  it('never interleaves the tasks of two tabs, and one failing task does not stop the rest', async () => {
    const lock = countingLock();
    const tabA = createBatchingExclusiveRunner(lock.acquire);
    const tabB = createBatchingExclusiveRunner(lock.acquire);
    let running = 0;
    let overlapped = false;
    const task = (fail: boolean) => async () => {
      running += 1;
      if (running > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
      if (fail) throw new Error('failed');
      return 'ok';
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) => (index % 2 ? tabA : tabB)(task(index === 3))),
    );
    expect(overlapped).toBe(false);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
  });

  it('fails the queued tasks when the lock cannot be taken', async () => {
    const run = createBatchingExclusiveRunner(() => Promise.reject(new Error('no lock')));
    await expect(run(() => Promise.resolve('never'))).rejects.toThrow('no lock');
  });
});
