import { msg } from '@lingui/core/macro';
import { translate } from '@/i18n/translate';
import { abortableSleep } from './abortable-sleep';
import { describeError, isApiError } from './api-error';
import { getRateLimitedUntil } from './client-state';

/** How one item of a bulk run ended. */
export type BulkItemResult<Item, Value> =
  | { status: 'done'; item: Item; value: Value; attempts: number }
  | { status: 'failed'; item: Item; error: unknown; message: string; attempts: number }
  | { status: 'cancelled'; item: Item; message: string; attempts: number };

export type BulkItemStatus = BulkItemResult<unknown, unknown>['status'];

/** One result per item, in the order the items were given. */
export type BulkReport<Item, Value> = BulkItemResult<Item, Value>[];

export interface BulkProgress {
  total: number;
  /** Items that ended, whatever the result. */
  finished: number;
  done: number;
  failed: number;
  cancelled: number;
  running: number;
  /** While the service asked to wait (429 Retry-After): when sending resumes. Else null. */
  pausedUntil: number | null;
}

/**
 * Sends one item. It gets the run's signal: operations pass it to their reads and waits, and check
 * it before they write, but never abort a write once sent, so the report says what the service did.
 */
export type BulkOperation<Item, Value> = (item: Item, signal: AbortSignal) => Promise<Value>;

export interface BulkRunOptions {
  /** Items in flight at once (default 4). 1 keeps the given order, for moves that build on each other. */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: BulkProgress) => void;
  /** How often one item is sent again after a 429 (default 3); then it fails with the service's word. */
  maxRateLimitRetries?: number;
  /** Replaceable so tests do not wait. Rejects when the signal fires. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** Until when the API client holds reads for a rate limit: no new item starts before then. */
  heldUntil?: () => number | null;
}

const DEFAULT_BULK_CONCURRENCY = 4;
const DEFAULT_RATE_LIMIT_RETRIES = 3;
const NOT_SENT_MESSAGE = msg`Not sent: the run was cancelled.`;
const STOPPED_MESSAGE = msg`Stopped by the cancel before its change was sent.`;

function isRateLimited(error: unknown): boolean {
  return isApiError(error) && error.status === 429;
}

function isAbort(error: unknown): boolean {
  return (
    (isApiError(error) && error.code === 'ABORTED') ||
    (error instanceof DOMException && error.name === 'AbortError')
  );
}

/** Without Retry-After: one second, then two, then four. */
function fallbackRateLimitWaitMs(attempt: number): number {
  return 1000 * 2 ** (attempt - 1);
}

/**
 * Runs `operation` once per item, at most `concurrency` at a time, and reports on every item:
 * done (with its value, e.g. what undoes it), failed (with the service's message) or cancelled.
 * A 429 pauses the whole run for its Retry-After (the service is busy for every item, not one) and
 * then sends that item again. Cancelling starts nothing new; items that never started are
 * reported cancelled. The promise never rejects.
 */
export async function runBulk<Item, Value>(
  items: readonly Item[],
  operation: BulkOperation<Item, Value>,
  options: BulkRunOptions = {},
): Promise<BulkReport<Item, Value>> {
  const signal = options.signal ?? new AbortController().signal;
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const heldUntil = options.heldUntil ?? getRateLimitedUntil;
  const maxRetries = options.maxRateLimitRetries ?? DEFAULT_RATE_LIMIT_RETRIES;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_BULK_CONCURRENCY));

  const results: (BulkItemResult<Item, Value> | undefined)[] = new Array(items.length);
  let running = 0;
  let pausedUntil = 0;
  let reportedPause: number | null = null;

  const report = () => {
    if (!options.onProgress) return;
    const progress: BulkProgress = {
      total: items.length,
      finished: 0,
      done: 0,
      failed: 0,
      cancelled: 0,
      running,
      pausedUntil: reportedPause,
    };
    for (const result of results) {
      if (!result) continue;
      progress.finished += 1;
      progress[result.status] += 1;
    }
    options.onProgress(progress);
  };

  /** Waits out the run's pause and the client's hold; again only if a new 429 moved them. */
  const waitUntilSendingMayResume = async () => {
    let waitedUntil = 0;
    for (;;) {
      const until = Math.max(pausedUntil, heldUntil() ?? 0);
      if (until <= waitedUntil || until - now() <= 0) break;
      reportedPause = until;
      report();
      await sleep(until - now(), signal);
      waitedUntil = until;
    }
    if (reportedPause !== null) {
      reportedPause = null;
      report();
    }
  };

  const runItem = async (item: Item): Promise<BulkItemResult<Item, Value>> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await waitUntilSendingMayResume();
      } catch {
        return {
          status: 'cancelled',
          item,
          message: translate(attempt === 1 ? NOT_SENT_MESSAGE : STOPPED_MESSAGE),
          attempts: attempt - 1,
        };
      }
      try {
        const value = await operation(item, signal);
        return { status: 'done', item, value, attempts: attempt };
      } catch (error) {
        if (signal.aborted && isAbort(error)) {
          return {
            status: 'cancelled',
            item,
            message: translate(STOPPED_MESSAGE),
            attempts: attempt,
          };
        }
        const waitMs =
          isApiError(error) && error.retryAfterMs !== undefined
            ? error.retryAfterMs
            : fallbackRateLimitWaitMs(attempt);
        // However long the service asks, as the API client does for reads; the progress says
        // until when, and Cancel stops the wait.
        if (isRateLimited(error) && attempt <= maxRetries) {
          pausedUntil = Math.max(pausedUntil, now() + waitMs);
          continue;
        }
        return { status: 'failed', item, error, message: describeError(error), attempts: attempt };
      }
    }
  };

  // One queue for every worker: each takes the next item not yet started.
  const queue = items.entries();
  const worker = async () => {
    while (!signal.aborted) {
      const next = queue.next();
      if (next.done) break;
      const [index, item] = next.value;
      running += 1;
      report();
      const result = await runItem(item);
      running -= 1;
      results[index] = result;
      report();
    }
  };

  report();
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  let cancelledUnstarted = false;
  const finished = items.map((item, index): BulkItemResult<Item, Value> => {
    const result = results[index];
    if (result) return result;
    const cancelled = {
      status: 'cancelled',
      item,
      message: translate(NOT_SENT_MESSAGE),
      attempts: 0,
    } as const;
    results[index] = cancelled;
    cancelledUnstarted = true;
    return cancelled;
  });
  if (cancelledUnstarted) report();
  return finished;
}

/**
 * Sends the failed items of `report` again (only those) and returns the report with their new
 * results in place; done and cancelled items stay as they were.
 */
export async function retryFailed<Item, Value>(
  report: BulkReport<Item, Value>,
  operation: BulkOperation<Item, Value>,
  options: BulkRunOptions = {},
): Promise<BulkReport<Item, Value>> {
  const failed = report.flatMap((result, index) =>
    result.status === 'failed' ? [{ index, item: result.item }] : [],
  );
  const rerun = await runBulk(
    failed.map(({ item }) => item),
    operation,
    options,
  );
  const merged = [...report];
  // runBulk answers every item it is given, in order, so each failure has its new result.
  failed.forEach(({ index }, rerunIndex) => {
    const result = rerun[rerunIndex];
    if (result) merged[index] = result;
  });
  return merged;
}

export function countResults(report: readonly BulkItemResult<unknown, unknown>[]): {
  done: number;
  failed: number;
  cancelled: number;
} {
  const counts = { done: 0, failed: 0, cancelled: 0 };
  for (const result of report) counts[result.status] += 1;
  return counts;
}
