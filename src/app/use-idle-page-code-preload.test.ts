import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuietAndIdle } from './use-idle-page-code-preload';

describe('whenQuietAndIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('works at an idle moment once nothing has been busy for the quiet time', () => {
    const work = vi.fn();
    whenQuietAndIdle(() => false, work, 1500);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledOnce();
  });

  it('starts the quiet time again whenever it finds something busy', () => {
    let busy = false;
    const work = vi.fn();
    whenQuietAndIdle(() => busy, work, 1500);
    vi.advanceTimersByTime(2000);
    busy = true;
    vi.advanceTimersByTime(1000);
    busy = false;
    vi.advanceTimersByTime(1000);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledOnce();
  });

  it('does no work once cancelled', () => {
    const work = vi.fn();
    const cancel = whenQuietAndIdle(() => false, work, 1500);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
