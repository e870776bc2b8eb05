import { describe, expect, it } from 'vitest';
import { isOneOf } from './one-of';

describe('isOneOf', () => {
  const statuses = ['Active', 'Inactive'] as const;

  it('accepts only the listed strings, exactly', () => {
    expect(isOneOf(statuses, 'Active')).toBe(true);
    expect(isOneOf(statuses, 'active')).toBe(false);
    expect(isOneOf(statuses, ' Active')).toBe(false);
    expect(isOneOf(statuses, 1)).toBe(false);
    expect(isOneOf(statuses, undefined)).toBe(false);
  });
});
