import { describe, expect, it } from 'vitest';
import { matchesTimeZone, rankTimeZones } from './time-zone-search';

const zones = [
  'America/Chicago',
  'America/Los_Angeles',
  'America/New_York',
  'Asia/Tokyo',
  'Europe/Budapest',
  'Europe/London',
];

describe('time zones by the names people use', () => {
  it.each([
    ['New York', 'America/New_York'],
    ['new york', 'America/New_York'],
    ['PST', 'America/Los_Angeles'],
    ['Pacific', 'America/Los_Angeles'],
    ['Eastern', 'America/New_York'],
    ['los ang', 'America/Los_Angeles'],
    ['Los_Angeles', 'America/Los_Angeles'],
    ['America/Chicago', 'America/Chicago'],
    ['tokyo', 'Asia/Tokyo'],
  ])('"%s" finds %s first', (typed, zone) => {
    expect(rankTimeZones(zones, typed)[0]).toBe(zone);
  });

  it('matches abbreviations as whole words, not inside a city', () => {
    expect(matchesTimeZone('Europe/Budapest', 'pst')).toBe(false);
    expect(rankTimeZones(zones, 'zzz')).toEqual([]);
  });

  it('lists every zone for an empty search', () => {
    expect(rankTimeZones(zones, '  ')).toEqual(zones);
  });
});
