// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  guardSchema,
  isStoredTime,
  keepLocalValuesInTab,
  moveStoredKey,
  readStoredJson,
  writeStoredJson,
} from './stored-json';

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

describe('writeStoredJson', () => {
  it('refuses a value longer than its limit and leaves what was stored', () => {
    expect(writeStoredJson('session', KEY, 'short', { maxLength: 10 })).toBe(true);
    expect(writeStoredJson('session', KEY, 'far longer than ten', { maxLength: 10 })).toBe(false);
    expect(sessionStorage.getItem(KEY)).toBe('"short"');
  });
});

describe('moveStoredKey', () => {
  const FORMER_KEY = 'test-value';

  it('moves a value from its former key once, where the new key holds none', () => {
    localStorage.setItem(FORMER_KEY, '{"count":2,"at":0}');
    moveStoredKey('local', FORMER_KEY, KEY);
    expect(localStorage.getItem(FORMER_KEY)).toBeNull();
    expect(readStoredJson('local', KEY, schema, null).value).toEqual({ count: 2, at: 0 });
    // Nothing left to move: the new key keeps its value.
    moveStoredKey('local', FORMER_KEY, KEY);
    expect(readStoredJson('local', KEY, schema, null).value).toEqual({ count: 2, at: 0 });
  });

  it('keeps the new key’s value over the former one, and removes the former', () => {
    localStorage.setItem(FORMER_KEY, '{"count":1,"at":0}');
    localStorage.setItem(KEY, '{"count":5,"at":0}');
    moveStoredKey('local', FORMER_KEY, KEY);
    expect(localStorage.getItem(KEY)).toBe('{"count":5,"at":0}');
    expect(localStorage.getItem(FORMER_KEY)).toBeNull();
  });

  it('moves a corrupt value as it is, for the read to discard and note', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(FORMER_KEY, '{not json');
    moveStoredKey('local', FORMER_KEY, KEY);
    expect(readStoredJson('local', KEY, schema, null)).toEqual({ value: null, discarded: true });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(KEY));
    expect(localStorage.length).toBe(0);
  });

  it('leaves the former key where the new one cannot be written', () => {
    const values = new Map([[FORMER_KEY, '[]']]);
    const full = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: (key: string) => values.delete(key),
    } as unknown as Storage;
    moveStoredKey(full, FORMER_KEY, KEY);
    expect(values.get(FORMER_KEY)).toBe('[]');
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

describe('a shared computer', () => {
  afterEach(() => {
    keepLocalValuesInTab(false);
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps what would outlive the tab in the tab only', () => {
    keepLocalValuesInTab(true);
    writeStoredJson('local', KEY, { count: 1, at: 1 });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(readStoredJson('local', KEY, guardSchema(isCounted), null).value).toEqual({
      count: 1,
      at: 1,
    });
    keepLocalValuesInTab(false);
    expect(readStoredJson('local', KEY, guardSchema(isCounted), null).value).toBeNull();
  });
});
