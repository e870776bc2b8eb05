import { abortableSleep } from './abortable-sleep';

type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * When each service (or third-party address) said it may be asked again: its last 429's
 * Retry-After, or its own spacing between requests. Held here rather than in each request's retry
 * loop, so no request reaches that service earlier: not a replay after a page remounts, not a
 * refetch, not another page's list.
 */
export class RateLimitHold<Key extends string> {
  private readonly heldUntil = new Map<Key, number>();
  private readonly listeners = new Set<() => void>();
  private latest: number | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** Holds `key` for `waitMs` from now, unless it is already held longer. */
  hold(key: Key, waitMs: number): void {
    const until = this.now() + waitMs;
    if (until <= (this.heldUntil.get(key) ?? 0)) return;
    this.heldUntil.set(key, until);
    this.notify();
    // Listeners hear when the wait is over, too.
    void abortableSleep(waitMs + 1).then(() => this.notify());
  }

  /** Resolves once `key` is no longer held; rejects as ABORTED when the signal fires first. */
  async waitFor(key: Key, signal?: AbortSignal, sleep: Sleep = abortableSleep): Promise<void> {
    let waitedUntil = 0;
    // Again only if another 429 moved the hold while this request waited.
    for (;;) {
      const until = this.heldUntil.get(key) ?? 0;
      const remaining = until - this.now();
      if (until <= waitedUntil || remaining <= 0) return;
      await sleep(remaining, signal);
      waitedUntil = until;
    }
  }

  /** Waits until `key` is free, then holds it `intervalMs`: at most one request per interval. */
  async takeTurn(key: Key, intervalMs: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const remaining = (this.heldUntil.get(key) ?? 0) - this.now();
      if (remaining <= 0) break;
      await abortableSleep(remaining, signal);
    }
    // In the same step as the check, so two waiting requests cannot both take the turn.
    this.hold(key, intervalMs);
  }

  /** Until when the latest hold lasts, or null when nothing is held. */
  readonly latestUntil = (): number | null => this.latest;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Forgets every hold (a new configuration, or a new test). */
  clear(): void {
    this.heldUntil.clear();
    this.notify();
  }

  private notify(): void {
    const now = this.now();
    const pending = [...this.heldUntil.values()].filter((until) => until > now);
    const next = pending.length > 0 ? Math.max(...pending) : null;
    if (next === this.latest) return;
    this.latest = next;
    for (const listener of this.listeners) listener();
  }
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
