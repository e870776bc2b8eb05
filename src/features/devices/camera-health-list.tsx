import { useMemo, useState, type ReactNode } from 'react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { pageOfRows } from '@/api/paging';
import { DataList, type ListColumn, type ListResult } from '@/components/list/data-list';
import { compareSortValues } from '@/components/list/list-sort';
import { useListController } from '@/components/list/use-list-controller';
import type { ListUrl } from '@/components/list/use-list-url';
import type { DevicesSearch } from './devices-search';

/** No column chosen: the rows keep the order the view gives them (most urgent first). */
const UNSORTED: DataTableSortStatus<unknown> = { columnAccessor: '', direction: 'asc' };

/**
 * One list of the camera-health view. Its rows are all in the browser (read in the background),
 * so it sorts and exports all of them, not a page; the rows grow while the read goes on.
 */
export function CameraHealthList<Row>({
  label,
  noun,
  storeKey,
  rows,
  columns,
  idAccessor,
  read,
  complete,
  url,
  emptyText,
  status,
}: {
  label: string;
  noun: string;
  storeKey: string;
  /** Undefined until the first page is in. */
  rows: readonly Row[] | undefined;
  columns: ListColumn<Row>[];
  idAccessor: (row: Row) => string;
  read: { error: unknown; refetch: () => unknown };
  /** Every page is read: the rows are final and can be exported. */
  complete: boolean;
  url: ListUrl<DevicesSearch>;
  emptyText: string;
  status?: ReactNode;
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
    filtered: !!url.search.groupId,
    exportAll: {
      fetchPage: (request) => Promise.resolve(pageOfRows(sortedRows ?? [], request)),
      // A file holds the whole list: it waits for the last page.
      disabled: !complete,
    },
    // Sorted here over every row read, as a service would sort.
    serverSort: {
      status: sort,
      onChange: (next) => {
        setSort(next);
        url.setPage(1);
      },
    },
  });
  return (
    <DataList<Row> controller={controller} countNoun={noun} emptyText={emptyText} status={status} />
  );
}
