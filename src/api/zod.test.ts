// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredJson, writeStoredJson } from '@/lib/stored-json';
import { storedTimeSchema, z } from './zod';

const KEY = 'fleet-console.test-zod-value';
const schema = z.object({ count: z.number().int(), at: storedTimeSchema });

// Stored JSON is read through zod schemas like this one (the session, saved views): the storage
// helper itself is tested with a type guard in src/lib, which does not import the API layer.
describe('a zod schema as a stored-JSON schema', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads back what was written', () => {
    expect(writeStoredJson('local', KEY, { count: 2, at: 1_700_000_000_000 })).toBe(true);
    expect(readStoredJson('local', KEY, schema, null)).toEqual({
      value: { count: 2, at: 1_700_000_000_000 },
      discarded: false,
    });
  });

  it.each([
    ['another shape', '{"count":"two","at":0}'],
    ['a time no date can hold', '{"count":2,"at":1e300}'],
  ])('removes %s and gives the fallback', (_case, stored) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sessionStorage.setItem(KEY, stored);
    expect(readStoredJson('session', KEY, schema, null)).toEqual({
      value: null,
      discarded: true,
    });
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });
});
