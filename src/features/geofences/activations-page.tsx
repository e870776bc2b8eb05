import '@mantine/dates/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import {
  activationEndReasonsQueryOptions,
  geofenceActivationListQueryOptions,
  geofenceCollectionQueryOptions,
} from '@/api/geofences';
import { vehicleDetailQueryOptions, vehicleListQueryOptions } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatDateTime } from '@/lib/format';
import {
  activationRows,
  describeDuration,
  endReasonsById,
  endReasonText,
  vehicleLabel,
  type ActivationRow,
} from './activation-rows';
import { activationListParams, DEFAULT_ACTIVATIONS_PAGE_SIZE } from './activations-search';

const route = getRouteApi('/_auth/geofences/activations');

/** /geofences/activations: when vehicles entered and left geofences, filtered and paged. */
export function ActivationsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const activationsQuery = useQuery({
    ...geofenceActivationListQueryOptions(activationListParams(search)),
    placeholderData: keepPreviousData,
  });
  const reasonsQuery = useQuery(activationEndReasonsQueryOptions());
  const reasons = useMemo(() => endReasonsById(reasonsQuery.data ?? []), [reasonsQuery.data]);
  const rows = useMemo(
    () => activationRows(activationsQuery.data?.items ?? []),
    [activationsQuery.data],
  );
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_ACTIVATIONS_PAGE_SIZE;
  const filtered = Boolean(search.geofenceId || search.vehicleId || search.from || search.to);

  return (
    <Stack>
      <PageHeader
        title="Geofence activations"
        description="Each time a vehicle entered a geofence, how long it stayed and why the activation ended."
        actions={
          <Button variant="default" component={Link} to="/geofences">
            Back to the map
          </Button>
        }
      />
      <Group align="flex-end" wrap="wrap">
        <GeofenceFilter
          value={search.geofenceId ?? null}
          onChange={(geofenceId) =>
            void navigate({
              search: (previous) => ({
                ...previous,
                geofenceId: geofenceId ?? undefined,
                page: undefined,
              }),
            })
          }
        />
        <VehicleFilter
          value={search.vehicleId ?? null}
          onChange={(vehicleId) =>
            void navigate({
              search: (previous) => ({
                ...previous,
                vehicleId: vehicleId ?? undefined,
                page: undefined,
              }),
            })
          }
        />
        <DatePickerInput
          type="range"
          label="Time range"
          placeholder="Any time"
          clearable
          allowSingleDateInRange
          value={[search.from ?? null, search.to ?? null]}
          onChange={([from, to]) => {
            // A range is applied once both ends are picked (or both cleared).
            if (Boolean(from) !== Boolean(to)) return;
            void navigate({
              search: (previous) => ({
                ...previous,
                from: from ?? undefined,
                to: to ?? undefined,
                page: undefined,
              }),
            });
          }}
          w={260}
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() =>
              void navigate({ search: (previous) => ({ pageSize: previous.pageSize }) })
            }
          >
            Clear filters
          </Button>
        )}
      </Group>
      {activationsQuery.error ? (
        <QueryErrorAlert
          title="The activations could not be loaded"
          error={activationsQuery.error}
          onRetry={() => void activationsQuery.refetch()}
        />
      ) : (
        <DataTable<ActivationRow>
          aria-label="Geofence activations"
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={200}
          idAccessor={(row) => row.activation.activationId}
          records={rows}
          fetching={activationsQuery.isFetching}
          loaderType="dots"
          noRecordsText={filtered ? 'No activations match these filters' : 'No activations yet'}
          totalRecords={activationsQuery.data?.total ?? 0}
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
          columns={[
            {
              accessor: 'geofence',
              title: 'Geofence',
              render: ({ activation }) =>
                activation.geofenceId ? (
                  <AnchorLink
                    to="/geofences"
                    search={{ selected: activation.geofenceId }}
                    size="sm"
                  >
                    {activation.geofenceName ?? 'Unnamed geofence'}
                  </AnchorLink>
                ) : (
                  (activation.geofenceName ?? '—')
                ),
            },
            {
              accessor: 'vehicle',
              title: 'Vehicle',
              render: ({ vehicle }) => (
                <>
                  <Text size="sm">{vehicleLabel(vehicle)}</Text>
                  {vehicle.vin && (
                    <Text size="xs" c="dimmed">
                      VIN {vehicle.vin}
                    </Text>
                  )}
                </>
              ),
            },
            {
              accessor: 'entered',
              title: 'Entered',
              render: ({ activation }) => formatDateTime(activation.activationStartDate),
            },
            {
              accessor: 'left',
              title: 'Left',
              visibleMediaQuery: '(min-width: 48em)',
              render: ({ activation }) =>
                activation.activationEndDate ? (
                  formatDateTime(activation.activationEndDate)
                ) : (
                  <Badge color="green" variant="light">
                    Still inside
                  </Badge>
                ),
            },
            {
              accessor: 'duration',
              title: 'Time inside',
              visibleMediaQuery: '(min-width: 48em)',
              render: ({ activation }) =>
                describeDuration(activation.activationStartDate, activation.activationEndDate),
            },
            {
              accessor: 'endReason',
              title: 'End reason',
              visibleMediaQuery: '(min-width: 48em)',
              render: ({ activation }) => endReasonText(activation, reasons),
            },
          ]}
        />
      )}
    </Stack>
  );
}

/** Every geofence by name (the list the map page also uses, so it is usually cached). */
function GeofenceFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (geofenceId: string | null) => void;
}) {
  const query = useQuery(geofenceCollectionQueryOptions({}));
  const options = useMemo(
    () =>
      (query.data ?? []).map((geofence) => ({
        value: geofence.geofenceId,
        label: geofence.name ?? geofence.geofenceId,
      })),
    [query.data],
  );
  return (
    <Select
      label="Geofence"
      placeholder={query.isPending ? 'Loading geofences…' : 'Any geofence'}
      searchable
      clearable
      data={options}
      value={value}
      onChange={onChange}
      nothingFoundMessage="No geofence matches"
      description={query.error ? 'The geofence list could not be loaded.' : undefined}
      limit={100}
      w={300}
    />
  );
}

/** Vehicles are searched on the service by name: a fleet can have tens of thousands. */
function VehicleFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (vehicleId: string | null) => void;
}) {
  const [searchValue, setSearchValue] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchValue.trim(), 300);
  const listQuery = useQuery({
    ...vehicleListQueryOptions({
      page: { pageIndex: 0, pageSize: 50 },
      name: debouncedSearch || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const selectedQuery = useQuery({
    ...vehicleDetailQueryOptions(value ?? ''),
    enabled: value !== null,
  });
  const options = useMemo(() => {
    const vehicles = [...(listQuery.data?.items ?? [])];
    const selected = selectedQuery.data;
    if (selected && !vehicles.some((vehicle) => vehicle.id === selected.id))
      vehicles.unshift(selected);
    return vehicles.map((vehicle) => ({ value: vehicle.id, label: vehicle.name }));
  }, [listQuery.data, selectedQuery.data]);
  return (
    <Select
      label="Vehicle"
      placeholder="Any vehicle"
      searchable
      clearable
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      // The service has already matched the name.
      filter={({ options: matched }) => matched}
      data={options}
      value={value}
      onChange={onChange}
      nothingFoundMessage={listQuery.isFetching ? 'Searching…' : 'No vehicle matches'}
      description={listQuery.error ? 'The vehicle list could not be loaded.' : undefined}
      w={260}
    />
  );
}
