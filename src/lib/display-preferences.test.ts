import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserTimeZone,
  getDisplayPreferences,
  isKnownTimeZone,
  resetDisplayPreferencesCache,
} from './display-preferences';

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

describe('getDisplayPreferences', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetDisplayPreferencesCache();
  });

  it.each(['C', 'C.UTF-8', 'en_US', 'not a tag'])(
    'falls back to English habits when the browser reports the tag "%s", which Intl refuses',
    (language) => {
      vi.stubGlobal('navigator', { language });
      resetDisplayPreferencesCache();
      expect(getDisplayPreferences()).toMatchObject({ distance: 'mi', clock: '12h' });
    },
  );

  it("follows a tag Intl accepts: a German browser's kilometres and 24-hour clock", () => {
    vi.stubGlobal('navigator', { language: 'de-DE' });
    resetDisplayPreferencesCache();
    expect(getDisplayPreferences()).toMatchObject({ distance: 'km', clock: '24h' });
  });
});
