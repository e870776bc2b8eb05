import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { isApiError } from '@/api/api-error';
import { driverAssignmentListQueryOptions, listDriverAssignments } from '@/api/driver-assignments';
import { toPage } from '@/api/paging';
import { AnchorLink } from '@/components/anchor-link';
import { DataList, type ListColumn, type ListResult } from '@/components/list/data-list';
import { ListDayRangeFilter } from '@/components/list/list-day-range-filter';
import { ListGroupFilter } from '@/components/list/list-group-filter';
import { useListController } from '@/components/list/use-list-controller';
import { useListQuery } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { browserTimeZone } from '@/lib/display-preferences';
import { formatDateTime, parseDateTime } from '@/lib/format';
import { isOneOf } from '@/lib/one-of';
import {
  ASSIGNMENT_SORT_COLUMNS,
  assignmentRows,
  DEFAULT_ASSIGNMENTS_PAGE_SIZE,
  driverAssignmentListParams,
  type AssignmentRow,
  type AssignmentSortColumn,
} from './driver-assignments-search';
import { DriverPicker } from './driver-picker';
import { VehiclePicker } from './vehicle-picker';

const route = getRouteApi('/_auth/driver-assignments');
/** The service states no largest page; 500 assignments a request keeps each answer quick. */
const ASSIGNMENT_EXPORT_PAGE_SIZE = 500;

function isSortColumn(value: string): value is AssignmentSortColumn {
  return isOneOf(ASSIGNMENT_SORT_COLUMNS, value);
}

/** Actual driver usage of vehicles (not the dispatch plan), filtered and paged in the URL. */
export function DriverAssignmentsPage() {
  const { t } = useLingui();
  // Every column is one the service sorts by (ASSIGNMENT_SORT_COLUMNS). Built at render, so the
  // titles follow the language.
  const columns: ListColumn<AssignmentRow>[] = [
    {
      accessor: 'driver',
      title: t`Driver`,
      sortable: true,
      exportValue: (row) => row.driverName,
      render: (row) => row.driverName,
    },
    {
      accessor: 'employeeNumber',
      title: t`Employee ID`,
      visibleMediaQuery: '(min-width: 48em)',
      sortable: true,
      exportValue: (row) => row.employeeNumber,
      render: (row) => row.employeeNumber ?? '—',
    },
    {
      accessor: 'vehicleName',
      title: t`Vehicle`,
      sortable: true,
      exportValue: (row) => row.vehicleName,
      render: (row) =>
        row.vehicleId ? (
          <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: row.vehicleId }} size="sm">
            {row.vehicleName ?? t`Unnamed vehicle`}
          </AnchorLink>
        ) : (
          (row.vehicleName ?? '—')
        ),
    },
    {
      accessor: 'serialNumber',
      title: t`Device serial`,
      sortable: true,
      visibleMediaQuery: '(min-width: 64em)',
      exportValue: (row) => row.serialNumber,
      render: (row) => row.serialNumber ?? '—',
    },
    {
      accessor: 'licensePlate',
      title: t`Plate`,
      visibleMediaQuery: '(min-width: 48em)',
      sortable: true,
      exportValue: (row) => row.licensePlate,
      render: (row) => row.licensePlate ?? '—',
    },
    {
      accessor: 'start',
      title: t`Start`,
      sortable: true,
      exportValue: (row) => parseDateTime(row.start),
      render: (row) => formatDateTime(row.start),
    },
    {
      accessor: 'end',
      title: t`End`,
      visibleMediaQuery: '(min-width: 48em)',
      sortable: true,
      // An empty end is an assignment still going on.
      exportValue: (row) => parseDateTime(row.end),
      render: (row) =>
        row.end ? (
          formatDateTime(row.end)
        ) : (
          <Badge variant="light" color="green">
            <Trans>Ongoing</Trans>
          </Badge>
        ),
    },
  ];
  const { url, query } = useListQuery(route, {
    keys: { page: 'page', pageSize: 'pageSize' },
    defaultPageSize: DEFAULT_ASSIGNMENTS_PAGE_SIZE,
    query: (search) => driverAssignmentListQueryOptions(driverAssignmentListParams(search)),
  });
  const { search, setFilters } = url;
  // The service pages assignments but sends them grouped per driver: one row per assignment.
  const rowsPage = useMemo(
    () =>
      query.data && {
        ...query.data,
        items: assignmentRows(query.data.items, search.sort, search.order),
      },
    [query.data, search.sort, search.order],
  );
  const list: ListResult<AssignmentRow> = {
    data: rowsPage,
    isFetching: query.isFetching,
    error: query.error,
    refetch: () => query.refetch(),
  };
  const filtered = Boolean(
    search.groupId || search.driverId || search.vehicleId || search.from || search.to,
  );
  // The service answers 404 when a filter names a driver, vehicle or group that no longer exists.
  const filterNamesNothing = isApiError(query.error) && query.error.code === 'NOT_FOUND';

  const listController = useListController<AssignmentRow>({
    label: t`Driver assignments`,
    storeKey: 'driver-assignments',
    list,
    columns,
    idAccessor: 'key',
    paging: url,
    filtered,
    clearFilters: () =>
      setFilters({
        groupId: undefined,
        driverId: undefined,
        vehicleId: undefined,
        from: undefined,
        to: undefined,
      }),
    exportAll: {
      fetchPage: async (page, signal) => {
        const drivers = await listDriverAssignments(
          { ...driverAssignmentListParams(search), page },
          signal,
        );
        // Pages count assignments, which come grouped per driver: count the rows again.
        const rows = assignmentRows(drivers.items, search.sort, search.order);
        return toPage(rows, drivers.total, page);
      },
      pageSize: ASSIGNMENT_EXPORT_PAGE_SIZE,
    },
    presorted: {
      status: { columnAccessor: search.sort ?? 'start', direction: search.order ?? 'desc' },
      onChange: ({ columnAccessor, direction }) => {
        const column = String(columnAccessor);
        if (isSortColumn(column)) setFilters({ sort: column, order: direction });
      },
    },
  });
  const timeZone = browserTimeZone();
  return (
    <Stack>
      <PageHeader
        title={t`Driver assignments`}
        description={t`Who actually drove which vehicle, and when. Open assignments have no end yet.`}
      />
      <DataList<AssignmentRow>
        controller={listController}
        emptyText={filtered ? t`No assignments match these filters` : undefined}
        notice={
          filterNamesNothing && (
            <Alert color="orange" title={t`Nothing matches this filter`}>
              <Trans>
                The chosen driver, vehicle or group no longer exists. Clear the filter to see every
                assignment.
              </Trans>
            </Alert>
          )
        }
        filters={
          <>
            <ListGroupFilter
              value={search.groupId}
              onChange={(groupId) => setFilters({ groupId })}
              width={280}
            />
            <DriverPicker
              value={search.driverId ?? null}
              onChange={(driverId) => setFilters({ driverId: driverId ?? undefined })}
            />
            <VehiclePicker
              value={search.vehicleId ?? null}
              onChange={(vehicleId) => setFilters({ vehicleId: vehicleId ?? undefined })}
            />
            <ListDayRangeFilter
              label={t`Time range`}
              placeholder={t`Any time`}
              clearable
              from={search.from}
              to={search.to}
              onChange={setFilters}
            />
          </>
        }
      />
      <Text size="xs" c="dimmed">
        <Trans>The time range covers whole days in your time zone ({timeZone}).</Trans>
      </Text>
    </Stack>
  );
}
