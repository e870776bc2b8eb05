// Over 300 lines: one list page whose rows come from the service's page or, for what the service
// cannot sort or filter by (VIN, plate, status, type), from the group's whole list read here; its
// filters, columns and bulk actions are declared with it.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, MultiSelect, Stack, Text } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { matchVehicles, useVehicleSearchIndex } from '@/api/search/vehicle-index';
import { listVehicles, vehicleListQueryOptions, type Vehicle } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { ChangeButton, useChangesAllowed } from '@/components/change-control';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { ListGroupFilter } from '@/components/list/list-group-filter';
import {
  IndexSearchStatus,
  indexMatchesExport,
  indexMatchesList,
} from '@/components/list/list-index-search';
import { sortRows, type SortValue } from '@/components/list/list-sort';
import { ListTextFilter } from '@/components/list/list-text-filter';
import { useListController } from '@/components/list/use-list-controller';
import { useListQuery } from '@/components/list/use-list-query';
import { useListedChoices } from '@/components/list/use-list-url';
import { PageHeader } from '@/components/page-header';
import { useKnownGroupPaths } from '@/components/use-known-group-paths';
import { formatDateTime, parseDateTime } from '@/lib/format';
import { formatGroupPath, formatShortGroupPath } from '@/lib/group-path';
import { isOneOf } from '@/lib/one-of';
import { DeviceSerialCell, useDeviceSerialIndex } from './device-serial-link';
import { useVehicleLookups } from './use-vehicle-lookups';
import { useVehicleBulkActions } from './vehicle-bulk-actions';
import { NAME_MAX_LENGTH } from './vehicle-form';
import {
  DEFAULT_VEHICLES_PAGE_SIZE,
  readsWholeList,
  VEHICLES_PAGE_SIZES,
  vehicleSortFields,
  vehiclesListParams,
  vehiclesScope,
  type VehicleSortField,
} from './vehicles-search';

const route = getRouteApi('/_auth/vehicles/');
/** The vehicle list accepts pages of up to 1,000: a fleet's export costs a few requests. */
const VEHICLE_EXPORT_PAGE_SIZE = 1000;
/** "VIN or plate" looks at those two only: the name has its own filter. */
const VIN_OR_PLATE = ['plate', 'vin'] as const;

function isSortField(value: string): value is VehicleSortField {
  return isOneOf(vehicleSortFields, value);
}

/** What a vehicle sorts by in a column: the names the list shows, not the IDs behind them. */
interface VehicleSortNames {
  statusName: (id: number) => string;
  typeName: (id: number) => string;
  groupPath: (groupId: string) => string | undefined;
}

function vehicleSortValue(
  vehicle: Vehicle,
  field: VehicleSortField,
  names: VehicleSortNames,
): SortValue {
  switch (field) {
    case 'groupId':
      return names.groupPath(vehicle.groupId);
    case 'status':
      return names.statusName(vehicle.status);
    case 'type':
      return names.typeName(vehicle.type);
    case 'lastConnected':
      return parseDateTime(vehicle.lastConnected);
    default:
      return vehicle[field];
  }
}

/** A lookup filter's values in the URL (IDs) as the MultiSelect holds them, and back. */
const selectValues = (ids: readonly number[] | undefined) => ids?.map(String) ?? [];
const idsFromSelect = (values: string[]) =>
  values.length === 0 ? undefined : values.map(Number).sort((a, b) => a - b);

export function VehiclesPage() {
  const { t } = useLingui();
  const { allowed: changesAllowed } = useChangesAllowed();
  const { url, query: vehiclesQuery } = useListQuery(route, {
    keys: { page: 'page', pageSize: 'pageSize' },
    defaultPageSize: DEFAULT_VEHICLES_PAGE_SIZE,
    // What the service cannot do is done on the whole list: its page is not needed then.
    query: (search) => ({
      ...vehicleListQueryOptions(vehiclesListParams(search)),
      enabled: !readsWholeList(search),
    }),
  });
  const { search, setFilters, replaceFilters } = url;
  const listParams = vehiclesListParams(search);
  const lookups = useVehicleLookups({ seatbeltTypes: false });
  const status = useListedChoices(search.status, lookups.statusIds, (listed) =>
    replaceFilters({ status: listed }),
  );
  const type = useListedChoices(search.type, lookups.typeIds, (listed) =>
    replaceFilters({ type: listed }),
  );
  // The service can neither sort nor filter by VIN, plate, status or type: for those the
  // group's vehicles are read once (up to the index's cap, only when asked) and handled here,
  // so a sort or a filter covers every vehicle, not the page on screen.
  const { vinOrPlate, name, sort } = search;
  const order = search.order ?? 'asc';
  const wholeList = readsWholeList({ ...search, status, type });
  const vehicleIndex = useVehicleSearchIndex(vehiclesScope(search), { enabled: wholeList });
  const bulkActions = useVehicleBulkActions();
  const cameraSerials = useDeviceSerialIndex({
    groupId: listParams.groupId,
    includeSubgroups: listParams.includeSubgroups,
  });
  const {
    names: groupNamesById,
    paths: groupPathById,
    limitedToOwnGroups,
  } = useKnownGroupPaths({
    groupId: listParams.groupId,
    includeSubgroups: listParams.includeSubgroups,
  });
  const matches = useMemo(() => {
    if (!wholeList || !vehicleIndex.data) return undefined;
    const nameNeedle = name?.toLowerCase();
    const found = vinOrPlate
      ? matchVehicles(vehicleIndex.data, vinOrPlate, { fields: VIN_OR_PLATE }).map(
          (match) => match.item,
        )
      : vehicleIndex.data.vehicles;
    const filtered = found.filter(
      (vehicle) =>
        (!nameNeedle || vehicle.name.toLowerCase().includes(nameNeedle)) &&
        (status === undefined || status.includes(vehicle.status)) &&
        (type === undefined || type.includes(vehicle.type)),
    );
    // Unsorted, a search keeps its best matches first and the rest the service's order.
    if (!sort) return filtered;
    const names: VehicleSortNames = {
      statusName: lookups.statusName,
      typeName: lookups.typeName,
      groupPath: (groupId) => groupPathById.get(groupId.toLowerCase()),
    };
    return sortRows(filtered, (vehicle) => vehicleSortValue(vehicle, sort, names), order);
  }, [
    wholeList,
    vehicleIndex.data,
    vinOrPlate,
    name,
    status,
    type,
    sort,
    order,
    lookups,
    groupPathById,
  ]);

  const columns: ListColumn<Vehicle>[] = [
    {
      accessor: 'name',
      exportValue: (vehicle) => vehicle.name,
      sortable: true,
      title: t`Name`,
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
      sortable: true,
      title: t`Group`,
      render: (vehicle) => {
        const names = groupNamesById.get(vehicle.groupId.toLowerCase());
        const path = names && formatGroupPath(names);
        // Without the group routes only the user's own groups have names: say so, rather
        // than a dash that reads as "no group".
        if (!path && limitedToOwnGroups) {
          return (
            <Text
              size="sm"
              c="dimmed"
              title={t`Only groups named by your own roles or by a camera record are known; the rest need the Group Manager role.`}
            >
              <Trans>Not named</Trans>
            </Text>
          );
        }
        // Team names repeat in every depot, so the depot comes along.
        return (
          <Text size="sm" title={path}>
            {names ? formatShortGroupPath(names) : '—'}
          </Text>
        );
      },
    },
    {
      accessor: 'status',
      exportValue: (vehicle) => lookups.statusName(vehicle.status),
      sortable: true,
      title: t`Status`,
      render: (vehicle) => lookups.statusName(vehicle.status),
    },
    {
      accessor: 'type',
      exportValue: (vehicle) => lookups.typeName(vehicle.type),
      sortable: true,
      title: t`Type`,
      visibleMediaQuery: '(min-width: 48em)',
      render: (vehicle) => lookups.typeName(vehicle.type),
    },
    {
      accessor: 'deviceId',
      exportValue: (vehicle) =>
        vehicle.deviceId
          ? (cameraSerials.data?.serialById[vehicle.deviceId.toLowerCase()] ?? vehicle.deviceId)
          : null,
      title: t`Camera`,
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
      sortable: true,
      title: t`Plate`,
      visibleMediaQuery: '(min-width: 48em)',
      noWrap: true,
      render: (vehicle) =>
        [vehicle.licensePlateNumber, vehicle.countrySubdivision].filter(Boolean).join(' · ') || '—',
    },
    {
      accessor: 'vin',
      exportValue: (vehicle) => vehicle.vin,
      sortable: true,
      title: t`VIN`,
      visibleMediaQuery: '(min-width: 90em)',
      noWrap: true,
      render: (vehicle) => vehicle.vin || '—',
    },
    // In every row already, so offered in the Columns menu; hidden until chosen.
    ...(['make', 'model', 'year'] as const).map((field): ListColumn<Vehicle> => ({
      accessor: field,
      exportValue: (vehicle) => vehicle[field],
      sortable: true,
      title: { make: t`Make`, model: t`Model`, year: t`Year` }[field],
      defaultToggle: false,
      noWrap: true,
      render: (vehicle) => vehicle[field] ?? '—',
    })),
    {
      accessor: 'lastConnected',
      exportValue: (vehicle) => parseDateTime(vehicle.lastConnected),
      sortable: true,
      title: t`Last connected`,
      visibleMediaQuery: '(min-width: 64em)',
      noWrap: true,
      render: (vehicle) => formatDateTime(vehicle.lastConnected),
    },
  ];

  const listController = useListController<Vehicle>({
    label: t`Vehicles`,
    storeKey: 'vehicles',
    list: wholeList ? indexMatchesList(vehicleIndex, matches, url) : vehiclesQuery,
    columns,
    idAccessor: 'id',
    paging: { ...url, pageSizes: VEHICLES_PAGE_SIZES },
    filtered:
      !!(search.name || search.groupId || vinOrPlate) || status !== undefined || type !== undefined,
    bulk: {
      actions: bulkActions,
      // Names are unique only within a group: two PDX-T101s must read apart in the preview.
      describeRow: (vehicle) => {
        const path = groupPathById.get(vehicle.groupId.toLowerCase());
        return path ? `${vehicle.name} (${path})` : vehicle.name;
      },
    },
    exportAll: wholeList
      ? indexMatchesExport(matches)
      : {
          fetchPage: (page, signal) => listVehicles({ ...listParams, page }, signal),
          pageSize: VEHICLE_EXPORT_PAGE_SIZE,
        },
    presorted: {
      status: { columnAccessor: sort ?? '', direction: order },
      onChange: ({ columnAccessor, direction }) => {
        const field = String(columnAccessor);
        if (isSortField(field)) setFilters({ sort: field, order: direction });
      },
    },
  });
  return (
    <Stack>
      <PageHeader
        title={t`Vehicles`}
        description={t`The fleet's vehicles, their cameras and legacy engine data.`}
        actions={
          // Offline there is nothing to go to: the form could not be sent.
          changesAllowed ? (
            <Button component={Link} to="/vehicles/new">
              <Trans>New vehicle</Trans>
            </Button>
          ) : (
            <ChangeButton>
              <Trans>New vehicle</Trans>
            </ChangeButton>
          )
        }
      />
      <DataList<Vehicle>
        controller={listController}
        status={
          wholeList && (
            <IndexSearchStatus
              noun={t`vehicles`}
              verb={vinOrPlate ? t`Searched` : sort ? t`Sorted` : t`Filtered`}
              note={t`The vehicle service cannot sort or filter by status or type, so the list is read whole and done here.`}
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
              label={t`Name contains`}
              placeholder={t`e.g. PDX-T1`}
              value={search.name}
              onChange={(name) => setFilters({ name })}
              maxLength={NAME_MAX_LENGTH}
              width={220}
            />
            <ListTextFilter
              label={t`VIN or plate`}
              placeholder={t`Start of either`}
              value={vinOrPlate}
              onChange={(text) => setFilters({ vinOrPlate: text })}
              maxLength={50}
              width={200}
            />
            <MultiSelect
              label={t`Status`}
              placeholder={status ? undefined : t`Any status`}
              data={lookups.statusOptions}
              clearable
              value={selectValues(status)}
              onChange={(values) => setFilters({ status: idsFromSelect(values) })}
              w={{ base: '100%', sm: 220 }}
            />
            <MultiSelect
              label={t`Type`}
              placeholder={type ? undefined : t`Any type`}
              data={lookups.typeOptions}
              clearable
              value={selectValues(type)}
              onChange={(values) => setFilters({ type: idsFromSelect(values) })}
              w={{ base: '100%', sm: 220 }}
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
