import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { CONSOLE_CACHE_DATABASE_PREFIX } from './cache-owner';

/**
 * Safety events kept on disk by the day they were recorded, so a window of days already read
 * reads only the days it lacks (and today's again). Each record belongs to one scope: the cache
 * owner, the read's filters and the zone its days are cut in.
 */
const SAFETY_EVENT_DAYS_DATABASE = `${CONSOLE_CACHE_DATABASE_PREFIX}.safety-event-days`;

/** What a kept event needs at least: the day store files and replaces events by these. */
export interface DayEvent {
  id: string;
  recordMs: number;
}

/** One day's events as read, and when: a day read before it ended is read again. */
export interface StoredDay<E extends DayEvent> {
  scope: string;
  /** YYYY-MM-DD in the scope's zone. */
  day: string;
  readAtMs: number;
  events: E[];
}

/**
 * What is kept of one scope, small enough to read before the days themselves: when it was last
 * synced (every kept day of the scope is true as of then: changes made to events after it are
 * read, by their last update, and applied before kept days are used) and when each day was read.
 */
export interface KeptScope {
  syncedAtMs: number;
  readAt: Record<string, number>;
}

/** Where kept days live: IndexedDB in the browser (and its workers), a map in tests. */
export interface DayStorage<E extends DayEvent> {
  /** The scope's sync and days; null when nothing of it is kept, or it was never synced. */
  getScope: (scope: string) => Promise<KeptScope | null>;
  getDays: (scope: string, days: readonly string[]) => Promise<(StoredDay<E> | undefined)[]>;
  /** Keeps days (and notes their read times in their scope). */
  putDays: (days: readonly StoredDay<E>[]) => Promise<void>;
  putSyncedAt: (scope: string, syncedAtMs: number) => Promise<void>;
  /** Forgets every day of a scope (kept days that can no longer be brought up to date). */
  clearScope: (scope: string) => Promise<void>;
}

/**
 * The scope of a read's days: whose they are, which events (group, driver or vehicle) and the
 * zone the days are cut in. Null without an owner: nothing is kept on disk then.
 */
export function dayStoreScope(
  owner: string | null,
  filters: { groupId?: string; driverId?: string; vehicleId?: string },
  timeZone: string,
): string | null {
  if (owner === null) return null;
  return JSON.stringify([
    owner,
    filters.groupId ?? '',
    filters.driverId ?? '',
    filters.vehicleId ?? '',
    timeZone,
  ]);
}

/** A day of a window and the instants it starts and ends at (in the scope's zone). */
export interface DayBounds {
  day: string;
  startMs: number;
  endMs: number;
}

export interface DayReadPlan {
  /** Days taken from the store: read after they had ended. */
  kept: string[];
  /** Runs of consecutive days to read from the service, oldest first. */
  ranges: DayBounds[][];
}

/**
 * Which days of a window come from the store and which are read: a day is kept only if it was
 * read after it ended (so today, or yesterday read yesterday, is read again). Days to read are
 * grouped into runs of consecutive days, each one paged read.
 */
export function planDayReads(
  days: readonly DayBounds[],
  readAt: Readonly<Record<string, number>>,
  nowMs: number,
): DayReadPlan {
  const kept: string[] = [];
  const ranges: DayBounds[][] = [];
  let run: DayBounds[] | null = null;
  for (const bounds of days) {
    const readAtMs = readAt[bounds.day];
    const complete = readAtMs !== undefined && readAtMs >= bounds.endMs && bounds.endMs <= nowMs;
    if (complete) {
      kept.push(bounds.day);
      run = null;
      continue;
    }
    if (!run) {
      run = [];
      ranges.push(run);
    }
    run.push(bounds);
  }
  return { kept, ranges };
}

/**
 * How far before the last sync the updates are read again: a change saved on the service while
 * the last read ran, or a service clock a little behind the browser's, is not missed.
 */
export const UPDATE_MARGIN_MS = 10 * 60_000;

/**
 * Puts updated copies of events in the kept days they were recorded on (a day not kept is left
 * alone: it will be read whole when wanted). Returns the days that changed.
 */
export function replaceUpdatedEvents<E extends DayEvent>(
  keptDays: ReadonlyMap<string, StoredDay<E>>,
  updated: readonly E[],
  dayOf: (recordMs: number) => string,
): StoredDay<E>[] {
  const changed = new Map<string, StoredDay<E>>();
  const indexes = new Map<string, Map<string, number>>();
  for (const event of updated) {
    const day = dayOf(event.recordMs);
    const stored = keptDays.get(day);
    if (!stored) continue;
    let index = indexes.get(day);
    if (!index) {
      index = new Map(stored.events.map((kept, position) => [kept.id, position]));
      indexes.set(day, index);
    }
    const position = index.get(event.id);
    if (position === undefined) {
      // Recorded that day but uploaded (or first visible to this filter) since it was read.
      index.set(event.id, stored.events.length);
      stored.events.push(event);
    } else {
      stored.events[position] = event;
    }
    changed.set(day, stored);
  }
  return [...changed.values()];
}

/** Every zone's offset is a whole number of quarter hours: a quarter hour falls on one day. */
const QUARTER_HOUR_MS = 15 * 60_000;

/** The day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayFormatter(timeZone: string): (instantMs: number) => string {
  // en-CA writes dates as YYYY-MM-DD.
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  // 70,000 events of a month fall in 3,000 quarter hours: each is formatted once.
  const dayOfQuarter = new Map<number, string>();
  return (instantMs) => {
    const quarter = Math.floor(instantMs / QUARTER_HOUR_MS);
    let day = dayOfQuarter.get(quarter);
    if (day === undefined) {
      day = format.format(quarter * QUARTER_HOUR_MS);
      dayOfQuarter.set(quarter, day);
    }
    return day;
  };
}

/** Kept days in memory: for tests, and a browser without IndexedDB (nothing survives the page). */
export function memoryDayStorage<E extends DayEvent>(): DayStorage<E> {
  const days = new Map<string, StoredDay<E>>();
  const scopes = new Map<string, { syncedAtMs: number | null; readAt: Record<string, number> }>();
  const keyOf = (scope: string, day: string) => JSON.stringify([scope, day]);
  const scopeOf = (scope: string) => {
    let kept = scopes.get(scope);
    if (!kept) {
      kept = { syncedAtMs: null, readAt: {} };
      scopes.set(scope, kept);
    }
    return kept;
  };
  // Copies in and out, as IndexedDB's structured clone does.
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    getScope: (scope) => {
      const kept = scopes.get(scope);
      return Promise.resolve(
        kept && kept.syncedAtMs !== null
          ? { syncedAtMs: kept.syncedAtMs, readAt: copy(kept.readAt) }
          : null,
      );
    },
    getDays: (scope, wanted) =>
      Promise.resolve(
        wanted.map((day) => {
          const stored = days.get(keyOf(scope, day));
          return stored && copy(stored);
        }),
      ),
    putDays: (records) => {
      for (const record of records) {
        days.set(keyOf(record.scope, record.day), copy(record));
        scopeOf(record.scope).readAt[record.day] = record.readAtMs;
      }
      return Promise.resolve();
    },
    putSyncedAt: (scope, syncedAtMs) => {
      scopeOf(scope).syncedAtMs = syncedAtMs;
      return Promise.resolve();
    },
    clearScope: (scope) => {
      for (const [key, stored] of days) if (stored.scope === scope) days.delete(key);
      scopes.delete(scope);
      return Promise.resolve();
    },
  };
}

interface ScopeRecord {
  scope: string;
  syncedAtMs: number | null;
  readAt: Record<string, number>;
}

interface DaysSchema<E extends DayEvent> extends DBSchema {
  days: { key: [string, string]; value: StoredDay<E> };
  scopes: { key: string; value: ScopeRecord };
}

/** Kept days in IndexedDB (the sign-out code deletes the database with every other of the console). */
export function indexedDbDayStorage<E extends DayEvent>(): DayStorage<E> {
  let opened: Promise<IDBPDatabase<DaysSchema<E>>> | null = null;
  const database = () =>
    (opened ??= openDB<DaysSchema<E>>(SAFETY_EVENT_DAYS_DATABASE, 1, {
      upgrade(db) {
        db.createObjectStore('days', { keyPath: ['scope', 'day'] });
        db.createObjectStore('scopes', { keyPath: 'scope' });
      },
      // Sign-out deletes the database: let it, rather than hold it open.
      blocking() {
        void opened?.then((db) => db.close());
        opened = null;
      },
    }));
  const blankScope = (scope: string): ScopeRecord => ({ scope, syncedAtMs: null, readAt: {} });
  return {
    getScope: async (scope) => {
      const kept = await (await database()).get('scopes', scope);
      return kept && kept.syncedAtMs !== null
        ? { syncedAtMs: kept.syncedAtMs, readAt: kept.readAt }
        : null;
    },
    getDays: async (scope, wanted) => {
      const transaction = (await database()).transaction('days');
      return Promise.all(wanted.map((day) => transaction.store.get([scope, day])));
    },
    putDays: async (records) => {
      const transaction = (await database()).transaction(['days', 'scopes'], 'readwrite');
      const days = transaction.objectStore('days');
      const scopes = transaction.objectStore('scopes');
      const touched = new Map<string, ScopeRecord>();
      const writes: Promise<unknown>[] = [];
      for (const record of records) {
        writes.push(days.put(record));
        let kept = touched.get(record.scope);
        if (!kept) {
          kept = (await scopes.get(record.scope)) ?? blankScope(record.scope);
          touched.set(record.scope, kept);
        }
        kept.readAt[record.day] = record.readAtMs;
      }
      for (const kept of touched.values()) writes.push(scopes.put(kept));
      await Promise.all([...writes, transaction.done]);
    },
    putSyncedAt: async (scope, syncedAtMs) => {
      const transaction = (await database()).transaction('scopes', 'readwrite');
      const kept = (await transaction.store.get(scope)) ?? blankScope(scope);
      await Promise.all([transaction.store.put({ ...kept, syncedAtMs }), transaction.done]);
    },
    clearScope: async (scope) => {
      const transaction = (await database()).transaction(['days', 'scopes'], 'readwrite');
      await Promise.all([
        transaction.objectStore('days').delete(IDBKeyRange.bound([scope, ''], [scope, '\uffff'])),
        transaction.objectStore('scopes').delete(scope),
        transaction.done,
      ]);
    },
  };
}
