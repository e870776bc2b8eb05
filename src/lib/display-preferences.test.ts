import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, isKnownTimeZone } from './display-preferences';

describe('isKnownTimeZone', () => {
  it('knows IANA zones and refuses made-up names and non-strings', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
    expect(isKnownTimeZone(42)).toBe(false);
  });
});

describe('browserTimeZone', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the zone once for a burst of calls and again a second later', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const formatters = vi.spyOn(Intl, 'DateTimeFormat');
    const zone = browserTimeZone();
    for (let call = 0; call < 50; call++) expect(browserTimeZone()).toBe(zone);
    expect(formatters.mock.calls.length).toBeLessThanOrEqual(1);

    vi.advanceTimersByTime(1000);
    expect(browserTimeZone()).toBe(zone);
    expect(formatters.mock.calls.length).toBeGreaterThanOrEqual(1);
    const readsAfterASecond = formatters.mock.calls.length;
    browserTimeZone();
    expect(formatters).toHaveBeenCalledTimes(readsAfterASecond);
  });
});
