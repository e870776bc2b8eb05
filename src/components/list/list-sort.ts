import { compareText } from '@/lib/collate';

/**
 * What a column sorts by: text compares by locale, numbers and dates by value; empty (never
 * connected, no plate) goes last in either direction, so a descending sort does not open on blanks.
 */
export type SortValue = string | number | Date | null | undefined;

export function compareSortValues(
  a: SortValue,
  b: SortValue,
  direction: 'asc' | 'desc' = 'asc',
): number {
  const aEmpty = isEmptySortValue(a);
  const bEmpty = isEmptySortValue(b);
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const aValue = a instanceof Date ? a.getTime() : a;
  const bValue = b instanceof Date ? b.getTime() : b;
  const order =
    typeof aValue === 'number' && typeof bValue === 'number'
      ? aValue - bValue
      : compareText(String(aValue), String(bValue));
  return direction === 'asc' ? order : -order;
}

function isEmptySortValue(value: SortValue): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (value instanceof Date && Number.isNaN(value.getTime()))
  );
}

/**
 * The rows in the order of `valueOf`, each row's value read once; rows that tie keep their order.
 * Every list sorts with it: the page a list controller holds, the whole list a page reads.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  valueOf: (row: Row) => SortValue,
  direction: 'asc' | 'desc',
): Row[] {
  return rows
    .map((row) => ({ row, value: valueOf(row) }))
    .sort((a, b) => compareSortValues(a.value, b.value, direction))
    .map(({ row }) => row);
}

/** A column as far as sorting goes: its accessor, and the value it sorts by (see ListColumn). */
interface SortableColumn<Row> {
  accessor: unknown;
  sortValue?: (row: Row) => SortValue;
}

/**
 * The rows sorted by the column a sort status names; the same rows, untouched, when it names none
 * that can sort.
 */
export function sortByColumn<Row, Rows extends readonly Row[]>(
  rows: Rows,
  columns: readonly SortableColumn<Row>[],
  status: { columnAccessor: unknown; direction: 'asc' | 'desc' } | undefined,
): Rows | Row[] {
  const valueOf =
    status && columns.find((column) => column.accessor === status.columnAccessor)?.sortValue;
  return valueOf ? sortRows(rows, valueOf, status.direction) : rows;
}
