/**
 * What a column sorts by: text compares by locale, numbers and dates by value; empty (never
 * connected, no plate) goes last in either direction, so a descending sort does not open on blanks.
 */
export type SortValue = string | number | Date | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

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
      : collator.compare(String(aValue), String(bValue));
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
