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
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Page, PageRequest } from '@/api/paging';
import { BulkActionsMenu } from '@/components/bulk/bulk-actions-menu';
import type { BulkAction } from '@/api/bulk-action';
import { loadAllMatching } from '@/api/load-all-matching';
import { LIST_PAGE_SIZES } from '@/lib/search-params';
import { ListColumnsMenu } from './list-columns-menu';
import type { ExportColumn } from '@/api/list-export';
import { ListExportButton } from './list-export-button';
import { SavedViewsMenu } from './saved-views-menu';
import { applyViewColumns, columnsFromParam } from './saved-views';
import type { ListViewsBinding } from './use-list-url';
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
  /** What the rows are, in the plural and lower case: "vehicles"; by default the label's words. */
  noun?: string;
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
    pageSizes?: readonly number[];
    /** Saved views and shared links; lists whose state is not in the URL go without. */
    views?: ListViewsBinding;
  };
  /** Whether any filter is set: the empty state then says that nothing matches. */
  filtered: boolean;
  /** The list's filter controls; on a phone they fold behind a button. */
  filters?: ReactNode;
  /** Clears every filter: shown as "Clear filters" while any is set. */
  clearFilters?: () => void;
  /** Buttons beside the column menu (export, bulk actions). */
  actions?: ReactNode;
  emptyText?: string;
  /** Reads any page of the list with the current filter: offers CSV and Excel of all of it. */
  exportAll?: {
    fetchPage: (page: PageRequest, signal: AbortSignal) => Promise<Page<Row>>;
    /** The largest page the service accepts, so an export costs few requests. */
    pageSize?: number;
    /** While the rows it would read are not there yet (a list read whole, a search index). */
    disabled?: boolean;
    /** What the file is named after when the noun alone does not say it (see ListExportButton). */
    fileName?: string;
    /** Columns only the file holds, after the shown ones (e.g. the window a ranking covers). */
    moreColumns?: readonly ExportColumn<Row>[];
  };
  /** Said after the total in the pager ("1–25 of 120 changes"); without it the pager shows numbers. */
  countNoun?: string;
  /** Shown in place of the rows while the filters cannot be sent (why, and what to change). */
  notice?: ReactNode;
  /** A line above the rows about where they come from (a search: what it looked through). */
  status?: ReactNode;
  serverSort?: ServerSort;
  /** Row selection (one, a range with Shift, all matching the filter) and what can be done to it. */
  bulk?: {
    actions: BulkAction<Row>[];
    /** How a row is named in previews and reports. */
    describeRow: (row: Row) => string;
  };
}

/** Where the phone layout starts: filters fold away and the toolbar stacks. */
const PHONE_QUERY = '(max-width: 48em)';

/**
 * The one list every list page shows: its filters, column choice, paging in the URL, loading that
 * keeps the previous rows, empty and error states, and the phone layout. A page declares its
 * columns, filters and query, and nothing else.
 */
export function DataList<Row>({
  label,
  noun = label.toLowerCase(),
  storeKey,
  list,
  columns,
  idAccessor,
  paging,
  filtered,
  filters: filterControls,
  clearFilters,
  actions,
  emptyText,
  exportAll,
  countNoun,
  notice,
  status,
  serverSort,
  bulk,
}: DataListProps<Row>) {
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const filters = filterControls && (
    <>
      {filterControls}
      {filtered && clearFilters && (
        <Button variant="subtle" onClick={clearFilters}>
          Clear filters
        </Button>
      )}
    </>
  );
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const storeColumnsKey = `list-columns:${storeKey}`;
  // Choice and order are made in the Columns menu (keyboard and screen readers reach it), so the
  // headers carry no drag handles or toggle icons of their own.
  const columnState = useDataTableColumns<Row>({ key: storeColumnsKey, columns });
  const page = list.data;

  const allAccessors = columns.map((column) => String(column.accessor));
  const allAccessorsKey = allAccessors.join(',');
  const orderedAccessors = columnState.columnsOrder.length
    ? columnState.columnsOrder
    : allAccessors;
  const shownColumns = orderedAccessors.filter(
    (accessor) =>
      columnState.columnsToggle.find((toggle) => toggle.accessor === accessor)?.toggled ?? true,
  );
  const applyColumns = (viewColumns: string[]) => {
    const { order, shown } = applyViewColumns(viewColumns, allAccessors);
    columnState.setColumnsOrder(order);
    columnState.setColumnsToggle(
      allAccessors.map((accessor) => ({
        accessor,
        defaultToggle: true,
        toggleable: true,
        toggled: shown.has(accessor),
      })),
    );
  };
  // A shared link's columns are applied once, then leave the URL so a reload keeps the user's.
  const views = paging.views;
  const sharedColumns = views?.sharedColumns;
  const latest = useRef({ applyColumns, clearSharedColumns: views?.clearSharedColumns });
  useEffect(() => {
    latest.current = { applyColumns, clearSharedColumns: views?.clearSharedColumns };
  });
  useEffect(() => {
    if (!sharedColumns) return;
    const shared = columnsFromParam(sharedColumns, allAccessorsKey.split(','));
    if (shared.length) latest.current.applyColumns(shared);
    latest.current.clearSharedColumns?.();
  }, [sharedColumns, allAccessorsKey]);

  // An export holds what the list shows: its shown columns, in their order.
  const exportColumns = shownColumns.flatMap((accessor) => {
    const column = columns.find((c) => c.accessor === accessor);
    const value = column?.exportValue;
    if (!value) return [];
    return [{ title: typeof column.title === 'string' ? column.title : accessor, value }];
  });

  // Selection stays over page changes (a range can span pages) and ends with a filter change.
  const [selected, setSelected] = useState<Row[]>([]);
  const filtersKey = JSON.stringify(views?.filters ?? null);
  const [selectionFilters, setSelectionFilters] = useState(filtersKey);
  if (filtersKey !== selectionFilters) {
    setSelectionFilters(filtersKey);
    setSelected([]);
  }
  const [selectingAll, setSelectingAll] = useState<{ partial: boolean } | 'loading' | null>(null);
  const idOf = (row: Row): unknown =>
    typeof idAccessor === 'function' ? idAccessor(row) : row[idAccessor];
  const pageRows = page?.items ?? [];
  const wholePageSelected =
    pageRows.length > 0 &&
    pageRows.every((row) => selected.some((chosen) => idOf(chosen) === idOf(row)));
  const totalMatching = page?.total ?? null;
  const selectAllMatching = async () => {
    if (!exportAll) return;
    setSelectingAll('loading');
    const controller = new AbortController();
    try {
      const { items, complete } = await loadAllMatching((request) =>
        exportAll.fetchPage(request, controller.signal),
      );
      setSelected(items);
      setSelectingAll({ partial: !complete });
    } catch {
      setSelectingAll(null);
    }
  };

  const sortableLocally = !serverSort && columns.some((column) => column.sortValue);
  const [localSort, setLocalSort] = useState<DataTableSortStatus<Row> | undefined>();
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
          {/* A phone's toolbar stays one row: the bulk menu appears once rows are chosen. */}
          {bulk && (!isPhone || selected.length > 0) && (
            <BulkActionsMenu<Row>
              actions={bulk.actions}
              selectedRows={selected}
              describeRow={bulk.describeRow}
              onFinished={() => {
                setSelected([]);
                setSelectingAll(null);
              }}
            />
          )}
          {actions}
          {exportAll && (
            <ListExportButton<Row>
              what={noun}
              label={label}
              filtered={filtered}
              fetchPage={exportAll.fetchPage}
              pageSize={exportAll.pageSize}
              disabled={exportAll.disabled}
              fileName={exportAll.fileName}
              columns={[...exportColumns, ...(exportAll.moreColumns ?? [])]}
            />
          )}
          {views && (
            <SavedViewsMenu
              listKey={storeKey}
              binding={views}
              shownColumns={shownColumns}
              applyColumns={applyColumns}
            />
          )}
          {/* A phone shows its own short set of columns, so there is nothing to choose there. */}
          {!isPhone && (
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
          )}
        </Group>
      </Group>
      {filters && isPhone && (
        <Collapse expanded={filtersOpen}>
          <Stack gap="sm">{filters}</Stack>
        </Collapse>
      )}
      {status}
      {bulk && selected.length > 0 && (
        <Group gap="sm" wrap="wrap" aria-live="polite">
          <Text size="sm">
            {selected.length.toLocaleString()} selected
            {selectingAll && selectingAll !== 'loading' && selectingAll.partial
              ? ' (the first ones only: narrow the filter to reach the rest)'
              : ''}
          </Text>
          {wholePageSelected &&
            exportAll &&
            totalMatching !== null &&
            totalMatching > selected.length && (
              <Button
                variant="subtle"
                size="compact-sm"
                loading={selectingAll === 'loading'}
                onClick={() => void selectAllMatching()}
              >
                Select all {totalMatching.toLocaleString()} matching
              </Button>
            )}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setSelected([]);
              setSelectingAll(null);
            }}
          >
            Clear selection
          </Button>
        </Group>
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
          // A phone's few columns and the selection boxes fit its width with tighter cells.
          horizontalSpacing={isPhone ? 6 : 'xs'}
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
          recordsPerPageOptions={[...(paging.pageSizes ?? LIST_PAGE_SIZES)]}
          onRecordsPerPageChange={paging.setPageSize}
          recordsPerPageLabel="Rows per page"
          paginationText={({ from, to, totalRecords: total }) => {
            const range = page?.total === null ? `${from}–${to}` : `${from}–${to} of ${total}`;
            return countNoun ? `${range} ${countNoun}` : range;
          }}
          columns={effectiveColumns}
          {...sortProps}
          {...(bulk
            ? {
                selectedRecords: selected,
                onSelectedRecordsChange: setSelected,
                allRecordsSelectionCheckboxProps: { 'aria-label': `Select all ${noun} shown` },
                getRecordSelectionCheckboxProps: (row: Row) => ({
                  'aria-label': `Select ${bulk.describeRow(row)}`,
                }),
              }
            : {})}
        />
      )}
    </Stack>
  );
}
