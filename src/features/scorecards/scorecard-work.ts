import {
  dayFormatter,
  replaceUpdatedEvents,
  type DayStorage,
  type StoredDay,
} from '@/api/safety-event-days';
import { readSafetyEventListText } from '@/api/safety-events';
import {
  ScorecardAccumulator,
  scorecardEventAt,
  toScorecardEvent,
  type ScorecardEvent,
  type ScorecardSnapshot,
} from './aggregate';
import type { TrendBuckets } from './scorecard-window';

/** What the page asks of its aggregation (a worker, or the page itself); one answer each, in order. */
export type ScorecardWorkRequest =
  | { type: 'page'; body: Blob; nowMs: number }
  | { type: 'snapshot' }
  /** Opens the kept days of a scope and loads those of the window it will use. */
  | { type: 'open-days'; scope: string; timeZone: string; days: string[] }
  /** A page of events updated since the last sync: their copies in kept days are replaced. */
  | { type: 'updates'; body: Blob; nowMs: number }
  /** Folds loaded kept days into the scorecards. */
  | { type: 'add-kept'; days: string[]; nowMs: number }
  /** Keeps the days just read (events filed by day as their pages arrived). */
  | { type: 'save-read'; days: string[]; readAtMs: number }
  | { type: 'synced'; syncedAtMs: number }
  | { type: 'forget-days' };

export type ScorecardWorkResponse =
  | { type: 'events'; eventCount: number }
  | { type: 'snapshot'; snapshot: ScorecardSnapshot }
  | { type: 'done' }
  | { type: 'failed'; message: string; details: string[] };

interface OpenDays {
  scope: string;
  dayOf: (instantMs: number) => string;
  /** The window's kept days, loaded. */
  loaded: Map<string, StoredDay<ScorecardEvent>>;
  /** Events read this time, by day, until their days are saved. */
  read: Map<string, ScorecardEvent[]>;
}

/**
 * Parses pages, folds them into scorecards and, with a scope open, files each event by its day
 * and keeps the days on disk: all of it where it runs (the worker), so the page's thread only
 * sends pages along.
 */
export class ScorecardWork {
  private readonly accumulator: ScorecardAccumulator;
  private days: OpenDays | null = null;
  /** IndexedDB failed (full, or refused in a private window): the read goes on without it. */
  private storageFailed = false;

  constructor(
    buckets: TrendBuckets,
    private readonly storage: () => DayStorage<ScorecardEvent>,
  ) {
    this.accumulator = new ScorecardAccumulator(buckets);
  }

  async answer(request: ScorecardWorkRequest): Promise<ScorecardWorkResponse> {
    switch (request.type) {
      case 'page': {
        const read = await this.readEvents(request.body, request.nowMs);
        if (!read.ok) return read;
        this.accumulator.add(read.events);
        if (this.days) this.file(this.days, read.events);
        return { type: 'events', eventCount: read.events.length };
      }
      case 'snapshot':
        return { type: 'snapshot', snapshot: this.accumulator.snapshot() };
      case 'open-days': {
        const stored = await this.onDisk(
          () => this.storage().getDays(request.scope, request.days),
          [],
        );
        const loaded = new Map<string, StoredDay<ScorecardEvent>>();
        for (const day of stored) if (day) loaded.set(day.day, day);
        this.days = {
          scope: request.scope,
          dayOf: dayFormatter(request.timeZone),
          loaded,
          read: new Map(),
        };
        return { type: 'done' };
      }
      case 'updates': {
        const days = this.openDays();
        const read = await this.readEvents(request.body, request.nowMs);
        if (!read.ok) return read;
        await this.onDisk(() => this.applyUpdates(days, read.events), undefined);
        return { type: 'events', eventCount: read.events.length };
      }
      case 'add-kept': {
        const days = this.openDays();
        const missing = request.days.filter((day) => !days.loaded.has(day));
        // A day the scope's index lists but the disk no longer holds: the read cannot use the
        // kept days (the page reads the window whole instead).
        if (missing.length > 0) return { type: 'events', eventCount: -1 };
        let eventCount = 0;
        for (const day of request.days) {
          const events = days.loaded.get(day)?.events ?? [];
          this.accumulator.add(events.map((event) => scorecardEventAt(event, request.nowMs)));
          eventCount += events.length;
        }
        return { type: 'events', eventCount };
      }
      case 'save-read': {
        const days = this.openDays();
        const records = request.days.map((day) => ({
          scope: days.scope,
          day,
          readAtMs: request.readAtMs,
          events: days.read.get(day) ?? [],
        }));
        for (const day of request.days) days.read.delete(day);
        await this.onDisk(() => this.storage().putDays(records), undefined);
        return { type: 'done' };
      }
      case 'synced': {
        const { scope } = this.openDays();
        await this.onDisk(() => this.storage().putSyncedAt(scope, request.syncedAtMs), undefined);
        return { type: 'done' };
      }
      case 'forget-days': {
        const days = this.openDays();
        days.loaded.clear();
        await this.onDisk(() => this.storage().clearScope(days.scope), undefined);
        return { type: 'done' };
      }
    }
  }

  /**
   * A step on disk: once one fails, the rest are skipped and the scorecards are read as
   * without an owner (every day from the service), rather than failing over a cache.
   */
  private async onDisk<T>(step: () => Promise<T>, fallback: T): Promise<T> {
    if (this.storageFailed) return fallback;
    try {
      return await step();
    } catch (error) {
      this.storageFailed = true;
      console.warn('The scorecards keep no days on disk this time:', error);
      return fallback;
    }
  }

  private openDays(): OpenDays {
    if (!this.days) throw new Error('No kept days are open.');
    return this.days;
  }

  private async readEvents(
    body: Blob,
    nowMs: number,
  ): Promise<
    | { ok: true; events: ScorecardEvent[] }
    | { type: 'failed'; ok: false; message: string; details: string[] }
  > {
    const read = readSafetyEventListText(await body.text());
    if (!read.ok) return { type: 'failed', ...read };
    return { ok: true, events: read.events.map((event) => toScorecardEvent(event, nowMs)) };
  }

  private file(days: OpenDays, events: readonly ScorecardEvent[]) {
    for (const event of events) {
      const day = days.dayOf(event.recordMs);
      const list = days.read.get(day);
      if (list) list.push(event);
      else days.read.set(day, [event]);
    }
  }

  /**
   * Replaces the kept copies of updated events: in the window's loaded days and in any other
   * kept day of the scope (another window's), so every kept day stays true as of this sync.
   */
  private async applyUpdates(days: OpenDays, updated: readonly ScorecardEvent[]) {
    const storage = this.storage();
    const changed = replaceUpdatedEvents(days.loaded, updated, days.dayOf);
    const elsewhere = [...new Set(updated.map((event) => days.dayOf(event.recordMs)))].filter(
      (day) => !days.loaded.has(day),
    );
    if (elsewhere.length > 0) {
      const others = new Map<string, StoredDay<ScorecardEvent>>();
      for (const day of await storage.getDays(days.scope, elsewhere)) {
        if (day) others.set(day.day, day);
      }
      changed.push(...replaceUpdatedEvents(others, updated, days.dayOf));
    }
    if (changed.length > 0) await storage.putDays(changed);
  }
}
