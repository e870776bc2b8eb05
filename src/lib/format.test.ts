// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { resetDisplayPreferencesCache, setDisplayPreferences } from './display-preferences';
import {
  formatClockTime,
  formatDateTime,
  formatDistance,
  formatLegacySpeed,
  formatSpeed,
} from './format';

afterEach(() => {
  localStorage.clear();
  resetDisplayPreferencesCache();
});

describe('display units', () => {
  it('reads the legacy ECM speed as km/h and shows it in the chosen unit', () => {
    setDisplayPreferences({ distance: 'km' });
    expect(formatLegacySpeed(88)).toBe('88 km/h');
    setDisplayPreferences({ distance: 'mi' });
    expect(formatLegacySpeed(88)).toBe('55 mph');
    expect(formatLegacySpeed(null)).toBe('—');
  });

  it('shows speeds and distances in the chosen unit, rounded, and a dash for nothing', () => {
    setDisplayPreferences({ distance: 'km' });
    expect(formatSpeed(26.8224)).toBe('97 km/h');
    expect(formatDistance(160.9344)).toBe('161 km');
    setDisplayPreferences({ distance: 'mi' });
    expect(formatSpeed(26.8224)).toBe('60 mph');
    expect(formatDistance(160.9344)).toBe('100 mi');
    expect(formatSpeed(null)).toBe('—');
    expect(formatDistance(undefined)).toBe('—');
  });

  it('writes times on the chosen clock', () => {
    setDisplayPreferences({ clock: '24h' });
    expect(formatDateTime('2026-11-24T15:05:00')).toMatch(/15:05/);
    setDisplayPreferences({ clock: '12h' });
    expect(formatDateTime('2026-11-24T15:05:00')).toMatch(/3:05\s?PM/i);
  });

  it('writes a time of day with seconds on the chosen clock (refreshes, waits)', () => {
    const afternoon = new Date(2026, 10, 24, 15, 5, 9);
    setDisplayPreferences({ clock: '24h' });
    expect(formatClockTime(afternoon)).toMatch(/15:05:09/);
    setDisplayPreferences({ clock: '12h' });
    expect(formatClockTime(afternoon)).toMatch(/3:05:09\s?PM/i);
  });

  it('keeps the choice in storage for the next visit', () => {
    setDisplayPreferences({ distance: 'mi', clock: '24h', eventTimeZone: 'event' });
    resetDisplayPreferencesCache();
    expect(JSON.parse(localStorage.getItem('fleet-console.display') ?? '{}')).toEqual({
      distance: 'mi',
      clock: '24h',
      eventTimeZone: 'event',
    });
  });
});
