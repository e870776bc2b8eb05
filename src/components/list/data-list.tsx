import 'mantine-datatable/styles.layer.css';
import { Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  DataTable,
  useDataTableColumns,
  type DataTableColumn,
  type DataTableSortProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { useMemo, useState, type ReactNode } from 'react';
import type { Page } from '@/api/paging';
import { ListColumnsMenu } from './list-columns-menu';
import { compareSortValues, type SortValue } from './list-sort';
import { emptyListText, ListError } from './list-states';

/** A column of a list: mantine-datatable's column, plus how it sorts and exports. */
export type ListColumn<Row> = DataTableColumn<Row> & {
  /** The value loaded rows sort by when the service cannot sort (see `localSort`). */
  sortValue?: (row: Row) => SortValue;
  /** The cell's value in an exported file; without it the column is left out of exports. */
  exportValue?: (row: Row) => string | number | Date | null | undefined;
};

/** What a list needs of its query: react-query's result fits as it is. */
export interface ListResult<Row> {
  data?: Page<Row>;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Sorting done by the service, its state kept in the URL by the page. */
export interface ServerSort {
  status: DataTableSortStatus<unknown>;
  onChange: (status: DataTableSortStatus<unknown>) => void;
}

export interface DataListProps<Row> {
  /** The table's accessible name, e.g. "Vehicles". */
  label: string;
  /** What the rows are, in the plural and lower case: "vehicles". */
  noun: string;
  /** Names the stored column choice; also the saved views' key. */
  storeKey: string;
  list: ListResult<Row>;
  columns: ListColumn<Row>[];
  idAccessor: (keyof Row & string) | ((row: Row) => string | number);
  paging: {
    page: number;
    pageSize: number;
    setPage: (page: number) => void;
    setPageSize: (pageSize: number) => void;
    pageSizes?: number[];
  };
  /** Whether any filter is set: the empty state then says that nothing matches. */
  filtered: boolean;
  /** The list's filter controls; on a phone they fold behind a button. */
  filters?: ReactNode;
  /** Buttons beside the column menu (export, bulk actions). */
  actions?: ReactNode;
  emptyText?: string;
  /** Shown in place of the rows while the filters cannot be sent (why, and what to change). */
  notice?: ReactNode;
  serverSort?: ServerSort;
  selection?: {
    selectedRecords: Row[];
    onSelectedRecordsChange: (rows: Row[]) => void;
  };
}

const DEFAULT_PAGE_SIZES = [10, 25, 50, 100];
/** Where the phone layout starts: filters fold away and the toolbar stacks. */
const PHONE_QUERY = '(max-width: 48em)';

/**
 * The one list every list page shows: its filters, column choice, paging in the URL, loading that
 * keeps the previous rows, empty and error states, and the phone layout. A page declares its
 * columns, filters and query, and nothing else.
 */
export function DataList<Row>({
  label,
  noun,
  storeKey,
  list,
  columns,
  idAccessor,
  paging,
  filtered,
  filters,
  actions,
  emptyText,
  notice,
  serverSort,
  selection,
}: DataListProps<Row>) {
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const storeColumnsKey = `list-columns:${storeKey}`;
  // Columns are chosen and ordered in the Columns menu only: the table's own header handles for
  // that are unlabelled buttons nested in the header, which screen readers cannot use.
  const columnState = useDataTableColumns<Row>({ key: storeColumnsKey, columns });

  const sortableLocally = !serverSort && columns.some((column) => column.sortValue);
  const [localSort, setLocalSort] = useState<DataTableSortStatus<Row> | undefined>();
  const page = list.data;
  const records = useMemo(() => {
    const items = page?.items ?? [];
    const sortColumn = localSort && columns.find((c) => c.accessor === localSort.columnAccessor);
    if (!localSort || !sortColumn?.sortValue) return items;
    const valueOf = sortColumn.sortValue;
    const direction = localSort.direction === 'asc' ? 1 : -1;
    return [...items].sort((a, b) => direction * compareSortValues(valueOf(a), valueOf(b)));
  }, [page, localSort, columns]);

  const effectiveColumns = columnState.effectiveColumns.map((column) => {
    const listColumn = columns.find((c) => c.accessor === column.accessor);
    return {
      ...column,
      sortable: serverSort ? column.sortable : !!listColumn?.sortValue,
    };
  });

  const sortProps: DataTableSortProps<Row> = serverSort
    ? {
        sortStatus: serverSort.status as DataTableSortStatus<Row>,
        onSortStatusChange: (status) => serverSort.onChange(status as DataTableSortStatus<unknown>),
      }
    : sortableLocally
      ? {
          sortStatus: localSort ?? { columnAccessor: '', direction: 'asc' },
          onSortStatusChange: setLocalSort,
        }
      : {};

  // Without a total (some services do not count) the pager still offers the next page.
  const totalRecords =
    page?.total ??
    (page ? page.pageIndex * page.pageSize + page.items.length + (page.hasMore ? 1 : 0) : 0);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        {filters && isPhone ? (
          <Button variant="default" size="sm" onClick={toggleFilters} aria-expanded={filtersOpen}>
            {filtersOpen ? 'Hide filters' : filtered ? 'Filters (on)' : 'Filters'}
          </Button>
        ) : (
          filters && (
            <Group align="flex-end" wrap="wrap" gap="sm">
              {filters}
            </Group>
          )
        )}
        <Group gap="xs" ml="auto" wrap="wrap">
          {actions}
          <ListColumnsMenu<Row>
            columns={columns}
            toggles={columnState.columnsToggle}
            onToggle={columnState.setColumnsToggle}
            order={columnState.columnsOrder}
            onOrder={columnState.setColumnsOrder}
            onReset={() => {
              columnState.resetColumnsToggle();
              columnState.resetColumnsOrder();
              columnState.resetColumnsWidth();
            }}
          />
        </Group>
      </Group>
      {filters && isPhone && (
        <Collapse expanded={filtersOpen}>
          <Stack gap="sm">{filters}</Stack>
        </Collapse>
      )}
      {sortableLocally && localSort && (
        <Text size="xs" c="dimmed">
          Sorted on this page only: the service lists {noun} in its own order and cannot sort them.
        </Text>
      )}
      {notice ? (
        notice
      ) : list.error ? (
        <ListError noun={noun} list={list} />
      ) : (
        <DataTable<Row>
          aria-label={label}
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={200}
          storeColumnsKey={storeColumnsKey}
          idAccessor={idAccessor}
          records={records}
          fetching={list.isFetching}
          loaderType="dots"
          noRecordsText={emptyText ?? emptyListText(noun, filtered)}
          totalRecords={totalRecords}
          recordsPerPage={paging.pageSize}
          page={paging.page}
          onPageChange={paging.setPage}
          recordsPerPageOptions={paging.pageSizes ?? DEFAULT_PAGE_SIZES}
          onRecordsPerPageChange={paging.setPageSize}
          recordsPerPageLabel="Rows per page"
          paginationText={({ from, to, totalRecords: total }) =>
            page?.total === null ? `${from}–${to}` : `${from}–${to} of ${total}`
          }
          columns={effectiveColumns}
          {...sortProps}
          {...(selection
            ? {
                selectedRecords: selection.selectedRecords,
                onSelectedRecordsChange: selection.onSelectedRecordsChange,
                allRecordsSelectionCheckboxProps: { 'aria-label': `Select every ${noun} shown` },
                selectionCheckboxProps: { 'aria-label': 'Select row' },
              }
            : {})}
        />
      )}
    </Stack>
  );
}
