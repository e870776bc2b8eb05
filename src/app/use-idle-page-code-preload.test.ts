import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuietAndIdle } from './use-idle-page-code-preload';

describe('whenQuietAndIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for an idle moment before the work', () => {
    const work = vi.fn();
    whenQuietAndIdle(() => false, work);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledOnce();
  });

  it('looks again while busy and works once quiet', () => {
    let busy = true;
    const work = vi.fn();
    whenQuietAndIdle(() => busy, work);
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    expect(work).not.toHaveBeenCalled();
    busy = false;
    vi.advanceTimersToNextTimer();
    expect(work).toHaveBeenCalledOnce();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledOnce();
  });

  it('does no work once cancelled, even while it was still waiting for quiet', () => {
    let busy = true;
    const work = vi.fn();
    const cancel = whenQuietAndIdle(() => busy, work);
    vi.advanceTimersToNextTimer();
    cancel();
    busy = false;
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
