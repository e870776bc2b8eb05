import type { MockDb, MockToken } from './db';

/** Where the sign-ins outlive the page: the browser's local storage, or a stand-in in tests. */
export type SignInStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SharedSignInsOptions {
  storage: SignInStorage;
  key: string;
  /** The tab's in-memory data. */
  getDb: () => MockDb;
  /** Called by the demo service after each change to the tab's data. */
  onCommit: (listener: () => void) => unknown;
  now?: () => number;
}

export interface SharedSignIns {
  /** Answers one request knowing every unexpired token any tab issued, and stores new ones. */
  handle<T>(task: () => Promise<T>): Promise<T>;
  /** Forgets every stored token ("Reset demo data"). */
  clear(): void;
}

function isMockToken(value: unknown): value is MockToken {
  return (
    typeof value === 'object' &&
    value !== null &&
    'token' in value &&
    typeof value.token === 'string' &&
    'userId' in value &&
    typeof value.userId === 'string' &&
    'expiresAt' in value &&
    typeof value.expiresAt === 'number'
  );
}

/**
 * The tokens of a demo whose data is not stored (10x and 100x: see PERSISTED_SCALE). The real
 * service knows its tokens after the console reloads; without this, the fresh seed of each reload
 * or new tab knew none, and every reload at those scales asked for the password again. The seed
 * is the same on every start, so a token's user is too.
 */
export function createSharedSignIns(options: SharedSignInsOptions): SharedSignIns {
  const { storage, key, getDb } = options;
  const now = options.now ?? Date.now;
  let changed = false;
  options.onCommit(() => {
    changed = true;
  });

  function readStored(): MockToken[] {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isMockToken) : [];
    } catch {
      return [];
    }
  }

  /** This tab's tokens with the stored ones, without the expired. */
  function merged(): MockToken[] {
    const known = new Map(getDb().tokens.map((token) => [token.token, token]));
    for (const token of readStored()) if (!known.has(token.token)) known.set(token.token, token);
    const at = now();
    return [...known.values()].filter((token) => token.expiresAt > at);
  }

  return {
    handle: async <T>(task: () => Promise<T>) => {
      getDb().tokens = merged();
      changed = false;
      try {
        return await task();
      } finally {
        if (changed) {
          changed = false;
          try {
            storage.setItem(key, JSON.stringify(merged()));
          } catch {
            // Without storage the tokens last as long as this page.
          }
        }
      }
    },
    clear: () => {
      try {
        storage.removeItem(key);
      } catch {
        // Nothing stored to forget.
      }
    },
  };
}
