/** Entries older than this belong to requests the demo service never answered (passed through). */
const FORGET_AFTER_MS = 60_000;

/**
 * When the service worker caught each request that the demo service has not answered yet. The
 * worker tells the page in its message (`interceptedAt`, wall-clock milliseconds); the page may
 * read that message late, while its main thread draws, and a network's latency would have run
 * meanwhile. So the simulated latency counts from the interception.
 */
export interface InterceptionLog {
  /** Reads one message from the service worker; any other message is ignored. */
  note(message: unknown): void;
  /** When the oldest unanswered request with this method and URL was caught, if known. */
  take(request: Request): number | undefined;
}

interface InterceptedRequest {
  method: string;
  url: string;
  interceptedAt: number;
}

function readInterception(message: unknown): InterceptedRequest | null {
  if (!message || typeof message !== 'object') return null;
  const { type, payload } = message as { type?: unknown; payload?: unknown };
  if (type !== 'REQUEST' || !payload || typeof payload !== 'object') return null;
  const { method, url, interceptedAt } = payload as Record<string, unknown>;
  if (typeof method !== 'string' || typeof url !== 'string' || typeof interceptedAt !== 'number') {
    return null;
  }
  return { method, url, interceptedAt };
}

const keyOf = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

export function createInterceptionLog(now: () => number = Date.now): InterceptionLog {
  const waiting = new Map<string, number[]>();
  return {
    note(message) {
      const intercepted = readInterception(message);
      if (!intercepted) return;
      const oldestKept = now() - FORGET_AFTER_MS;
      for (const [key, times] of waiting) {
        const kept = times.filter((time) => time >= oldestKept);
        if (kept.length === 0) waiting.delete(key);
        else waiting.set(key, kept);
      }
      const key = keyOf(intercepted.method, intercepted.url);
      waiting.set(key, [...(waiting.get(key) ?? []), intercepted.interceptedAt]);
    },
    take(request) {
      const key = keyOf(request.method, request.url);
      const times = waiting.get(key);
      const oldest = times?.shift();
      if (times?.length === 0) waiting.delete(key);
      return oldest;
    },
  };
}

/** What is left of the simulated latency for a request caught at `interceptedAt`. */
export function remainingLatency(
  latencyMs: number,
  interceptedAt: number | undefined,
  now: number,
): number {
  if (interceptedAt === undefined) return latencyMs;
  return Math.max(0, Math.min(latencyMs, latencyMs - (now - interceptedAt)));
}
