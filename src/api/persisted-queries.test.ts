import { describe, expect, it } from 'vitest';
import { isKeptQueryKey } from './persisted-queries';
import { safetyEventKeys } from './safety-events';

describe('what is kept on disk', () => {
  it('keeps the reads a person comes back to', () => {
    expect(isKeptQueryKey(['vehicles', 'list', { page: 1 }])).toBe(true);
    expect(isKeptQueryKey(['groups', 'tree'])).toBe(true);
    expect(isKeptQueryKey(safetyEventKeys.detail('e-1'))).toBe(true);
    expect(isKeptQueryKey([...safetyEventKeys.all, 'scorecards', 'fleet', {}])).toBe(true);
  });

  it('never keeps files or anything it does not know', () => {
    expect(isKeptQueryKey(safetyEventKeys.file('e-1', 'mp4'))).toBe(false);
    expect(isKeptQueryKey(['places', 'search', 'Portland'])).toBe(false);
    expect(isKeptQueryKey([42])).toBe(false);
  });
});
