import { describe, expect, it } from 'vitest';
import { readWindowedListQuery } from './list-query';

const query = (search: string) => new URL(`https://api.example.test/v1/list?${search}`);

describe('readWindowedListQuery', () => {
  it('reads paging, the subgroups flag under the name given, the window and the order', () => {
    const read = readWindowedListQuery(
      query('limit=50&offset=100&includeSubGroups=TRUE&startDate=2026-11-01&order=desc'),
      'includeSubGroups',
    );
    expect(read).toEqual({
      ok: true,
      value: {
        limit: 50,
        offset: 100,
        includeSubgroups: true,
        window: {
          from: Date.parse('2026-11-01T00:00:00Z'),
          to: undefined,
          startDate: '2026-11-01T00:00:00.000Z',
          endDate: null,
        },
        order: 'desc',
      },
    });
  });

  it('leaves paging open and the flag off when they are not given', () => {
    const read = readWindowedListQuery(query(''), 'includeSubgroups');
    expect(read).toMatchObject({
      ok: true,
      value: { limit: undefined, offset: undefined, includeSubgroups: false, order: 'asc' },
    });
  });

  it('reports the first bad parameter: limit, offset, the flag, the window, then the order', () => {
    const bad = ['limit=0', 'offset=-1', 'includeSubgroups=yes', 'startDate=soon', 'order=up'];
    const messages = bad.map((_, index) => {
      const read = readWindowedListQuery(query(bad.slice(index).join('&')), 'includeSubgroups');
      return read.ok ? null : read.message;
    });
    expect(messages).toEqual([
      'The limit must be at least 1.',
      'The offset must be at least 0.',
      'The includeSubgroups must be true or false.',
      'The startDate must be an ISO 8601 date or date-time.',
      'The order must be asc or desc.',
    ]);
  });
});
