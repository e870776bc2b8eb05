import { describe, expect, it, vi } from 'vitest';
import { RetryStatus } from './retry-status';

describe('RetryStatus', () => {
  it('counts each retrying read until it ends, once however often it ends', () => {
    const status = new RetryStatus();
    const counts: number[] = [];
    status.subscribe(() => counts.push(status.count()));
    const endFirst = status.begin();
    const endSecond = status.begin();
    endFirst();
    endFirst();
    endSecond();
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it('starts again from nothing when cleared; a read that ends later changes nothing', () => {
    const status = new RetryStatus();
    const end = status.begin();
    const listener = vi.fn();
    status.subscribe(listener);
    status.clear();
    expect(status.count()).toBe(0);
    end();
    expect(status.count()).toBe(0);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
