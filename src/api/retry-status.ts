/**
 * Which reads are between a failed attempt (network error, 5xx, 429) and their last: the page's
 * notice says "retrying" meanwhile, rather than a spinner that says nothing for seconds.
 */
export class RetryStatus {
  private readonly retrying = new Set<object>();
  private readonly listeners = new Set<() => void>();

  /** Marks one read as retrying; call the returned function once it settles (twice is harmless). */
  begin(): () => void {
    const read = {};
    this.retrying.add(read);
    this.notify();
    return () => {
      if (this.retrying.delete(read)) this.notify();
    };
  }

  readonly count = (): number => this.retrying.size;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Forgets every retrying read; their later ends change nothing. */
  clear(): void {
    if (this.retrying.size === 0) return;
    this.retrying.clear();
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
