import type { DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState, type ReactNode } from 'react';
import { pageOfRows } from '@/api/paging';
import type { ReadReport } from '@/api/read-report';
import { DataList } from './data-list';
import { sortByColumn } from './list-sort';
import {
  useListController,
  type ListColumn,
  type ListPaging,
  type ListResult,
} from './use-list-controller';

/** No column chosen: the rows keep the order the page gives them (its own ranking). */
const UNSORTED: DataTableSortStatus<unknown> = { columnAccessor: '', direction: 'asc' };

export interface InBrowserListProps<Row> {
  label: string;
  noun: string;
  storeKey: string;
  /** Undefined until the first rows are in; they may grow while a background read goes on. */
  rows: readonly Row[] | undefined;
  columns: ListColumn<Row>[];
  idAccessor: (row: Row) => string;
  read: { error: unknown; refetch: () => unknown };
  /** Every row is read: the file can hold the whole list (by default, once there are rows). */
  complete?: boolean;
  /** Its paging, as the address keeps it (`useListUrl`). */
  url: ListPaging;
  filtered: boolean;
  emptyText: string;
  status?: ReactNode;
  /** The list's own filter controls (its rows arrive filtered). */
  filters?: ReactNode;
  /** What the read of the rows could not read (see `CollectedList`). */
  readReport?: ReadReport | null;
}

/**
 * A list whose rows are all in the browser (read whole, or growing while read in the background):
 * it sorts, pages and exports every row, as a service would, not only the page shown.
 */
export function InBrowserList<Row>({
  label,
  noun,
  storeKey,
  rows,
  columns,
  idAccessor,
  read,
  complete = rows !== undefined,
  url,
  filtered,
  emptyText,
  status,
  filters,
  readReport,
}: InBrowserListProps<Row>) {
  const [sort, setSort] = useState<DataTableSortStatus<unknown>>(UNSORTED);
  const sortedRows = useMemo(
    () => rows && sortByColumn(rows, columns, sort),
    [rows, columns, sort],
  );
  const { page, pageSize } = url;
  const list: ListResult<Row> = {
    data: sortedRows && {
      ...pageOfRows(sortedRows, { pageIndex: page - 1, pageSize }),
      readReport,
    },
    // The rows read so far stay in view (no overlay) while the rest arrive.
    isFetching: !sortedRows && !read.error,
    error: read.error,
    refetch: read.refetch,
  };
  const controller = useListController<Row>({
    label,
    noun,
    storeKey,
    list,
    columns,
    idAccessor,
    paging: url,
    filtered,
    exportAll: {
      fetchPage: (request) => Promise.resolve(pageOfRows(sortedRows ?? [], request)),
      disabled: !complete,
    },
    // Sorted here over every row before paging, as a service would sort.
    presorted: {
      status: sort,
      onChange: (next) => {
        setSort(next);
        url.setPage(1);
      },
    },
  });
  return (
    <DataList<Row>
      controller={controller}
      countNoun={noun}
      emptyText={emptyText}
      status={status}
      filters={filters}
    />
  );
}
