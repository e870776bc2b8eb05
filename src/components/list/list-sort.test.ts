import { describe, expect, it } from 'vitest';
import { compareSortValues, sortByColumn } from './list-sort';

describe('compareSortValues', () => {
  it('orders text by locale with numbers in it read as numbers', () => {
    expect(['PDX-T10', 'pdx-t2', 'PDX-T1'].sort(compareSortValues)).toEqual([
      'PDX-T1',
      'pdx-t2',
      'PDX-T10',
    ]);
  });

  it('orders dates and numbers by value and puts empty values last', () => {
    const later = new Date('2026-11-24T10:00:00Z');
    const earlier = new Date('2026-11-20T10:00:00Z');
    expect([later, null, earlier].sort(compareSortValues)).toEqual([earlier, later, null]);
    // Rows, as the list sorts them: a bare array's sort puts undefined last without comparing it.
    const rows = [10, undefined, 9, ''].map((value) => ({ value }));
    rows.sort((a, b) => compareSortValues(a.value, b.value));
    expect(rows.map((row) => row.value)).toEqual([9, 10, undefined, '']);
  });

  it('keeps empty values last when the order is reversed', () => {
    const later = new Date('2026-11-24T10:00:00Z');
    const earlier = new Date('2026-11-20T10:00:00Z');
    const neverConnected = null;
    expect(
      [earlier, neverConnected, later, new Date(Number.NaN)].sort((a, b) =>
        compareSortValues(a, b, 'desc'),
      ),
    ).toEqual([later, earlier, neverConnected, new Date(Number.NaN)]);
    expect(['b', '', 'a', 'c'].sort((a, b) => compareSortValues(a, b, 'desc'))).toEqual([
      'c',
      'b',
      'a',
      '',
    ]);
  });
});

describe('sortByColumn', () => {
  const rows = [
    { id: 'a', plate: 'PDX 3' },
    { id: 'b', plate: '' },
    { id: 'c', plate: 'PDX 1' },
    { id: 'd', plate: 'pdx 1' },
  ];
  const columns = [{ accessor: 'plate', sortValue: (row: (typeof rows)[number]) => row.plate }];

  it('sorts by the named column, empty last, ties in their order, either way', () => {
    const ids = (sorted: readonly { id: string }[]) => sorted.map((row) => row.id);
    const ascending = { columnAccessor: 'plate', direction: 'asc' } as const;
    expect(ids(sortByColumn(rows, columns, ascending))).toEqual(['c', 'd', 'a', 'b']);
    const descending = { columnAccessor: 'plate', direction: 'desc' } as const;
    expect(ids(sortByColumn(rows, columns, descending))).toEqual(['a', 'c', 'd', 'b']);
  });

  it('hands back the same rows when no column that sorts is named', () => {
    expect(sortByColumn(rows, columns, undefined)).toBe(rows);
    expect(sortByColumn(rows, columns, { columnAccessor: 'id', direction: 'asc' })).toBe(rows);
  });
});
