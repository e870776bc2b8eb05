import { Select, Stack, Tabs, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import {
  deviceListQueryOptions,
  deviceSortFields,
  knownDeviceStatuses,
  listDevices,
  type Device,
  type DeviceSortField,
} from '@/api/devices';
import { matchDevices, useDeviceSearchIndex } from '@/api/search/device-index';
import { AnchorLink } from '@/components/anchor-link';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { ListGroupFilter } from '@/components/list/list-group-filter';
import {
  IndexSearchStatus,
  indexMatchesExport,
  indexMatchesList,
} from '@/components/list/list-index-search';
import { compareSortValues } from '@/components/list/list-sort';
import { ListTextFilter } from '@/components/list/list-text-filter';
import { useListController } from '@/components/list/use-list-controller';
import { useListQuery } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { SectionBoundary } from '@/components/section-boundary';
import { formatDateTime, parseDateTime } from '@/lib/format';
import { isOneOf } from '@/lib/one-of';
import { AssignmentChangesPanel } from './assignment-changes-panel';
import { VehicleOfCamera } from './camera-health-cells';
import { CameraHealthPanel } from './camera-health-panel';
import { DeviceStatusBadge } from './device-status-badge';
import { DEFAULT_DEVICES_PAGE_SIZE, devicesListParams, devicesScope } from './devices-search';
import { readableGroupPath, shortGroupPath } from './group-path';

const route = getRouteApi('/_auth/devices/');
/** The service states no largest page; 500 devices a request keeps each answer quick. */
const DEVICE_EXPORT_PAGE_SIZE = 500;

function isSortField(value: string): value is DeviceSortField {
  return isOneOf(deviceSortFields, value);
}

export function DevicesPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <Stack>
      <PageHeader
        title="Devices"
        description="Cameras, the vehicle each one is in, when they moved between vehicles, and what needs attention."
      />
      {/* Above the tabs: the group narrows both lists, so both go back to their first page. */}
      <ListGroupFilter
        value={search.groupId}
        onChange={(groupId) =>
          void navigate({
            search: (previous) => ({
              ...previous,
              groupId,
              page: undefined,
              changesPage: undefined,
            }),
          })
        }
      />
      <Tabs
        value={search.tab ?? 'devices'}
        onChange={(tab) =>
          void navigate({
            search: (previous) => ({
              ...previous,
              tab: tab === 'changes' || tab === 'health' ? tab : undefined,
            }),
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="devices">Devices</Tabs.Tab>
          <Tabs.Tab value="changes">Assignment changes</Tabs.Tab>
          <Tabs.Tab value="health">Camera health</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="devices" pt="md">
          <SectionBoundary what="The device list">
            <DeviceListPanel />
          </SectionBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="changes" pt="md">
          <SectionBoundary what="The assignment changes">
            <AssignmentChangesPanel />
          </SectionBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="health" pt="md">
          <SectionBoundary what="Camera health">
            <CameraHealthPanel />
          </SectionBoundary>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function DeviceListPanel() {
  const { url, query: devicesQuery } = useListQuery(route, {
    keys: { page: 'page', pageSize: 'pageSize' },
    defaultPageSize: DEFAULT_DEVICES_PAGE_SIZE,
    // A serial search shows the index's matches: the service's page is not needed.
    query: (search) => ({
      ...deviceListQueryOptions(devicesListParams(search)),
      enabled: !search.serial,
    }),
  });
  const { search, setFilters } = url;
  const listParams = devicesListParams(search);
  // The service cannot filter by serial: the group's devices are read once (only when someone
  // searches) and searched here, with the status filter and the sort the service would apply.
  const { serial, status } = search;
  const sort: DeviceSortField = search.sort ?? 'serialNumber';
  const order: 'asc' | 'desc' = search.order ?? 'asc';
  const deviceIndex = useDeviceSearchIndex(devicesScope(search), { enabled: !!serial });
  const matches = useMemo(() => {
    if (!serial || !deviceIndex.data) return undefined;
    return matchDevices(deviceIndex.data, serial)
      .map((match) => match.item)
      .filter((device) => !status || device.status?.toLowerCase() === status.toLowerCase())
      .sort((a, b) => compareSortValues(a[sort], b[sort], order));
  }, [serial, status, sort, order, deviceIndex.data]);

  // Every column is one the service sorts by (deviceSortFields).
  const columns: ListColumn<Device>[] = [
    {
      accessor: 'serialNumber',
      title: 'Serial number',
      sortable: true,
      exportValue: (device) => device.serialNumber ?? device.deviceId,
      render: (device) => (
        <AnchorLink to="/devices/$deviceId" params={{ deviceId: device.deviceId }} size="sm">
          {device.serialNumber ?? device.deviceId}
        </AnchorLink>
      ),
    },
    {
      accessor: 'deviceModel',
      title: 'Model',
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (device) => device.deviceModel,
    },
    {
      accessor: 'firmwareVersion',
      title: 'Firmware',
      sortable: true,
      visibleMediaQuery: '(min-width: 64em)',
      exportValue: (device) => device.firmwareVersion,
    },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      exportValue: (device) => device.status,
      render: (device) => <DeviceStatusBadge status={device.status} />,
    },
    {
      accessor: 'groupName',
      title: 'Group',
      visibleMediaQuery: '(min-width: 48em)',
      sortable: true,
      exportValue: (device) => readableGroupPath(device.groupPath) ?? device.groupName,
      render: (device) => (
        <Text size="sm" title={readableGroupPath(device.groupPath) ?? undefined}>
          {shortGroupPath(device.groupPath, device.groupName) ?? '—'}
        </Text>
      ),
    },
    {
      accessor: 'vehicleName',
      title: 'Vehicle',
      sortable: true,
      exportValue: (device) => device.vehicleName,
      render: (device) => <VehicleOfCamera device={device} />,
    },
    {
      accessor: 'lastConnected',
      title: 'Last connected',
      visibleMediaQuery: '(min-width: 48em)',
      sortable: true,
      exportValue: (device) => parseDateTime(device.lastConnected),
      render: (device) => formatDateTime(device.lastConnected),
    },
  ];

  const listController = useListController<Device>({
    label: 'Devices',
    storeKey: 'devices',
    list: serial ? indexMatchesList(deviceIndex, matches, url) : devicesQuery,
    columns,
    idAccessor: 'deviceId',
    paging: url,
    filtered: !!(status || search.groupId || serial),
    exportAll: serial
      ? indexMatchesExport(matches)
      : {
          fetchPage: (page, signal) => listDevices({ ...listParams, page }, signal),
          pageSize: DEVICE_EXPORT_PAGE_SIZE,
        },
    presorted: {
      status: { columnAccessor: sort, direction: order },
      onChange: ({ columnAccessor, direction }) => {
        const sort = String(columnAccessor);
        if (isSortField(sort)) setFilters({ sort, order: direction });
      },
    },
  });
  return (
    <DataList<Device>
      controller={listController}
      status={
        serial && (
          <IndexSearchStatus
            noun="devices"
            query={deviceIndex}
            indexed={
              deviceIndex.data && {
                count: deviceIndex.data.devices.length,
                complete: deviceIndex.data.complete,
              }
            }
          />
        )
      }
      filters={
        <>
          <ListTextFilter
            label="Serial number"
            placeholder="Start of a serial"
            value={serial}
            onChange={(text) => setFilters({ serial: text })}
            maxLength={64}
            width={200}
          />
          <Select
            label="Status"
            placeholder="Any status"
            data={[...knownDeviceStatuses]}
            clearable
            value={status ?? null}
            onChange={(value) => setFilters({ status: value ?? undefined })}
            w={{ base: '100%', sm: 260 }}
          />
        </>
      }
    />
  );
}
