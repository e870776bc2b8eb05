import { describe, expect, it } from 'vitest';
import { mockSettingsChangeSchema, storedMockSettingsSchema } from './settings';

describe('the demo settings', () => {
  it('read from storage knob by knob: one that does not read is left to its default', () => {
    expect(
      storedMockSettingsSchema.parse({ scale: 10, latencyMs: -5, tokenTtlSeconds: 'x', extra: 1 }),
    ).toEqual({ scale: 10 });
    expect(storedMockSettingsSchema.parse('not settings')).toEqual({});
  });

  it('refuse a change whose knob does not read', () => {
    expect(mockSettingsChangeSchema.safeParse({ latencyMs: 0, scale: 100 }).success).toBe(true);
    expect(mockSettingsChangeSchema.safeParse({ scale: 3 }).success).toBe(false);
  });
});
