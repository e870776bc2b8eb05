import { Button, Stack, Text } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { listVehicles, vehicleListQueryOptions, type Vehicle } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { ListGroupFilter } from '@/components/list/list-group-filter';
import {
  IndexSearchStatus,
  indexMatchesExport,
  indexMatchesList,
} from '@/components/list/list-index-search';
import { ListTextFilter } from '@/components/list/list-text-filter';
import { useListQuery } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { useKnownGroupPaths } from '@/components/use-known-group-paths';
import { formatDateTime, parseDateTime } from '@/lib/format';
import { matchVehicles, useVehicleSearchIndex } from '@/lib/search/vehicle-index';
import { DeviceSerialCell, useDeviceSerialIndex } from './device-serial-link';
import { useVehicleLookups } from './use-vehicle-lookups';
import { useVehicleBulkActions } from './vehicle-bulk-actions';
import { NAME_MAX_LENGTH } from './vehicle-form';
import {
  DEFAULT_VEHICLES_PAGE_SIZE,
  VEHICLES_PAGE_SIZES,
  vehiclesListParams,
  vehiclesScope,
} from './vehicles-search';

const route = getRouteApi('/_auth/vehicles/');
/** The vehicle list accepts pages of up to 1,000: a fleet's export costs a few requests. */
const VEHICLE_EXPORT_PAGE_SIZE = 1000;
/** "VIN or plate" looks at those two only: the name has its own filter. */
const VIN_OR_PLATE = ['plate', 'vin'] as const;

export function VehiclesPage() {
  const { url, query: vehiclesQuery } = useListQuery(route, {
    keys: { page: 'page', pageSize: 'limit' },
    defaultPageSize: DEFAULT_VEHICLES_PAGE_SIZE,
    // A VIN or plate search shows the index's matches: the service's page is not needed.
    query: (search) => ({
      ...vehicleListQueryOptions(vehiclesListParams(search)),
      enabled: !search.vinOrPlate,
    }),
  });
  const { search, setFilters } = url;
  const listParams = vehiclesListParams(search);
  // The service cannot filter by VIN or plate: the group's vehicles are read once (only when
  // someone searches) and searched here.
  const { vinOrPlate, name } = search;
  const vehicleIndex = useVehicleSearchIndex(vehiclesScope(search), { enabled: !!vinOrPlate });
  const matches = useMemo(() => {
    if (!vinOrPlate || !vehicleIndex.data) return undefined;
    const nameNeedle = name?.toLowerCase();
    return matchVehicles(vehicleIndex.data, vinOrPlate, { fields: VIN_OR_PLATE })
      .map((match) => match.item)
      .filter((vehicle) => !nameNeedle || vehicle.name.toLowerCase().includes(nameNeedle));
  }, [vinOrPlate, name, vehicleIndex.data]);
  const lookups = useVehicleLookups({ seatbeltTypes: false });
  const bulkActions = useVehicleBulkActions();
  const cameraSerials = useDeviceSerialIndex({
    groupId: listParams.groupId,
    includeSubgroups: listParams.includeSubgroups,
  });
  const { paths: groupPathById, limitedToOwnGroups } = useKnownGroupPaths({
    groupId: listParams.groupId,
    includeSubgroups: listParams.includeSubgroups,
  });

  const columns: ListColumn<Vehicle>[] = [
    {
      accessor: 'name',
      exportValue: (vehicle) => vehicle.name,
      sortValue: (vehicle) => vehicle.name,
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
      exportValue: (vehicle) => groupPathById.get(vehicle.groupId.toLowerCase()) ?? vehicle.groupId,
      sortValue: (vehicle) => groupPathById.get(vehicle.groupId.toLowerCase()),
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
              title="Only groups named by your own roles or by a camera record are known; the rest need the Group Manager role."
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
      exportValue: (vehicle) => lookups.statusName(vehicle.status),
      sortValue: (vehicle) => lookups.statusName(vehicle.status),
      title: 'Status',
      render: (vehicle) => lookups.statusName(vehicle.status),
    },
    {
      accessor: 'type',
      exportValue: (vehicle) => lookups.typeName(vehicle.type),
      sortValue: (vehicle) => lookups.typeName(vehicle.type),
      title: 'Type',
      visibleMediaQuery: '(min-width: 48em)',
      render: (vehicle) => lookups.typeName(vehicle.type),
    },
    {
      accessor: 'deviceId',
      exportValue: (vehicle) =>
        vehicle.deviceId
          ? (cameraSerials.data?.serialById[vehicle.deviceId.toLowerCase()] ?? vehicle.deviceId)
          : null,
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
      exportValue: (vehicle) =>
        [vehicle.licensePlateNumber, vehicle.countrySubdivision].filter(Boolean).join(' · '),
      sortValue: (vehicle) => vehicle.licensePlateNumber,
      title: 'Plate',
      visibleMediaQuery: '(min-width: 48em)',
      noWrap: true,
      render: (vehicle) =>
        [vehicle.licensePlateNumber, vehicle.countrySubdivision].filter(Boolean).join(' · ') || '—',
    },
    {
      accessor: 'vin',
      exportValue: (vehicle) => vehicle.vin,
      sortValue: (vehicle) => vehicle.vin,
      title: 'VIN',
      visibleMediaQuery: '(min-width: 90em)',
      noWrap: true,
      render: (vehicle) => vehicle.vin || '—',
    },
    {
      accessor: 'lastConnected',
      exportValue: (vehicle) => parseDateTime(vehicle.lastConnected),
      sortValue: (vehicle) => parseDateTime(vehicle.lastConnected),
      title: 'Last connected',
      visibleMediaQuery: '(min-width: 64em)',
      noWrap: true,
      render: (vehicle) => formatDateTime(vehicle.lastConnected),
    },
  ];

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
      <DataList<Vehicle>
        label="Vehicles"
        storeKey="vehicles"
        list={vinOrPlate ? indexMatchesList(vehicleIndex, matches, url) : vehiclesQuery}
        columns={columns}
        idAccessor="id"
        paging={{ ...url, pageSizes: VEHICLES_PAGE_SIZES }}
        filtered={!!(search.name || search.groupId || vinOrPlate)}
        bulk={{ actions: bulkActions, describeRow: (vehicle) => vehicle.name }}
        exportAll={
          vinOrPlate
            ? indexMatchesExport(matches)
            : {
                fetchPage: (page, signal) => listVehicles({ ...listParams, page }, signal),
                pageSize: VEHICLE_EXPORT_PAGE_SIZE,
              }
        }
        status={
          vinOrPlate && (
            <IndexSearchStatus
              noun="vehicles"
              query={vehicleIndex}
              indexed={
                vehicleIndex.data && {
                  count: vehicleIndex.data.vehicles.length,
                  complete: vehicleIndex.data.complete,
                }
              }
            />
          )
        }
        filters={
          <>
            <ListTextFilter
              label="Name contains"
              placeholder="e.g. PDX-T1"
              value={search.name}
              onChange={(name) => setFilters({ name })}
              maxLength={NAME_MAX_LENGTH}
              width={220}
            />
            <ListTextFilter
              label="VIN or plate"
              placeholder="Start of either"
              value={vinOrPlate}
              onChange={(text) => setFilters({ vinOrPlate: text })}
              maxLength={50}
              width={200}
            />
            <ListGroupFilter
              value={search.groupId}
              onChange={(groupId) => setFilters({ groupId })}
              subgroups={{
                included: search.includeSubgroups ?? true,
                // Only "leave them out" is kept in the URL: the service includes them by default.
                onChange: (included) =>
                  setFilters({ includeSubgroups: included ? undefined : false }),
              }}
            />
          </>
        }
      />
    </Stack>
  );
}
