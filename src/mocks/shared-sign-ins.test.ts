import { describe, expect, it } from 'vitest';
import { emptyDb, type MockDb } from './db';
import { createSharedSignIns, type SignInStorage } from './shared-sign-ins';

function memoryStorage(): SignInStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** One page of the demo at a scale whose data is not stored: a fresh seed on every start. */
function openPage(storage: SignInStorage, now = () => 1_000) {
  const db: MockDb = emptyDb(100, 1);
  const listeners = new Set<() => void>();
  const signIns = createSharedSignIns({
    storage,
    key: 'sign-ins',
    getDb: () => db,
    onCommit: (listener) => listeners.add(listener),
    now,
  });
  const signIn = (token: string, expiresAt = 5_000) =>
    signIns.handle(() => {
      db.tokens.push({ token, userId: 'u1', expiresAt });
      for (const listener of listeners) listener();
      return Promise.resolve();
    });
  const knows = (token: string) =>
    signIns.handle(() => Promise.resolve(db.tokens.some((known) => known.token === token)));
  return { signIns, signIn, knows };
}

describe('shared sign-ins', () => {
  it('knows a token issued before a reload, which seeds the data afresh', async () => {
    const storage = memoryStorage();
    await openPage(storage).signIn('before-reload');
    expect(await openPage(storage).knows('before-reload')).toBe(true);
  });

  it('knows a token another tab issued after this one started, and keeps both', async () => {
    const storage = memoryStorage();
    const first = openPage(storage);
    const second = openPage(storage);
    await first.signIn('first');
    await second.signIn('second');
    expect(await first.knows('second')).toBe(true);
    expect(await openPage(storage).knows('first')).toBe(true);
  });

  it('forgets expired tokens and, after a reset, every token', async () => {
    const storage = memoryStorage();
    let time = 1_000;
    const page = openPage(storage, () => time);
    await page.signIn('short', 2_000);
    await page.signIn('long', 9_000);
    time = 3_000;
    expect(await openPage(storage, () => time).knows('short')).toBe(false);
    page.signIns.clear();
    expect(await openPage(storage, () => time).knows('long')).toBe(false);
  });
});
