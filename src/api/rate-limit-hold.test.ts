import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimitHold } from './rate-limit-hold';

describe('RateLimitHold', () => {
  beforeEach(() => vi.useFakeTimers({ now: 10_000 }));
  afterEach(() => vi.useRealTimers());

  it('holds a key for the wait asked, never shortens a hold, and says until when', () => {
    const holds = new RateLimitHold<'users' | 'groups'>();
    const heard: (number | null)[] = [];
    holds.subscribe(() => heard.push(holds.latestUntil()));

    holds.hold('users', 5_000);
    holds.hold('users', 1_000);
    holds.hold('groups', 2_000);
    expect(holds.latestUntil()).toBe(15_000);
    expect(heard).toEqual([15_000]);
  });

  it('lets a waiting request go when its key is free, not before', async () => {
    const holds = new RateLimitHold<'users'>();
    holds.hold('users', 3_000);
    let released = false;
    const waiting = holds.waitFor('users').then(() => (released = true));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(released).toBe(true);
  });

  it('clears its hold for listeners when the wait is over', async () => {
    const holds = new RateLimitHold<'users'>();
    holds.hold('users', 1_000);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(holds.latestUntil()).toBeNull();
  });

  it('gives one turn per interval: the second request waits for the first one’s interval', async () => {
    const holds = new RateLimitHold<string>();
    const sentAt: number[] = [];
    const send = () => holds.takeTurn('geocoder', 1_000).then(() => sentAt.push(Date.now()));
    const both = Promise.all([send(), send()]);
    await vi.advanceTimersByTimeAsync(1_000);
    await both;
    expect(sentAt).toEqual([10_000, 11_000]);
  });

  it('stops waiting when the request is cancelled', async () => {
    const holds = new RateLimitHold<string>();
    holds.hold('geocoder', 60_000);
    const controller = new AbortController();
    const waiting = holds.takeTurn('geocoder', 1_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('forgets every hold when cleared, and tells its listeners', () => {
    const holds = new RateLimitHold<'users'>();
    holds.hold('users', 60_000);
    const listener = vi.fn();
    holds.subscribe(listener);
    holds.clear();
    expect(holds.latestUntil()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
