import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { formatAge } from '@/lib/format';
import { describeIndexStatus, indexStatusOf } from './index-status';

describe('formatAge', () => {
  it('says how long ago in words people use', () => {
    expect(formatAge(10_000)).toBe('just now');
    expect(formatAge(2 * 60_000 + 5_000)).toBe('2 min ago');
    expect(formatAge(3 * 3_600_000)).toBe('3 h ago');
    expect(formatAge(26 * 3_600_000)).toBe('1 day ago');
    expect(formatAge(-5_000)).toBe('just now');
  });
});

describe('describeIndexStatus', () => {
  const now = 1_000_000_000;

  it('tells how fresh an index is, and when it holds only the first records', () => {
    const ready = {
      state: 'ready',
      updatedAt: now - 120_000,
      count: 5000,
      complete: false,
    } as const;
    expect(describeIndexStatus('Vehicles', ready, now)).toBe(
      'Vehicles indexed 2 min ago (partial: first 5,000)',
    );
    expect(describeIndexStatus('Vehicles', { ...ready, complete: true }, now)).toBe(
      'Vehicles indexed 2 min ago',
    );
  });

  it('says what a role lacks rather than reporting an error', () => {
    expect(
      describeIndexStatus(
        'Groups',
        { state: 'forbidden' },
        now,
        'Groups need the Group Manager role',
      ),
    ).toBe('Groups need the Group Manager role');
    expect(describeIndexStatus('Devices', { state: 'loading' }, now)).toBe('Indexing devices…');
    expect(describeIndexStatus('Devices', { state: 'failed' }, now)).toBe(
      'Devices could not be indexed',
    );
  });
});

describe('indexStatusOf', () => {
  const measure = () => ({ count: 3, complete: true });

  it('reads a query result', () => {
    expect(indexStatusOf({ status: 'pending', error: null, dataUpdatedAt: 0 }, measure)).toEqual({
      state: 'loading',
    });
    expect(indexStatusOf({ status: 'success', error: null, dataUpdatedAt: 42 }, measure)).toEqual({
      state: 'ready',
      updatedAt: 42,
      count: 3,
      complete: true,
    });
  });

  it('tells a refusal by role from a failure', () => {
    const forbidden = new ApiError({ status: 403, code: 'FORBIDDEN', message: 'No' });
    const failed = new ApiError({ status: 500, code: 'SERVER', message: 'No' });
    expect(indexStatusOf({ status: 'error', error: forbidden, dataUpdatedAt: 0 }, measure)).toEqual(
      { state: 'forbidden' },
    );
    expect(indexStatusOf({ status: 'error', error: failed, dataUpdatedAt: 0 }, measure)).toEqual({
      state: 'failed',
    });
  });
});
