import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { countResults, retryFailed, runBulk, type BulkProgress } from './bulk-run';

/** A clock that moves only when the runner sleeps, and the sleeps it was asked for. */
function fakeTime(start = 0) {
  const clock = { now: start, sleeps: [] as number[] };
  return {
    clock,
    now: () => clock.now,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw new ApiError({ status: 0, code: 'ABORTED', message: 'x' });
      clock.sleeps.push(ms);
      clock.now += ms;
    },
    heldUntil: () => null,
  };
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const rateLimited = (retryAfterMs?: number) =>
  new ApiError({
    status: 429,
    code: 'RATE_LIMITED',
    message: 'The service is busy. Wait a moment and try again.',
    retryAfterMs,
  });

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runBulk', () => {
  it('keeps at most four items in flight by default and reports each one in item order', async () => {
    const time = fakeTime();
    let inFlight = 0;
    let mostInFlight = 0;
    const report = await runBulk(
      Array.from({ length: 10 }, (_, index) => index),
      async (item) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await flush();
        inFlight -= 1;
        return item * 10;
      },
      time,
    );
    expect(mostInFlight).toBe(4);
    expect(report.map((result) => result.status === 'done' && result.value)).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90,
    ]);
  });

  it('sends one at a time, in order, with a concurrency of 1', async () => {
    const started: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    await runBulk(
      ['a', 'b', 'c'],
      async (item) => {
        started.push(item);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await flush();
        inFlight -= 1;
      },
      { ...fakeTime(), concurrency: 1 },
    );
    expect(started).toEqual(['a', 'b', 'c']);
    expect(mostInFlight).toBe(1);
  });

  it('reports a failure with the service message and carries on with the rest', async () => {
    const report = await runBulk(
      ['ok', 'refused'],
      async (item) => {
        if (item === 'refused') {
          throw new ApiError({
            status: 409,
            code: 'CONFLICT',
            message: 'A vehicle named PDX-T14 already exists in this group.',
          });
        }
        return 'fine';
      },
      fakeTime(),
    );
    expect(report[0]).toMatchObject({ status: 'done', value: 'fine', attempts: 1 });
    expect(report[1]).toMatchObject({
      status: 'failed',
      message: 'A vehicle named PDX-T14 already exists in this group.',
      attempts: 1,
    });
    expect(countResults(report)).toEqual({ done: 1, failed: 1, cancelled: 0 });
  });

  it('waits each Retry-After before sending a rate-limited item again, and holds the rest meanwhile', async () => {
    const time = fakeTime(1000);
    const startedAt: Record<string, number[]> = {};
    let refusals = 0;
    const report = await runBulk(
      ['a', 'b'],
      async (item) => {
        (startedAt[item] ??= []).push(time.clock.now);
        if (item === 'a' && refusals < 2) {
          refusals += 1;
          throw rateLimited(refusals === 1 ? 1500 : 500);
        }
        return item;
      },
      { ...time, concurrency: 1 },
    );
    expect(time.clock.sleeps).toEqual([1500, 500]);
    expect(startedAt).toEqual({ a: [1000, 2500, 3000], b: [3000] });
    expect(report[0]).toMatchObject({ status: 'done', attempts: 3 });
    expect(report[1]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('waits out a Retry-After longer than a minute, saying until when, instead of failing the item', async () => {
    const time = fakeTime();
    const pauses: (number | null)[] = [];
    let refused = false;
    const report = await runBulk(
      ['a'],
      async (item) => {
        if (!refused) {
          refused = true;
          throw rateLimited(120_000);
        }
        return item;
      },
      { ...time, onProgress: (progress) => pauses.push(progress.pausedUntil) },
    );
    expect(time.clock.sleeps).toEqual([120_000]);
    expect(pauses).toContain(120_000);
    expect(report[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('pauses items in flight on other workers too: none starts before the Retry-After has passed', async () => {
    const time = fakeTime();
    const startedAt: number[] = [];
    let refused = false;
    await runBulk(
      [0, 1, 2, 3, 4, 5],
      async (item) => {
        startedAt.push(time.clock.now);
        if (item === 0 && !refused) {
          refused = true;
          throw rateLimited(2000);
        }
        await flush();
      },
      { ...time, concurrency: 2 },
    );
    // Item 1 started beside item 0; everything after the refusal waited for the pause.
    expect(startedAt.slice(0, 2)).toEqual([0, 0]);
    expect(startedAt.slice(2).every((at) => at >= 2000)).toBe(true);
  });

  it('gives up after the bounded number of rate-limit retries and reports the service message', async () => {
    const time = fakeTime();
    let calls = 0;
    const report = await runBulk(
      ['a'],
      async () => {
        calls += 1;
        throw rateLimited();
      },
      { ...time, maxRateLimitRetries: 2 },
    );
    expect(calls).toBe(3);
    // Without Retry-After: one second, then two.
    expect(time.clock.sleeps).toEqual([1000, 2000]);
    expect(report[0]).toMatchObject({
      status: 'failed',
      message: 'The service is busy. Wait a moment and try again.',
      attempts: 3,
    });
  });

  it('starts nothing while the API client holds reads for a rate limit', async () => {
    const time = fakeTime(0);
    const startedAt: number[] = [];
    await runBulk(['a'], async () => void startedAt.push(time.clock.now), {
      ...time,
      heldUntil: () => 750,
    });
    expect(startedAt).toEqual([750]);
  });

  it('on cancel lets running items finish and reports the ones not started as cancelled', async () => {
    const controller = new AbortController();
    const gates = [deferred(), deferred()];
    const started: number[] = [];
    const run = runBulk(
      [0, 1, 2, 3, 4],
      async (item) => {
        started.push(item);
        await gates[item]!.promise;
        return `sent ${item}`;
      },
      { ...fakeTime(), concurrency: 2, signal: controller.signal },
    );
    await flush();
    controller.abort();
    gates[0]!.resolve();
    gates[1]!.resolve();
    const report = await run;
    expect(started).toEqual([0, 1]);
    expect(report.map((result) => result.status)).toEqual([
      'done',
      'done',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(report[2]).toMatchObject({ message: 'Not sent: the run was cancelled.', attempts: 0 });
  });

  it('reports an item whose operation stopped on the cancel as cancelled, not failed', async () => {
    const controller = new AbortController();
    const report = await runBulk(
      ['a'],
      (_item, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () =>
            reject(new ApiError({ status: 0, code: 'ABORTED', message: 'cancelled' })),
          );
          controller.abort();
        }),
      { ...fakeTime(), signal: controller.signal },
    );
    expect(report[0]).toMatchObject({
      status: 'cancelled',
      message: 'Stopped by the cancel before its change was sent.',
    });
  });

  it('reports an item cancelled while it waited out a Retry-After', async () => {
    const controller = new AbortController();
    const report = await runBulk(
      ['a'],
      async () => {
        controller.abort();
        throw rateLimited(1000);
      },
      { ...fakeTime(), signal: controller.signal },
    );
    expect(report[0]).toMatchObject({ status: 'cancelled', attempts: 1 });
  });

  it('reports progress as items start and end, including the pause', async () => {
    const time = fakeTime();
    const progress: BulkProgress[] = [];
    let refused = false;
    await runBulk(
      ['a', 'b'],
      async (item) => {
        if (item === 'b') throw new Error('Broken.');
        if (!refused) {
          refused = true;
          throw rateLimited(300);
        }
      },
      { ...time, concurrency: 1, onProgress: (next) => progress.push(next) },
    );
    expect(progress[0]).toMatchObject({ total: 2, finished: 0, running: 0, pausedUntil: null });
    expect(progress.some((next) => next.pausedUntil === 300)).toBe(true);
    expect(progress.at(-1)).toEqual({
      total: 2,
      finished: 2,
      done: 1,
      failed: 1,
      cancelled: 0,
      running: 0,
      pausedUntil: null,
    });
  });
});

describe('retryFailed', () => {
  it('sends only the failed items again and keeps the other results in place', async () => {
    const calls: string[] = [];
    let brokenOnce = true;
    const operation = async (item: string) => {
      calls.push(item);
      if (item === 'b' && brokenOnce) {
        brokenOnce = false;
        throw new Error('The service had a problem. Try again in a moment.');
      }
      if (item === 'c') throw new Error('Not found. It may have been deleted.');
      return item.toUpperCase();
    };
    const first = await runBulk(['a', 'b', 'c'], operation, fakeTime());
    expect(countResults(first)).toEqual({ done: 1, failed: 2, cancelled: 0 });
    calls.length = 0;
    const retried = await retryFailed(first, operation, fakeTime());
    expect(calls).toEqual(['b', 'c']);
    expect(retried[0]).toBe(first[0]);
    expect(retried[1]).toMatchObject({ status: 'done', value: 'B' });
    expect(retried[2]).toMatchObject({
      status: 'failed',
      message: 'Not found. It may have been deleted.',
    });
  });
});
