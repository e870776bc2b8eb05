import { describe, expect, it } from 'vitest';
import type { SafetyEvent } from '@/api/safety-events';
import { queueFiltersOf, validateEventsMapSearch } from './events-map-search';
import { isPlaced } from './placed-event';

describe('events map search', () => {
  it('keeps the queue filters and the heat choice, and drops what it does not know', () => {
    const search = validateEventsMapSearch({
      triggers: [3, 1],
      layer: 'heat',
      selected: '9f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
    });
    expect(search).toEqual({ triggers: [1, 3], layer: 'heat' });
    expect(queueFiltersOf(search)).toEqual({ triggers: [1, 3] });
    expect(validateEventsMapSearch({ layer: 'clusters' })).toEqual({});
  });

  it('places only events with a real position', () => {
    const event = (latitude: number | null, longitude: number | null) =>
      ({ latitude, longitude }) as SafetyEvent;
    expect(isPlaced(event(47.6, -122.3))).toBe(true);
    expect(isPlaced(event(null, -122.3))).toBe(false);
    expect(isPlaced(event(0, 0))).toBe(false);
    expect(isPlaced(event(91, 10))).toBe(false);
  });
});
