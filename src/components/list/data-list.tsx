import 'mantine-datatable/styles.layer.css';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { DataTable, type DataTableSortProps } from 'mantine-datatable';
import { useState, type ReactNode } from 'react';
import { BulkActionsMenu } from '@/components/bulk/bulk-actions-menu';
import { ReadReportNotice } from '@/components/read-report-notice';
import { formatNumber } from '@/lib/format';
import { ListColumnsMenu } from './list-columns-menu';
import { ListExportButton } from './list-export-button';
import { emptyListText, ListError } from './list-states';
import { SavedViewsMenu } from './saved-views-menu';
import { useAriaSort, withSortButtons } from './sortable-headers';
import type { ListController } from './use-list-controller';

export type { ListColumn, ListResult } from './use-list-controller';

export interface DataListProps<Row> {
  /** The list's state and what it does (`useListController`). */
  controller: ListController<Row>;
  /** The list's filter controls; on a phone they fold behind a button. */
  filters?: ReactNode;
  /** Buttons beside the column menu (export, bulk actions). */
  actions?: ReactNode;
  emptyText?: string;
  /** Said after the total in the pager ("1–25 of 120 changes"); without it the pager shows numbers. */
  countNoun?: string;
  /** Shown in place of the rows while the filters cannot be sent (why, and what to change). */
  notice?: ReactNode;
  /** A line above the rows about where they come from (a search: what it looked through). */
  status?: ReactNode;
}

/** Where the phone layout starts: filters fold away and the toolbar stacks. */
const PHONE_QUERY = '(max-width: 48em)';

/** The pager's "1–25 of 120 changes", with the chosen language's numbers. */
function pagingText(
  { from, to, total }: { from: number; to: number; total: number | null },
  countNoun: string | undefined,
): string {
  const first = formatNumber(from);
  const last = formatNumber(to);
  if (total === null) return countNoun ? `${first}–${last} ${countNoun}` : `${first}–${last}`;
  return countNoun
    ? plural(total, {
        one: `${first}–${last} of # ${countNoun}`,
        other: `${first}–${last} of # ${countNoun}`,
      })
    : plural(total, { one: `${first}–${last} of #`, other: `${first}–${last} of #` });
}

/**
 * The one list every list page shows, drawn from its controller: its filters, column choice,
 * paging, loading that keeps the previous rows, empty and error states, selection, and the phone
 * layout.
 */
export function DataList<Row>({
  controller,
  filters: filterControls,
  actions,
  emptyText,
  countNoun,
  notice,
  status,
}: DataListProps<Row>) {
  const {
    label,
    noun,
    list,
    paging,
    filtered,
    clearFilters,
    columns,
    sort,
    exportAll,
    bulk,
    selection,
  } = controller;
  const { t } = useLingui();
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const filters = filterControls && (
    <>
      {filterControls}
      {filtered && clearFilters && (
        <Button variant="subtle" onClick={clearFilters}>
          <Trans>Clear filters</Trans>
        </Button>
      )}
    </>
  );
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const page = list.data;
  const selected = selection.rows;
  const selectedCount = selected.length;
  const selectingAll = selection.matching;
  const totalMatching = controller.totalMatching;
  const sortProps: DataTableSortProps<Row> =
    sort.kind === 'presorted'
      ? { sortStatus: sort.status, onSortStatusChange: sort.onChange }
      : sort.kind === 'local'
        ? {
            sortStatus: sort.status ?? { columnAccessor: '', direction: 'asc' },
            onSortStatusChange: sort.onChange,
          }
        : {};
  const [table, setTable] = useState<HTMLTableElement | null>(null);
  useAriaSort(table, sortProps.sortStatus);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        {filters && isPhone ? (
          <Button variant="default" size="sm" onClick={toggleFilters} aria-expanded={filtersOpen}>
            {filtersOpen ? t`Hide filters` : filtered ? t`Filters (on)` : t`Filters`}
          </Button>
        ) : (
          filters && (
            <Group align="flex-end" wrap="wrap" gap="sm">
              {filters}
            </Group>
          )
        )}
        <Group gap="xs" ml="auto" wrap="wrap">
          {bulk && (
            <BulkActionsMenu<Row>
              actions={bulk.actions}
              selectedRows={selected}
              describeRow={bulk.describeRow}
              onFinished={selection.clear}
              hideWhenIdle={isPhone}
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
              columns={controller.exportColumns}
            />
          )}
          {paging.views && (
            <SavedViewsMenu
              listKey={controller.storeKey}
              binding={paging.views}
              shownColumns={columns.shown}
              applyColumns={columns.apply}
            />
          )}
          {/* A phone shows its own short set of columns, so there is nothing to choose there. */}
          {!isPhone && (
            <ListColumnsMenu<Row>
              columns={columns.all}
              toggles={columns.state.columnsToggle}
              onToggle={columns.state.setColumnsToggle}
              order={columns.state.columnsOrder}
              onOrder={columns.state.setColumnsOrder}
              onReset={() => {
                columns.state.resetColumnsToggle();
                columns.state.resetColumnsOrder();
                columns.state.resetColumnsWidth();
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
      <ReadReportNotice report={page?.readReport} />
      {bulk && selected.length > 0 && (
        <Group gap="sm" wrap="wrap" aria-live="polite">
          <Text size="sm">
            {selectingAll && selectingAll !== 'loading' && selectingAll.partial ? (
              <Plural
                value={selectedCount}
                one="# selected (the first ones only: narrow the filter to reach the rest)"
                other="# selected (the first ones only: narrow the filter to reach the rest)"
              />
            ) : (
              <Plural value={selectedCount} one="# selected" other="# selected" />
            )}
          </Text>
          {controller.wholePageSelected &&
            exportAll &&
            totalMatching !== null &&
            totalMatching > selected.length && (
              <Button
                variant="subtle"
                size="compact-sm"
                loading={selectingAll === 'loading'}
                onClick={() => void controller.selectAllMatching()}
              >
                <Plural
                  value={totalMatching}
                  one="Select all # matching"
                  other="Select all # matching"
                />
              </Button>
            )}
          <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
            <Trans>Clear selection</Trans>
          </Button>
        </Group>
      )}
      {sort.kind === 'local' && sort.status && (
        <Text size="xs" c="dimmed">
          <Trans>
            Sorted on this page only: the service lists {noun} in its own order and cannot sort
            them.
          </Trans>
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
          storeColumnsKey={controller.storeColumnsKey}
          idAccessor={controller.idAccessor}
          records={controller.records}
          fetching={list.isFetching}
          loaderType="dots"
          noRecordsText={emptyText ?? emptyListText(noun, filtered)}
          totalRecords={controller.totalRecords}
          recordsPerPage={paging.pageSize}
          page={paging.page}
          onPageChange={paging.setPage}
          recordsPerPageOptions={[...paging.pageSizes]}
          onRecordsPerPageChange={paging.setPageSize}
          recordsPerPageLabel={t`Rows per page`}
          getPaginationControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': t`Previous page` }
              : control === 'next'
                ? { 'aria-label': t`Next page` }
                : {}
          }
          paginationText={({ from, to, totalRecords: total }) =>
            pagingText({ from, to, total: page?.total === null ? null : total }, countNoun)
          }
          tableRef={setTable}
          columns={withSortButtons(
            columns.effective,
            sortProps.sortStatus,
            sortProps.onSortStatusChange,
          )}
          {...sortProps}
          {...(bulk
            ? {
                selectedRecords: [...selected],
                onSelectedRecordsChange: selection.replace,
                allRecordsSelectionCheckboxProps: { 'aria-label': t`Select all ${noun} shown` },
                getRecordSelectionCheckboxProps: (row: Row) => {
                  const rowName = bulk.describeRow(row);
                  return { 'aria-label': t`Select ${rowName}` };
                },
              }
            : {})}
        />
      )}
    </Stack>
  );
}
