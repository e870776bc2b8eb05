import { describe, expect, it } from 'vitest';
import {
  bucketIndexOf,
  bucketLabels,
  resolveScorecardWindow,
  trendBuckets,
  windowInstants,
} from './scorecard-window';
import { readScorecardWindow } from './scorecard-window-search';

const today = new Date(2026, 10, 24, 15, 30);

describe('readScorecardWindow', () => {
  it('keeps a preset other than the default, or a whole custom range', () => {
    expect(readScorecardWindow({ days: '7' })).toEqual({ days: 7 });
    expect(readScorecardWindow({ days: 90 })).toEqual({ days: 90 });
    expect(readScorecardWindow({ days: 30 })).toEqual({});
    expect(readScorecardWindow({ days: 12 })).toEqual({});
    expect(readScorecardWindow({ from: '2026-01-01', to: '2026-01-31', days: 7 })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('drops a half, reversed or impossible range', () => {
    expect(readScorecardWindow({ from: '2026-01-01' })).toEqual({});
    expect(readScorecardWindow({ from: '2026-02-01', to: '2026-01-01', days: 7 })).toEqual({
      days: 7,
    });
    expect(readScorecardWindow({ from: '2026-02-30', to: '2026-03-01' })).toEqual({});
  });
});

describe('resolveScorecardWindow', () => {
  it('ends a preset today, and defaults to 30 days', () => {
    expect(resolveScorecardWindow({}, today)).toEqual({
      ok: true,
      fromDay: '2026-10-26',
      toDay: '2026-11-24',
      dayCount: 30,
      preset: 30,
    });
    expect(resolveScorecardWindow({ days: 7 }, today)).toMatchObject({
      fromDay: '2026-11-18',
      dayCount: 7,
    });
  });

  it('checks a custom range', () => {
    expect(resolveScorecardWindow({ from: '2026-11-01', to: '2026-11-10' }, today)).toEqual({
      ok: true,
      fromDay: '2026-11-01',
      toDay: '2026-11-10',
      dayCount: 10,
      preset: null,
    });
    expect(resolveScorecardWindow({ from: '2026-11-25', to: '2026-11-30' }, today)).toMatchObject({
      ok: false,
      message: 'The range cannot start after today.',
    });
    expect(resolveScorecardWindow({ from: '2024-01-01', to: '2026-11-01' }, today)).toMatchObject({
      ok: false,
      message: 'Choose at most 366 days.',
    });
  });
});

describe('windowInstants', () => {
  it('runs from the first local midnight to the last second of the last day', () => {
    const { from, to } = windowInstants({ fromDay: '2026-03-01', toDay: '2026-03-02' });
    expect(from).toEqual(new Date(2026, 2, 1));
    expect(to).toEqual(new Date(2026, 2, 2, 23, 59, 59));
  });
});

describe('trendBuckets', () => {
  it('gives a point per day up to the limit, then equal runs of days', () => {
    const daily = trendBuckets({ fromDay: '2026-03-01', toDay: '2026-03-07' }, 30);
    expect(daily.startsMs).toHaveLength(7);
    expect(daily.daysPerBucket).toBe(1);
    const ninety = trendBuckets({ fromDay: '2026-01-01', toDay: '2026-03-31' }, 30);
    expect(ninety.daysPerBucket).toBe(3);
    expect(ninety.startsMs).toHaveLength(30);
    expect(ninety.startsMs[1]).toBe(new Date(2026, 0, 4).getTime());
  });

  it('finds the point of a moment, the ends taking what falls outside', () => {
    const buckets = trendBuckets({ fromDay: '2026-03-01', toDay: '2026-03-07' }, 30);
    expect(bucketIndexOf(buckets, new Date(2026, 2, 1, 0, 0).getTime())).toBe(0);
    expect(bucketIndexOf(buckets, new Date(2026, 2, 3, 23, 59).getTime())).toBe(2);
    expect(bucketIndexOf(buckets, new Date(2026, 1, 20).getTime())).toBe(0);
    expect(bucketIndexOf(buckets, new Date(2026, 2, 9).getTime())).toBe(6);
  });

  it('names each point by its days', () => {
    const labels = bucketLabels(trendBuckets({ fromDay: '2026-03-01', toDay: '2026-03-05' }, 2));
    expect(labels).toHaveLength(2);
    expect(labels[0]).toMatch(/Mar.*1.*–.*Mar.*3/);
    expect(labels[1]).toMatch(/Mar.*4.*–.*Mar.*5/);
  });
});
