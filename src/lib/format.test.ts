// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { resetLocaleCache, setLocale } from '@/i18n/locale';
import { resetDisplayPreferencesCache, setDisplayPreferences } from './display-preferences';
import {
  formatAge,
  formatSeconds,
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
      chosenTimeZone: 'UTC',
    });
  });
});

describe('the time zone policy', () => {
  // 2025-03-04T02:24:00Z: 7:24 PM on Mar 3 in Denver, 11:24 AM on Mar 4 in Tokyo.
  const instant = '2025-03-04T02:24:00Z';

  it('shows every time in the chosen zone, with its name', () => {
    setDisplayPreferences({
      clock: '12h',
      eventTimeZone: 'chosen',
      chosenTimeZone: 'America/Denver',
    });
    expect(formatDateTime(instant)).toBe('Mar 3, 2025, 7:24 PM MST');
    expect(formatClockTime(new Date(instant))).toBe('7:24:00 PM MST');
    setDisplayPreferences({ chosenTimeZone: 'Asia/Tokyo' });
    expect(formatDateTime(instant)).toBe('Mar 4, 2025, 11:24 AM GMT+9');
    setDisplayPreferences({ clock: '24h' });
    expect(formatDateTime(instant)).toBe('Mar 4, 2025, 11:24 GMT+9');
  });

  it('names no zone when times are in the browser’s own', () => {
    setDisplayPreferences({ clock: '12h', eventTimeZone: 'mine', chosenTimeZone: 'Asia/Tokyo' });
    expect(formatDateTime(instant)).toBe('Mar 4, 2025, 2:24 AM');
    setDisplayPreferences({ eventTimeZone: 'chosen', chosenTimeZone: 'UTC' });
    expect(formatDateTime(instant)).toBe('Mar 4, 2025, 2:24 AM');
  });

  it('reads choices stored before zones could be chosen, and ignores an unknown zone', () => {
    localStorage.setItem(
      'fleet-console.display',
      JSON.stringify({ distance: 'km', clock: '12h', eventTimeZone: 'mine' }),
    );
    resetDisplayPreferencesCache();
    expect(formatDateTime(instant)).toBe('Mar 4, 2025, 2:24 AM');
    localStorage.setItem(
      'fleet-console.display',
      JSON.stringify({ clock: '12h', eventTimeZone: 'chosen', chosenTimeZone: 'Mars/Olympus' }),
    );
    resetDisplayPreferencesCache();
    expect(formatDateTime(instant)).toBe('Mar 4, 2025, 2:24 AM');
  });
});

describe('ages and waits in words', () => {
  afterEach(() => {
    setLocale('en');
    resetLocaleCache();
  });

  it('reads as before in English, plurals included', () => {
    setLocale('en');
    expect(formatAge(10_000)).toBe('just now');
    expect(formatAge(3 * 60_000)).toBe('3 min ago');
    expect(formatAge(2 * 3_600_000)).toBe('2 h ago');
    expect(formatAge(24 * 3_600_000)).toBe('1 day ago');
    expect(formatAge(50 * 3_600_000)).toBe('2 days ago');
    expect(formatSeconds(1)).toBe('1 second');
    expect(formatSeconds(30)).toBe('30 seconds');
  });

  it('takes the chosen language’s plural for days and seconds', () => {
    setLocale('es-419');
    expect(formatAge(24 * 3_600_000)).toBe('hace 1 día');
    expect(formatSeconds(2)).toBe('2 segundos');
    setLocale('fr-CA');
    expect(formatAge(50 * 3_600_000)).toBe('il y a 2 jours');
    expect(formatSeconds(1)).toBe('1 seconde');
  });
});
