import {
  getValueAtPath,
  useDataTableColumns,
  type DataTableColumn,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { createElement, useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { BulkAction } from '@/api/bulk-action';
import type { ExportColumn } from '@/api/list-export';
import { loadAllMatching } from '@/api/load-all-matching';
import type { Page, PageRequest } from '@/api/paging';
import { unreadableField } from '@/api/read-report';
import { UnreadableValue } from '@/components/unreadable-value';
import { LIST_PAGE_SIZES } from '@/lib/search-params';
import { sortByColumn, type SortValue } from './list-sort';
import { applyViewColumns, columnSettingsKey, columnsFromParam } from './saved-views';
import type { ListViewsBinding } from './use-list-url';
import { useRowSelection, type RowSelection } from './use-row-selection';

/** A column of a list: mantine-datatable's column, plus how it sorts and exports. */
export type ListColumn<Row> = DataTableColumn<Row> & {
  /** The value rows sort by where the console sorts them: the loaded page, or an InBrowserList. */
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

/**
 * The rows arrive sorted: by the service, or by the page over every row it holds in the browser
 * (see InBrowserList). The list shows the choice and asks for another; it does not sort them.
 */
interface PresortedRows {
  status: DataTableSortStatus<unknown>;
  onChange: (status: DataTableSortStatus<unknown>) => void;
}

/** Paging as the URL (`useListUrl`) or a page's own state keeps it. */
export interface ListPaging {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  pageSizes?: readonly number[];
  /** Saved views and shared links; lists whose state is not in the URL go without. */
  views?: ListViewsBinding;
}

/** Reads any page of the list with the current filter: for exports and select-all-matching. */
interface ListExportAll<Row> {
  fetchPage: (page: PageRequest, signal: AbortSignal) => Promise<Page<Row>>;
  /** The largest page the service accepts, so an export costs few requests. */
  pageSize?: number;
  /** While the rows it would read are not there yet (a list read whole, a search index). */
  disabled?: boolean;
  /** What the file is named after when the noun alone does not say it (see ListExportButton). */
  fileName?: string;
  /** Columns only the file holds, after the shown ones (e.g. the window a ranking covers). */
  moreColumns?: readonly ExportColumn<Row>[];
}

export interface ListControllerOptions<Row> {
  /** The table's accessible name, e.g. "Vehicles". */
  label: string;
  /** What the rows are, in the plural and lower case: "vehicles"; by default the label's words. */
  noun?: string;
  /** Names the stored column choice; also the saved views' key. */
  storeKey: string;
  list: ListResult<Row>;
  columns: ListColumn<Row>[];
  idAccessor: (keyof Row & string) | ((row: Row) => string | number);
  paging: ListPaging;
  /** Whether any filter is set: the empty state then says that nothing matches. */
  filtered?: boolean;
  /** Clears every filter: shown as "Clear filters" while any is set. */
  clearFilters?: () => void;
  exportAll?: ListExportAll<Row>;
  /** Without it, the list sorts the loaded page by the columns' `sortValue`. */
  presorted?: PresortedRows;
  /** Row selection (one, a range with Shift, all matching the filter) and what can be done to it. */
  bulk?: {
    actions: BulkAction<Row>[];
    /** How a row is named in previews and reports. */
    describeRow: (row: Row) => string;
  };
}

/**
 * Everything a list is besides its look: its rows (sorted here when the service cannot), paging,
 * filters, the columns chosen and their order, saved views and shared links, the export's columns,
 * and row selection with select-all-matching. `DataList` draws it.
 */
export interface ListController<Row> {
  label: string;
  noun: string;
  storeKey: string;
  storeColumnsKey: string;
  list: ListResult<Row>;
  idAccessor: ListControllerOptions<Row>['idAccessor'];
  /** The rows to draw: the page, sorted on it when the list sorts locally. */
  records: Row[];
  /** What the pager counts; without a total it still offers the next page. */
  totalRecords: number;
  paging: ListPaging & { pageSizes: readonly number[] };
  filtered: boolean;
  clearFilters?: () => void;
  columns: {
    all: ListColumn<Row>[];
    state: ReturnType<typeof useDataTableColumns<Row>>;
    /** The shown columns' accessors, in their order. */
    shown: string[];
    /** Shows these columns in this order (a saved view's choice). */
    apply: (viewColumns: string[]) => void;
    /** mantine-datatable's columns with each one's sortability. */
    effective: DataTableColumn<Row>[];
  };
  /** Sorting: before the rows arrive (by the service or over every row), on the loaded page, or none. */
  sort:
    | {
        kind: 'presorted';
        status: DataTableSortStatus<Row>;
        onChange: (s: DataTableSortStatus<Row>) => void;
      }
    | {
        kind: 'local';
        status: DataTableSortStatus<Row> | undefined;
        onChange: (s: DataTableSortStatus<Row>) => void;
      }
    | { kind: 'none' };
  /** The export's columns: the shown ones in their order, then the file's own. */
  exportColumns: ExportColumn<Row>[];
  exportAll?: ListExportAll<Row>;
  bulk?: ListControllerOptions<Row>['bulk'];
  selection: RowSelection<Row>;
  /** Every row of the page shown is chosen: the moment to offer all matching rows. */
  wholePageSelected: boolean;
  /** How many rows match the filter, when the service says. */
  totalMatching: number | null;
  /** Chooses every row matching the filter (read page by page, up to a cap). */
  selectAllMatching: () => Promise<void>;
}

/**
 * A cell whose field the console could not read shows "—" with why (see api/tolerant-read.ts),
 * whatever the column draws otherwise.
 */
function withUnreadableCell<Row>(column: DataTableColumn<Row>): DataTableColumn<Row>['render'] {
  const field = String(column.accessor);
  const render = column.render;
  return (row, index) => {
    // 'change.updatedDate' names the field updatedDate of the row's change.
    const dot = field.lastIndexOf('.');
    const record = dot < 0 ? row : getValueAtPath(row, field.slice(0, dot));
    const unreadable = unreadableField(record, field.slice(dot + 1));
    if (unreadable) return createElement(UnreadableValue, { field: unreadable });
    if (render) return render(row, index);
    const value = getValueAtPath(row, field);
    return value === null || value === undefined ? '' : String(value);
  };
}

export function useListController<Row>({
  label,
  noun = label.toLowerCase(),
  storeKey,
  list,
  columns,
  idAccessor,
  paging,
  filtered = false,
  clearFilters,
  exportAll,
  presorted,
  bulk,
}: ListControllerOptions<Row>): ListController<Row> {
  const storeColumnsKey = useMemo(() => columnSettingsKey(storeKey), [storeKey]);
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
  const applySharedColumns = useEffectEvent((param: string, accessors: string[]) => {
    const shared = columnsFromParam(param, accessors);
    if (shared.length) applyColumns(shared);
    views?.clearSharedColumns();
  });
  useEffect(() => {
    if (sharedColumns) applySharedColumns(sharedColumns, allAccessorsKey.split(','));
  }, [sharedColumns, allAccessorsKey]);

  // An export holds what the list shows: its shown columns, in their order.
  const exportColumns = shownColumns.flatMap((accessor) => {
    const column = columns.find((c) => c.accessor === accessor);
    const value = column?.exportValue;
    if (!value) return [];
    return [{ title: typeof column.title === 'string' ? column.title : accessor, value }];
  });

  // Selection stays over page changes (a range can span pages) and ends with a filter change.
  const keyOf = useCallback(
    (row: Row) => String(typeof idAccessor === 'function' ? idAccessor(row) : row[idAccessor]),
    [idAccessor],
  );
  const selection = useRowSelection<Row>({
    keyOf,
    resetKey: JSON.stringify(views?.filters ?? null),
  });
  const pageRows = page?.items ?? [];
  const wholePageSelected =
    pageRows.length > 0 && pageRows.every((row) => selection.keys.has(keyOf(row)));
  const selectAllMatching = () =>
    exportAll
      ? selection.selectAllMatching((signal) =>
          loadAllMatching((request) => exportAll.fetchPage(request, signal)),
        )
      : Promise.resolve();

  const sortableLocally = !presorted && columns.some((column) => column.sortValue);
  const [localSort, setLocalSort] = useState<DataTableSortStatus<Row> | undefined>();
  const records = useMemo(
    () => sortByColumn(page?.items ?? [], columns, localSort),
    [page, localSort, columns],
  );

  const effectiveColumns = columnState.effectiveColumns.map((column) => {
    const listColumn = columns.find((c) => c.accessor === column.accessor);
    return {
      ...column,
      sortable: presorted ? column.sortable : !!listColumn?.sortValue,
      render: withUnreadableCell(column),
    };
  });

  const sort: ListController<Row>['sort'] = presorted
    ? {
        kind: 'presorted',
        // What sorts the rows names columns by accessor, whatever the row type.
        status: presorted.status as DataTableSortStatus<Row>,
        onChange: (status) => presorted.onChange(status as DataTableSortStatus<unknown>),
      }
    : sortableLocally
      ? { kind: 'local', status: localSort, onChange: setLocalSort }
      : { kind: 'none' };

  return {
    label,
    noun,
    storeKey,
    storeColumnsKey,
    list,
    idAccessor,
    records,
    totalRecords:
      page?.total ??
      (page ? page.pageIndex * page.pageSize + page.items.length + (page.hasMore ? 1 : 0) : 0),
    paging: { ...paging, pageSizes: paging.pageSizes ?? LIST_PAGE_SIZES },
    filtered,
    clearFilters,
    columns: {
      all: columns,
      state: columnState,
      shown: shownColumns,
      apply: applyColumns,
      effective: effectiveColumns,
    },
    sort,
    exportColumns: [...exportColumns, ...(exportAll?.moreColumns ?? [])],
    exportAll,
    bulk,
    selection,
    wholePageSelected,
    totalMatching: page?.total ?? null,
    selectAllMatching,
  };
}
