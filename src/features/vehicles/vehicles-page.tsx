import 'mantine-datatable/styles.layer.css';
import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { vehicleListQueryOptions, type Vehicle } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { GroupPicker, useGroupOptions } from '@/components/group-picker';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatDateTime } from '@/lib/format';
import { DeviceSerialCell, useDeviceSerialIndex } from './device-serial-link';
import { useVehicleLookups } from './use-vehicle-lookups';
import { NAME_MAX_LENGTH } from './vehicle-form';
import {
  DEFAULT_VEHICLES_PAGE_SIZE,
  VEHICLES_PAGE_SIZES,
  vehiclesListParams,
} from './vehicles-search';

const route = getRouteApi('/_auth/vehicles/');

export function VehiclesPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const vehiclesQuery = useQuery({
    ...vehicleListQueryOptions(vehiclesListParams(search)),
    placeholderData: keepPreviousData,
  });
  const lookups = useVehicleLookups();
  const listParams = vehiclesListParams(search);
  const cameraSerials = useDeviceSerialIndex({
    groupId: listParams.groupId,
    includeSubgroups: listParams.includeSubgroups,
  });
  const { options: groupOptions, limitedToOwnGroups } = useGroupOptions();
  const groupPathById = useMemo(
    () => new Map(groupOptions.map((option) => [option.value.toLowerCase(), option.label])),
    [groupOptions],
  );
  const [nameText, setNameText] = useState(search.name ?? '');
  const applyName = useDebouncedCallback((value: string) => {
    void navigate({
      search: (previous) => ({ ...previous, name: value.trim() || undefined, page: undefined }),
    });
  }, 300);

  const page = search.page ?? 1;
  const pageSize = search.limit ?? DEFAULT_VEHICLES_PAGE_SIZE;
  const filtered = !!(search.name || search.groupId);

  return (
    <Stack>
      <PageHeader
        title="Vehicles"
        description="The fleet's vehicles, their cameras and legacy engine data. Listed in the service's order: the vehicle API offers no sorting."
        actions={
          <Button component={Link} to="/vehicles/new">
            New vehicle
          </Button>
        }
      />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Name contains"
          placeholder="e.g. PDX-T1"
          value={nameText}
          onChange={(event) => {
            setNameText(event.currentTarget.value);
            applyName(event.currentTarget.value);
          }}
          w={220}
          maxLength={NAME_MAX_LENGTH}
        />
        <GroupPicker
          label="Group"
          value={search.groupId ?? null}
          onChange={(groupId) =>
            void navigate({
              search: (previous) => ({
                ...previous,
                groupId: groupId ?? undefined,
                page: undefined,
              }),
            })
          }
          w={320}
        />
        <Switch
          label="Include subgroups"
          mb={8}
          disabled={!search.groupId}
          checked={search.includeSubgroups ?? true}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            void navigate({
              search: (previous) => ({
                ...previous,
                includeSubgroups: checked ? undefined : false,
                page: undefined,
              }),
            });
          }}
        />
      </Group>
      {vehiclesQuery.error ? (
        <QueryErrorAlert
          title="The vehicles could not be loaded"
          error={vehiclesQuery.error}
          onRetry={() => void vehiclesQuery.refetch()}
        />
      ) : (
        <DataTable<Vehicle>
          aria-label="Vehicles"
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={200}
          records={vehiclesQuery.data?.items ?? []}
          fetching={vehiclesQuery.isFetching}
          loaderType="dots"
          noRecordsText={filtered ? 'No vehicles match these filters' : 'No vehicles yet'}
          totalRecords={vehiclesQuery.data?.total ?? 0}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={(next) =>
            void navigate({ search: (previous) => ({ ...previous, page: next }) })
          }
          recordsPerPageOptions={VEHICLES_PAGE_SIZES}
          onRecordsPerPageChange={(size) =>
            void navigate({ search: (previous) => ({ ...previous, limit: size, page: undefined }) })
          }
          paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
          columns={[
            {
              accessor: 'name',
              title: 'Name',
              noWrap: true,
              render: (vehicle) => (
                <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: vehicle.id }} size="sm">
                  {vehicle.name}
                </AnchorLink>
              ),
            },
            {
              accessor: 'groupId',
              title: 'Group',
              render: (vehicle) => {
                const path = groupPathById.get(vehicle.groupId.toLowerCase());
                // Without the group routes only the user's own groups have names: say so, rather
                // than a dash that reads as "no group".
                if (!path && limitedToOwnGroups) {
                  return (
                    <Text
                      size="sm"
                      c="dimmed"
                      title="Only the groups you hold a role in are named; the rest need the Group Manager role."
                    >
                      Not named
                    </Text>
                  );
                }
                // Team names repeat in every depot, so the depot comes along.
                return (
                  <Text size="sm" title={path}>
                    {path?.split(' › ').slice(-2).join(' › ') ?? '—'}
                  </Text>
                );
              },
            },
            {
              accessor: 'status',
              title: 'Status',
              render: (vehicle) => lookups.statusName(vehicle.status),
            },
            {
              accessor: 'type',
              title: 'Type',
              visibleMediaQuery: '(min-width: 48em)',
              render: (vehicle) => lookups.typeName(vehicle.type),
            },
            {
              accessor: 'deviceId',
              title: 'Camera',
              visibleMediaQuery: '(min-width: 48em)',
              noWrap: true,
              render: (vehicle) =>
                vehicle.deviceId ? (
                  <DeviceSerialCell deviceId={vehicle.deviceId} index={cameraSerials} />
                ) : (
                  '—'
                ),
            },
            {
              accessor: 'licensePlateNumber',
              title: 'Plate',
              visibleMediaQuery: '(min-width: 48em)',
              noWrap: true,
              render: (vehicle) =>
                [vehicle.licensePlateNumber, vehicle.countrySubdivision]
                  .filter(Boolean)
                  .join(' · ') || '—',
            },
            {
              accessor: 'vin',
              title: 'VIN',
              visibleMediaQuery: '(min-width: 90em)',
              noWrap: true,
              render: (vehicle) => vehicle.vin || '—',
            },
            {
              accessor: 'lastConnected',
              title: 'Last connected',
              visibleMediaQuery: '(min-width: 64em)',
              noWrap: true,
              render: (vehicle) => formatDateTime(vehicle.lastConnected),
            },
          ]}
        />
      )}
    </Stack>
  );
}
