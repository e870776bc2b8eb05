import { useMemo, useState } from 'react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { pageOfRows } from '@/api/paging';
import { DataList, type ListColumn, type ListResult } from '@/components/list/data-list';
import { compareSortValues } from '@/components/list/list-sort';
import { useListController } from '@/components/list/use-list-controller';
import type { ListUrl } from '@/components/list/use-list-url';
import type { CoachingSearch } from './coaching-search';

/** No column chosen: the rows keep the order the page gives them (most overdue first). */
const UNSORTED: DataTableSortStatus<unknown> = { columnAccessor: '', direction: 'asc' };

/**
 * One list of the backlog page. Its rows are all in the browser (read whole), so it sorts and
 * exports all of them, not a page.
 */
export function BacklogList<Row>({
  label,
  noun,
  storeKey,
  rows,
  columns,
  idAccessor,
  read,
  url,
  filtered,
  emptyText,
}: {
  label: string;
  noun: string;
  storeKey: string;
  /** Undefined until the read is in. */
  rows: readonly Row[] | undefined;
  columns: ListColumn<Row>[];
  idAccessor: (row: Row) => string;
  read: { error: unknown; refetch: () => unknown };
  url: ListUrl<CoachingSearch>;
  filtered: boolean;
  emptyText: string;
}) {
  const [sort, setSort] = useState<DataTableSortStatus<unknown>>(UNSORTED);
  const sortedRows = useMemo(() => {
    const valueOf = columns.find((column) => column.accessor === sort.columnAccessor)?.sortValue;
    if (!rows || !valueOf) return rows;
    const direction = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => direction * compareSortValues(valueOf(a), valueOf(b)));
  }, [rows, columns, sort]);
  const { page, pageSize } = url;
  const list: ListResult<Row> = {
    data: sortedRows && pageOfRows(sortedRows, { pageIndex: page - 1, pageSize }),
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
      disabled: !sortedRows,
    },
    // Sorted here over every row, as a service would sort.
    serverSort: {
      status: sort,
      onChange: (next) => {
        setSort(next);
        url.setPage(1);
      },
    },
  });
  return <DataList<Row> controller={controller} countNoun={noun} emptyText={emptyText} />;
}
