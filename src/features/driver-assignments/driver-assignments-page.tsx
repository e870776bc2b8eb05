import 'mantine-datatable/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { isApiError } from '@/api/api-error';
import { driverAssignmentListQueryOptions } from '@/api/driver-assignments';
import { AnchorLink } from '@/components/anchor-link';
import { GroupPicker } from '@/components/group-picker';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatDateTime } from '@/lib/format';
import {
  ASSIGNMENT_SORT_COLUMNS,
  assignmentRows,
  DEFAULT_ASSIGNMENTS_PAGE_SIZE,
  driverAssignmentListParams,
  type AssignmentRow,
  type AssignmentSortColumn,
  type DriverAssignmentsSearch,
} from './driver-assignments-search';
import { DriverPicker } from './driver-picker';
import { VehiclePicker } from './vehicle-picker';

const route = getRouteApi('/_auth/driver-assignments');
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function isSortColumn(value: string): value is AssignmentSortColumn {
  return (ASSIGNMENT_SORT_COLUMNS as readonly string[]).includes(value);
}

/** Actual driver usage of vehicles (not the dispatch plan), filtered and paged in the URL. */
export function DriverAssignmentsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = useQuery({
    ...driverAssignmentListQueryOptions(driverAssignmentListParams(search)),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(
    () => assignmentRows(query.data?.items ?? [], search.sort, search.order),
    [query.data, search.sort, search.order],
  );
  // The first click of a range only starts it; the URL changes once both ends are picked.
  const [pickedDays, setPickedDays] = useState<DatesRangeValue<string> | null>(null);

  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_ASSIGNMENTS_PAGE_SIZE;
  const filtered = Boolean(
    search.groupId || search.driverId || search.vehicleId || search.from || search.to,
  );
  const setFilters = (changes: Partial<DriverAssignmentsSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...changes, page: undefined }) });
  // The service answers 404 when a filter names a driver, vehicle or group that no longer exists.
  const filterNamesNothing = isApiError(query.error) && query.error.code === 'NOT_FOUND';

  return (
    <Stack>
      <PageHeader
        title="Driver assignments"
        description="Who actually drove which vehicle, and when. Open assignments have no end yet."
      />
      <Group align="flex-end" wrap="wrap">
        <GroupPicker
          label="Group (with subgroups)"
          value={search.groupId ?? null}
          onChange={(groupId) => setFilters({ groupId: groupId ?? undefined })}
          w={280}
        />
        <DriverPicker
          value={search.driverId ?? null}
          onChange={(driverId) => setFilters({ driverId: driverId ?? undefined })}
        />
        <VehiclePicker
          value={search.vehicleId ?? null}
          onChange={(vehicleId) => setFilters({ vehicleId: vehicleId ?? undefined })}
        />
        <DatePickerInput
          type="range"
          label="Time range"
          placeholder="Any time"
          clearable
          allowSingleDateInRange
          valueFormat="MMM D, YYYY"
          value={pickedDays ?? [search.from ?? null, search.to ?? null]}
          onChange={(days) => {
            const [from, to] = days;
            if (from && to) {
              setPickedDays(null);
              setFilters({ from, to });
            } else if (!from && !to) {
              setPickedDays(null);
              setFilters({ from: undefined, to: undefined });
            } else {
              setPickedDays(days);
            }
          }}
          w={260}
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() =>
              setFilters({
                groupId: undefined,
                driverId: undefined,
                vehicleId: undefined,
                from: undefined,
                to: undefined,
              })
            }
          >
            Clear filters
          </Button>
        )}
      </Group>
      {filterNamesNothing ? (
        <Alert color="orange" title="Nothing matches this filter">
          The chosen driver, vehicle or group no longer exists. Clear the filter to see every
          assignment.
        </Alert>
      ) : query.error ? (
        <QueryErrorAlert
          title="The driver assignments could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <DataTable<AssignmentRow>
          aria-label="Driver assignments"
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={200}
          idAccessor="key"
          records={rows}
          fetching={query.isFetching}
          loaderType="dots"
          noRecordsText={
            filtered ? 'No assignments match these filters' : 'No driver assignments yet'
          }
          totalRecords={query.data?.total ?? 0}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={(next) =>
            void navigate({ search: (previous) => ({ ...previous, page: next }) })
          }
          recordsPerPageOptions={[10, 25, 50, 100]}
          onRecordsPerPageChange={(size) =>
            void navigate({
              search: (previous) => ({ ...previous, pageSize: size, page: undefined }),
            })
          }
          paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
          sortStatus={{
            columnAccessor: search.sort ?? 'start',
            direction: search.order ?? 'desc',
          }}
          onSortStatusChange={(status: DataTableSortStatus<AssignmentRow>) => {
            const column = String(status.columnAccessor);
            if (!isSortColumn(column)) return;
            void navigate({
              search: (previous) => ({
                ...previous,
                sort: column,
                order: status.direction,
                page: undefined,
              }),
            });
          }}
          columns={[
            {
              accessor: 'driver',
              title: 'Driver',
              sortable: true,
              render: (row) => row.driverName,
            },
            {
              accessor: 'employeeNumber',
              title: 'Employee ID',
              visibleMediaQuery: '(min-width: 48em)',
              sortable: true,
              render: (row) => row.employeeNumber ?? '—',
            },
            {
              accessor: 'vehicleName',
              title: 'Vehicle',
              sortable: true,
              render: (row) =>
                row.vehicleId ? (
                  <AnchorLink
                    to="/vehicles/$vehicleId"
                    params={{ vehicleId: row.vehicleId }}
                    size="sm"
                  >
                    {row.vehicleName ?? 'Unnamed vehicle'}
                  </AnchorLink>
                ) : (
                  (row.vehicleName ?? '—')
                ),
            },
            {
              accessor: 'serialNumber',
              title: 'Device serial',
              sortable: true,
              render: (row) => row.serialNumber ?? '—',
              visibleMediaQuery: '(min-width: 64em)',
            },
            {
              accessor: 'licensePlate',
              title: 'Plate',
              visibleMediaQuery: '(min-width: 48em)',
              sortable: true,
              render: (row) => row.licensePlate ?? '—',
            },
            {
              accessor: 'start',
              title: 'Start',
              sortable: true,
              render: (row) => formatDateTime(row.start),
            },
            {
              accessor: 'end',
              title: 'End',
              visibleMediaQuery: '(min-width: 48em)',
              sortable: true,
              render: (row) =>
                row.end ? (
                  formatDateTime(row.end)
                ) : (
                  <Badge variant="light" color="green">
                    Ongoing
                  </Badge>
                ),
            },
          ]}
        />
      )}
      <Text size="xs" c="dimmed">
        The time range covers whole days in your time zone ({timeZone}).
      </Text>
    </Stack>
  );
}
