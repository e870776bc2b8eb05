import { describe, expect, it } from 'vitest';
import {
  compactSearch,
  pageRequestOf,
  parseAddressValue,
  readDay,
  readGuid,
  readIdList,
  readInt,
  readPageSize,
  readPageSizeParam,
  readString,
  routeSearch,
  searchSchema,
} from './search-params';

/** What a page reads: the router lays the raw search under what the route's reader returns. */
function searchSeenByPage<T extends object>(
  validate: (search: Record<string, unknown>) => T,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  return { ...raw, ...validate(raw) };
}

describe('routeSearch', () => {
  const validate = routeSearch((search) =>
    compactSearch({
      q: readString(search.q),
      roleId: readInt(search.roleId, { min: 0 }),
      page: readInt(search.page, { min: 1 }),
      pageSize: readPageSize(search.pageSize),
      from: readDay(search.from),
    }),
  );

  it('keeps what the reader accepts', () => {
    const seen = searchSeenByPage(validate, { q: 'okafor', roleId: 3, page: 2, pageSize: 50 });
    expect(seen).toEqual({ q: 'okafor', roleId: 3, page: 2, pageSize: 50 });
  });

  it('drops what the reader refuses, so the raw text never reaches the page', () => {
    const seen = searchSeenByPage(validate, {
      roleId: 'xyz',
      page: 0,
      pageSize: 5,
      from: '2026-13-45',
      unknown: 'x',
    });
    expect(Object.values(seen).filter((value) => value !== undefined)).toEqual([]);
  });
});

describe('readDay', () => {
  it('reads only real calendar days', () => {
    expect(readDay('2025-02-28')).toBe('2025-02-28');
    expect(readDay(' 2025-02-28 ')).toBe('2025-02-28');
    expect(readDay('2024-02-29')).toBe('2024-02-29');
  });

  it.each([
    '2026-13-45',
    '2026-02-30',
    '2025-02-29',
    '2025-2-3',
    '2025-02-28T00:00:00',
    'yesterday',
  ])('refuses %s rather than reading it as another day', (value) =>
    expect(readDay(value)).toBeUndefined(),
  );

  it('refuses what is not text', () => {
    expect(readDay(20250228)).toBeUndefined();
    expect(readDay(undefined)).toBeUndefined();
  });
});

describe('readPageSize', () => {
  it('keeps only the sizes the list offers', () => {
    expect(readPageSize('50')).toBe(50);
    expect(readPageSize(5)).toBeUndefined();
    expect(readPageSize(200)).toBeUndefined();
    expect(readPageSize('abc')).toBeUndefined();
    expect(readPageSize(10, [25, 50, 100])).toBeUndefined();
    expect(readPageSize(25, [25, 50, 100])).toBe(25);
  });
});

describe('readPageSizeParam', () => {
  it('reads the page size under its one name, or under an old link’s `limit`', () => {
    expect(readPageSizeParam({ pageSize: '50' })).toBe(50);
    expect(readPageSizeParam({ limit: '50' })).toBe(50);
    expect(readPageSizeParam({ pageSize: 10, limit: 50 })).toBe(10);
    expect(readPageSizeParam({ limit: 7 })).toBeUndefined();
  });

  it('lets an old link’s `limit` leave the address once it is read as the page size', () => {
    const validate = routeSearch((search) =>
      compactSearch({ pageSize: readPageSizeParam(search) }),
    );
    expect(searchSeenByPage(validate, { limit: '25', page: 2 })).toEqual({
      pageSize: 25,
      limit: undefined,
      page: undefined,
    });
  });
});

describe('pageRequestOf', () => {
  it('reads the address page, counted from 1, as a request page counted from 0', () => {
    expect(pageRequestOf({}, 25)).toEqual({ pageIndex: 0, pageSize: 25 });
    expect(pageRequestOf({ page: 3, pageSize: 50 }, 25)).toEqual({ pageIndex: 2, pageSize: 50 });
  });
});

describe('searchSchema', () => {
  const schema = searchSchema(
    {
      q: (value) => readString(value, 10),
      page: (value) => readInt(value, { min: 1 }),
      from: readDay,
      to: readDay,
      pageSize: (_value, search) => readPageSizeParam(search),
    },
    (search) =>
      search.from && search.to && search.from > search.to
        ? { ...search, from: search.to, to: search.from }
        : search,
  );

  it('keeps what each reader accepts and drops every other key in the address', () => {
    expect(searchSeenByPage(schema, { q: 'okafor', page: '2', pageSize: 50, extra: 'x' })).toEqual({
      q: 'okafor',
      page: 2,
      pageSize: 50,
      extra: undefined,
    });
    expect(searchSeenByPage(schema, { q: '', page: 'abc', from: '2026-13-45' })).toEqual({
      q: undefined,
      page: undefined,
      from: undefined,
    });
  });

  it('lets the parameters be settled together once read (a range given backwards)', () => {
    expect(schema({ from: '2026-03-09', to: '2026-03-02' })).toEqual({
      from: '2026-03-02',
      to: '2026-03-09',
    });
  });
});

describe('parseAddressValue', () => {
  it('reads JSON as the router does, a number only as it is written back', () => {
    expect(parseAddressValue('12')).toBe(12);
    expect(parseAddressValue('-3')).toBe(-3);
    expect(parseAddressValue('true')).toBe(true);
    expect(parseAddressValue('"1e3"')).toBe('1e3');
    for (const text of ['1e3', '1.0', '-0', '12345678901234567890']) {
      expect(parseAddressValue(text)).toBe(text);
    }
  });

  it('leaves text that is no JSON to the router, which keeps it as text', () => {
    expect(() => parseAddressValue('Spare')).toThrow();
  });
});

describe('readInt', () => {
  it('reads whole numbers written in digits, within bounds', () => {
    expect(readInt('7', { min: 0 })).toBe(7);
    expect(readInt(7)).toBe(7);
    expect(readInt('-2', { min: 0 })).toBeUndefined();
  });

  it.each(['1e3', '0x10', '1.0', ' ', '', '12345678901234567890', 'Infinity'])(
    'drops %j rather than read it as another number',
    (text) => {
      expect(readInt(text)).toBeUndefined();
    },
  );
});

describe('readGuid', () => {
  it('keeps a GUID as written and drops anything else', () => {
    const id = '0C7E1B2A-5D4F-4E3A-9B8C-7D6E5F4A3B2C';
    expect(readGuid(` ${id} `)).toBe(id);
    expect(readGuid('not-a-guid')).toBeUndefined();
    expect(readGuid(42)).toBeUndefined();
  });
});

describe('readIdList', () => {
  it('reads IDs from an array, a hand-written list or one number: sorted, unique', () => {
    expect(readIdList([3, 1, 3])).toEqual([1, 3]);
    expect(readIdList('2,1, 2')).toEqual([1, 2]);
    expect(readIdList(5)).toEqual([5]);
    expect(readIdList(undefined)).toBeUndefined();
  });

  it('starts at 1 unless told otherwise (a vehicle type of 0 is "Unassigned")', () => {
    expect(readIdList([0, 2])).toEqual([2]);
    expect(readIdList([0, 2], { min: 0 })).toEqual([0, 2]);
    expect(readIdList([-1, 1.5, 1e21, 'x'], { min: 0 })).toBeUndefined();
  });
});
