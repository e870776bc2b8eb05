import { useLingui as useTranslator } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { deviceStatusLabel } from './device-status-labels';
import { DEFAULT_DEVICES_PAGE_SIZE, devicesListParams, devicesScope } from './devices-search';
import { readableGroupPath, shortGroupPath } from './group-path';

const route = getRouteApi('/_auth/devices/');
/** The service states no largest page; 500 devices a request keeps each answer quick. */
const DEVICE_EXPORT_PAGE_SIZE = 500;

function isSortField(value: string): value is DeviceSortField {
  return isOneOf(deviceSortFields, value);
}

export function DevicesPage() {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <Stack>
      <PageHeader
        title={t`Devices`}
        description={t`Cameras, the vehicle each one is in, when they moved between vehicles, and what needs attention.`}
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
          <Tabs.Tab value="devices">
            <Trans>Devices</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="changes">
            <Trans>Assignment changes</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="health">
            <Trans>Camera health</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="devices" pt="md">
          <SectionBoundary what={t`The device list`}>
            <DeviceListPanel />
          </SectionBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="changes" pt="md">
          <SectionBoundary what={t`The assignment changes`}>
            <AssignmentChangesPanel />
          </SectionBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="health" pt="md">
          <SectionBoundary what={t`Camera health`}>
            <CameraHealthPanel />
          </SectionBoundary>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function DeviceListPanel() {
  const { t } = useLingui();
  const { _: translate } = useTranslator();
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
      title: t`Serial number`,
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
      title: t`Model`,
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (device) => device.deviceModel,
    },
    {
      accessor: 'firmwareVersion',
      title: t`Firmware`,
      sortable: true,
      visibleMediaQuery: '(min-width: 64em)',
      exportValue: (device) => device.firmwareVersion,
    },
    {
      accessor: 'status',
      title: t`Status`,
      sortable: true,
      exportValue: (device) =>
        device.status ? deviceStatusLabel(device.status, translate) : device.status,
      render: (device) => <DeviceStatusBadge status={device.status} />,
    },
    {
      accessor: 'groupName',
      title: t`Group`,
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
      title: t`Vehicle`,
      sortable: true,
      exportValue: (device) => device.vehicleName,
      render: (device) => <VehicleOfCamera device={device} />,
    },
    {
      accessor: 'lastConnected',
      title: t`Last connected`,
      visibleMediaQuery: '(min-width: 48em)',
      sortable: true,
      exportValue: (device) => parseDateTime(device.lastConnected),
      render: (device) => formatDateTime(device.lastConnected),
    },
  ];

  const listController = useListController<Device>({
    label: t`Devices`,
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
            noun={t`devices`}
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
            label={t`Serial number`}
            placeholder={t`Start of a serial`}
            value={serial}
            onChange={(text) => setFilters({ serial: text })}
            maxLength={64}
            width={200}
          />
          <Select
            label={t`Status`}
            placeholder={t`Any status`}
            data={knownDeviceStatuses.map((known) => ({
              value: known,
              label: deviceStatusLabel(known, translate),
            }))}
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
