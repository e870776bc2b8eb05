// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardSchema, isStoredTime, readStoredJson, writeStoredJson } from './stored-json';

const KEY = 'fleet-console.test-value';

interface Counted {
  count: number;
  at: number;
}

// A type guard rather than zod, which lives in the API layer; src/api/zod.test.ts reads stored
// JSON through a zod schema.
function isCounted(value: unknown): value is Counted {
  return (
    typeof value === 'object' &&
    value !== null &&
    'count' in value &&
    Number.isInteger(value.count) &&
    'at' in value &&
    isStoredTime(value.at)
  );
}

const schema = guardSchema(isCounted);

describe('readStoredJson', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads back what was written', () => {
    expect(writeStoredJson('local', KEY, { count: 2, at: 1_700_000_000_000 })).toBe(true);
    expect(readStoredJson('local', KEY, schema, null)).toEqual({
      value: { count: 2, at: 1_700_000_000_000 },
      discarded: false,
    });
  });

  it('gives the fallback when nothing is stored, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readStoredJson('session', KEY, schema, null)).toEqual({
      value: null,
      discarded: false,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['text that is not JSON', '{not json'],
    ['another shape', '{"count":"two","at":0}'],
    ['a time no date can hold', '{"count":2,"at":1e300}'],
  ])('removes %s, says so on the console and gives the fallback', (_case, stored) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sessionStorage.setItem(KEY, stored);
    expect(readStoredJson('session', KEY, schema, null)).toEqual({
      value: null,
      discarded: true,
    });
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(KEY));
  });

  it('gives the fallback where the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Storage;
    expect(readStoredJson<unknown>(refusing, KEY, schema, 'none')).toEqual({
      value: 'none',
      discarded: false,
    });
  });

  it('checks with a type guard where zod is not loaded', () => {
    const isName = (value: unknown): value is string => typeof value === 'string';
    localStorage.setItem(KEY, '"Łukasz"');
    expect(readStoredJson('local', KEY, guardSchema(isName), '').value).toBe('Łukasz');
  });
});

describe('isStoredTime', () => {
  it('accepts only epoch milliseconds a Date can hold', () => {
    expect(isStoredTime(Date.UTC(2026, 10, 27))).toBe(true);
    expect(isStoredTime(8.64e15)).toBe(true);
    expect(isStoredTime(8.64e15 + 1)).toBe(false);
    expect(isStoredTime(1e300)).toBe(false);
    expect(isStoredTime(Number.NaN)).toBe(false);
    expect(isStoredTime('2026-11-27')).toBe(false);
  });
});
