import { UnstyledButton } from '@mantine/core';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { useLayoutEffect, type ReactNode } from 'react';
import classes from './sortable-headers.module.css';

type SortChange<Row> = (status: DataTableSortStatus<Row>) => void;

/**
 * mantine-datatable makes a sortable header cell itself a button (`th role=button`), so a screen
 * reader hears a button where a column header belongs and no sort order. Here the header cell
 * stays a column header with `aria-sort` (see useAriaSort), and a real button inside it sorts.
 */
export function withSortButtons<Row>(
  columns: readonly DataTableColumn<Row>[],
  status: DataTableSortStatus<Row> | undefined,
  onChange: SortChange<Row> | undefined,
): DataTableColumn<Row>[] {
  if (!onChange) return [...columns];
  return columns.map((column) => {
    if (!column.sortable) return column;
    const sorted = status?.columnAccessor === column.accessor;
    // As mantine-datatable turns it: the sorted column flips, another keeps the direction.
    const direction = sorted
      ? status.direction === 'asc'
        ? 'desc'
        : 'asc'
      : (status?.direction ?? 'asc');
    return {
      ...column,
      sortable: false,
      title: (
        <SortButton
          sortedAlready={sorted}
          onClick={() =>
            onChange({ columnAccessor: column.accessor, sortKey: column.sortKey, direction })
          }
        >
          {column.title ?? String(column.accessor)}
        </SortButton>
      ),
    };
  });
}

function SortButton({
  sortedAlready,
  onClick,
  children,
}: {
  /** The table draws the sorted column's arrow; the others get a faint one, as a hint. */
  sortedAlready: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <UnstyledButton
      className={classes.button}
      data-unsorted={sortedAlready ? undefined : true}
      onClick={onClick}
    >
      {children}
    </UnstyledButton>
  );
}

/** Marks the sorted column's header cell with `aria-sort`, which the table cannot be told to set. */
export function useAriaSort<Row>(
  table: HTMLTableElement | null,
  status: DataTableSortStatus<Row> | undefined,
): void {
  // Every render: the header cells are redrawn when columns are shown, hidden or moved.
  useLayoutEffect(() => {
    const headerCells = table?.querySelectorAll<HTMLTableCellElement>('thead th[data-accessor]');
    headerCells?.forEach((cell) => {
      if (status && cell.dataset.accessor === String(status.columnAccessor)) {
        cell.setAttribute('aria-sort', status.direction === 'asc' ? 'ascending' : 'descending');
      } else cell.removeAttribute('aria-sort');
    });
  });
}
