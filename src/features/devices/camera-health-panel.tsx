import {
  Badge,
  Button,
  Group,
  NumberInput,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import type { Device } from '@/api/devices';
import type { Vehicle } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import type { ListColumn } from '@/components/list/data-list';
import { ListError } from '@/components/list/list-states';
import { useListUrl, type ListUrl } from '@/components/list/use-list-url';
import { useKnownGroupPaths } from '@/components/use-known-group-paths';
import { formatDateTime, parseDateTime } from '@/lib/format';
import {
  cameraHealthOf,
  camerasOnFirmware,
  type CameraHealth,
  type FirmwareVersionRow,
  type GroupHealthRow,
  type SilentCamera,
} from './camera-health';
import { InBrowserList } from '@/components/list/in-browser-list';
import { cameraHealthQueryOptions, type CameraHealthRead } from './camera-health-queries';
import { DeviceStatusBadge } from './device-status-badge';
import {
  DEFAULT_SILENT_DAYS,
  devicesScope,
  silentCameraPlaces,
  type CameraHealthIssue,
  type DevicesSearch,
} from './devices-search';
import { readableGroupPath, shortGroupPath } from './group-path';

const route = getRouteApi('/_auth/devices/');
const DEFAULT_HEALTH_PAGE_SIZE = 25;
const NO_DEVICES: readonly Device[] = [];
const countFormat = new Intl.NumberFormat('en');
const count = (value: number) => countFormat.format(value);

/** "Not connected for 7+ days": the silent list's name at the chosen number of days. */
function silentTitle(days: number): string {
  return days === 1 ? 'Not connected for a day or more' : `Not connected for ${days}+ days`;
}

/**
 * Camera health: what needs a fleet admin's attention across the cameras and vehicles of the
 * chosen group, read whole in the background (the lists grow while the read goes on).
 */
export function CameraHealthPanel() {
  const url = useListUrl(route, {
    keys: { page: 'healthPage', pageSize: 'healthPageSize' },
    defaultPageSize: DEFAULT_HEALTH_PAGE_SIZE,
  });
  const { search, setFilters } = url;
  const scope = devicesScope(search);
  const queryClient = useQueryClient();
  const health = useQuery(cameraHealthQueryOptions(scope));
  // A new page of 1,000 records is folded in the background; typing and paging stay quick.
  const read = useDeferredValue(health.data);
  const days = search.days ?? DEFAULT_SILENT_DAYS;
  const [nowMs] = useState(() => Date.now());
  const summary = useMemo(
    () =>
      read && read.devices.length + read.vehicles.length > 0
        ? cameraHealthOf(read.devices, read.vehicles, { silentDays: days, nowMs })
        : read?.complete
          ? cameraHealthOf([], [], { silentDays: days, nowMs })
          : undefined,
    [read, days, nowMs],
  );
  const issue: CameraHealthIssue = search.issue ?? 'silent';
  const complete = read?.complete ?? false;
  const startOver = () =>
    void queryClient.resetQueries({ queryKey: cameraHealthQueryOptions(scope).queryKey });
  const listRead = { error: health.error, refetch: startOver };

  return (
    <Stack gap="sm">
      <Group align="flex-end" justify="space-between" gap="sm" wrap="wrap">
        <NumberInput
          label="Not connected for (days)"
          description="Cameras silent this long, or never connected"
          defaultValue={days}
          min={1}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          onChange={(value) => {
            if (typeof value !== 'number' || value < 1 || value > 365) return;
            setFilters({ days: value === DEFAULT_SILENT_DAYS ? undefined : value });
          }}
          w={{ base: '100%', xs: 260 }}
        />
        <Button
          variant="default"
          onClick={startOver}
          disabled={health.isFetching && !health.error && !complete}
        >
          Refresh
        </Button>
      </Group>
      <ReadProgress read={health.data} failed={!!health.error} />
      {health.error && !summary ? (
        <ListError noun="cameras and vehicles" list={listRead} />
      ) : (
        <Tabs
          variant="pills"
          value={issue}
          onChange={(next) =>
            setFilters({
              issue: next === 'silent' ? undefined : (next as CameraHealthIssue),
              firmware: undefined,
            })
          }
          keepMounted={false}
        >
          <Tabs.List aria-label="What needs attention">
            <IssueTab value="silent" label={silentTitle(days)} total={summary?.silentCameras} />
            <IssueTab
              value="unassigned"
              label="Cameras in no vehicle"
              total={summary?.camerasInNoVehicle}
            />
            <IssueTab
              value="no-camera"
              label="Vehicles with no camera"
              total={summary?.vehiclesWithNoCamera}
            />
            <IssueTab
              value="firmware"
              label="Older firmware"
              total={summary?.camerasOnOlderFirmware}
            />
            <IssueTab value="groups" label="By group" total={summary?.groups} />
          </Tabs.List>
          <Tabs.Panel value={issue} pt="md">
            <IssueList
              issue={issue}
              days={days}
              summary={summary}
              devices={read?.devices ?? NO_DEVICES}
              complete={complete}
              read={listRead}
              url={url}
            />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

function IssueTab({
  value,
  label,
  total,
}: {
  value: CameraHealthIssue;
  label: string;
  total: readonly unknown[] | undefined;
}) {
  return (
    <Tabs.Tab
      value={value}
      rightSection={
        total && (
          <Badge size="sm" variant="light" color={total.length > 0 ? 'orange' : 'gray'}>
            {count(total.length)}
          </Badge>
        )
      }
    >
      {label}
    </Tabs.Tab>
  );
}

/** How far the read has come, as a bar while pages arrive and as a line once it is whole. */
function ReadProgress({ read, failed }: { read: CameraHealthRead | undefined; failed: boolean }) {
  if (failed) return null;
  const devices = read?.devices.length ?? 0;
  const vehicles = read?.vehicles.length ?? 0;
  if (read?.complete) {
    return (
      <Text size="sm" c={read.truncated ? 'orange' : 'dimmed'}>
        {read.truncated
          ? `Only the first ${count(devices)} cameras and ${count(vehicles)} vehicles were read: choose a group to see the rest.`
          : `From ${count(devices)} ${devices === 1 ? 'camera' : 'cameras'} and ${count(vehicles)} ${vehicles === 1 ? 'vehicle' : 'vehicles'}.`}
      </Text>
    );
  }
  const expected =
    read?.expectedDevices !== null && read?.expectedVehicles !== null && read
      ? read.expectedDevices + read.expectedVehicles
      : null;
  const percent = expected ? Math.min(100, Math.round(((devices + vehicles) / expected) * 100)) : 0;
  const text =
    read && expected !== null
      ? `${count(devices)} of ${count(read.expectedDevices ?? 0)} cameras and ${count(vehicles)} of ${count(read.expectedVehicles ?? 0)} vehicles`
      : `${count(devices)} cameras and ${count(vehicles)} vehicles so far`;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" role="status">
          Reading {text}
        </Text>
        <Text size="xs" c="dimmed">
          The lists grow as they arrive
        </Text>
      </Group>
      <Progress
        value={percent}
        animated
        striped
        aria-label="Cameras and vehicles read"
        aria-valuetext={`${percent}%`}
      />
    </Stack>
  );
}

function IssueList({
  issue,
  days,
  summary,
  devices,
  complete,
  read,
  url,
}: {
  issue: CameraHealthIssue;
  days: number;
  summary: CameraHealth | undefined;
  /** Every camera read so far. */
  devices: readonly Device[];
  complete: boolean;
  read: { error: unknown; refetch: () => unknown };
  url: ListUrl<DevicesSearch>;
}) {
  const list = { complete, read, url, filtered: !!url.search.groupId };
  const scope = url.search.groupId ? ' in this group' : '';
  switch (issue) {
    case 'silent': {
      const place = url.search.silentIn;
      const rows = summary?.silentCameras.filter(
        (row) => !place || (place === 'vehicle') === !!row.device.vehicleId,
      );
      return (
        <InBrowserList<SilentCamera>
          {...list}
          filtered={list.filtered || !!place}
          label={silentTitle(days)}
          noun={`cameras not connected for ${days}+ days`}
          storeKey="camera-health-silent"
          filters={
            <SegmentedControl
              aria-label="Silent cameras to show"
              size="sm"
              value={place ?? 'all'}
              onChange={(value) =>
                url.setFilters({
                  silentIn: silentCameraPlaces.find((known) => known === value),
                })
              }
              data={[
                { value: 'all', label: 'All' },
                { value: 'vehicle', label: 'In a vehicle' },
                { value: 'spare', label: 'Spares' },
              ]}
            />
          }
          rows={rows}
          columns={silentColumns}
          idAccessor={(row) => row.device.deviceId}
          emptyText={
            place
              ? `No ${place === 'spare' ? 'spare camera' : 'camera in a vehicle'}${scope} is silent for ${days}+ days`
              : `Every camera${scope} connected in the last ${days === 1 ? 'day' : `${days} days`}`
          }
        />
      );
    }
    case 'unassigned':
      return (
        <InBrowserList<Device>
          {...list}
          label="Cameras in no vehicle"
          noun="cameras in no vehicle"
          storeKey="camera-health-unassigned"
          rows={summary?.camerasInNoVehicle}
          columns={unassignedColumns}
          idAccessor={(device) => device.deviceId}
          emptyText={`Every camera${scope} is in a vehicle`}
        />
      );
    case 'no-camera':
      return <VehiclesWithNoCamera {...list} summary={summary} scope={scope} />;
    case 'firmware':
      return <FirmwareLists {...list} summary={summary} scope={scope} devices={devices} />;
    case 'groups':
      return <GroupsList {...list} summary={summary} />;
  }
}

// --- Cells shared by the lists ------------------------------------------------------------

function CameraLink({ device }: { device: Device }) {
  return (
    <AnchorLink to="/devices/$deviceId" params={{ deviceId: device.deviceId }} size="sm">
      {device.serialNumber ?? device.deviceId}
    </AnchorLink>
  );
}

function VehicleOfCamera({ device }: { device: Device }) {
  return device.vehicleId ? (
    <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: device.vehicleId }} size="sm">
      {device.vehicleName ?? 'Vehicle'}
    </AnchorLink>
  ) : (
    <Text size="sm" c="dimmed">
      Not in a vehicle
    </Text>
  );
}

function cameraColumns<Row>(deviceOf: (row: Row) => Device): Record<string, ListColumn<Row>> {
  return {
    camera: {
      accessor: 'serialNumber',
      title: 'Camera',
      sortable: true,
      sortValue: (row) => deviceOf(row).serialNumber,
      exportValue: (row) => deviceOf(row).serialNumber ?? deviceOf(row).deviceId,
      render: (row) => <CameraLink device={deviceOf(row)} />,
    },
    lastConnected: {
      accessor: 'lastConnected',
      title: 'Last connected',
      sortable: true,
      sortValue: (row) => parseDateTime(deviceOf(row).lastConnected),
      exportValue: (row) => parseDateTime(deviceOf(row).lastConnected),
      render: (row) =>
        deviceOf(row).lastConnected ? formatDateTime(deviceOf(row).lastConnected) : 'Never',
    },
    vehicle: {
      accessor: 'vehicleName',
      title: 'Vehicle',
      sortable: true,
      sortValue: (row) => deviceOf(row).vehicleName,
      exportValue: (row) => deviceOf(row).vehicleName,
      render: (row) => <VehicleOfCamera device={deviceOf(row)} />,
    },
    status: {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (row) => deviceOf(row).status,
      exportValue: (row) => deviceOf(row).status,
      render: (row) => <DeviceStatusBadge status={deviceOf(row).status} />,
    },
    model: {
      accessor: 'deviceModel',
      title: 'Model',
      sortable: true,
      visibleMediaQuery: '(min-width: 64em)',
      sortValue: (row) => deviceOf(row).deviceModel,
      exportValue: (row) => deviceOf(row).deviceModel,
    },
    firmware: {
      accessor: 'firmwareVersion',
      title: 'Firmware',
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (row) => deviceOf(row).firmwareVersion,
      exportValue: (row) => deviceOf(row).firmwareVersion,
    },
    group: {
      accessor: 'groupName',
      title: 'Group',
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (row) => readableGroupPath(deviceOf(row).groupPath) ?? deviceOf(row).groupName,
      exportValue: (row) => readableGroupPath(deviceOf(row).groupPath) ?? deviceOf(row).groupName,
      render: (row) => {
        const device = deviceOf(row);
        return (
          <Text size="sm" title={readableGroupPath(device.groupPath) ?? undefined}>
            {shortGroupPath(device.groupPath, device.groupName) ?? '—'}
          </Text>
        );
      },
    },
  };
}

const silentCells = cameraColumns<SilentCamera>((row) => row.device);
const silentColumns: ListColumn<SilentCamera>[] = [
  silentCells.camera!,
  {
    accessor: 'silentDays',
    title: 'Silent for',
    sortable: true,
    // Never connected counts as the longest silence.
    sortValue: (row) => row.silentDays ?? Number.MAX_SAFE_INTEGER,
    exportValue: (row) => (row.silentDays === null ? 'Never connected' : row.silentDays),
    render: (row) =>
      row.silentDays === null ? (
        <Badge variant="light" color="red">
          Never connected
        </Badge>
      ) : (
        `${count(row.silentDays)} ${row.silentDays === 1 ? 'day' : 'days'}`
      ),
  },
  silentCells.lastConnected!,
  silentCells.vehicle!,
  silentCells.status!,
  silentCells.group!,
];

const deviceCells = cameraColumns<Device>((device) => device);
const unassignedColumns: ListColumn<Device>[] = [
  deviceCells.camera!,
  deviceCells.status!,
  deviceCells.lastConnected!,
  deviceCells.group!,
  deviceCells.model!,
  deviceCells.firmware!,
];
const firmwareCameraColumns: ListColumn<Device>[] = [
  deviceCells.camera!,
  deviceCells.model!,
  { ...deviceCells.firmware!, visibleMediaQuery: undefined },
  deviceCells.vehicle!,
  deviceCells.group!,
  deviceCells.lastConnected!,
];

// --- Vehicles with no camera --------------------------------------------------------------

interface ListProps {
  complete: boolean;
  read: { error: unknown; refetch: () => unknown };
  url: ListUrl<DevicesSearch>;
  /** A group is chosen: the lists hold only its cameras and vehicles. */
  filtered: boolean;
  summary: CameraHealth | undefined;
}

function VehiclesWithNoCamera({ scope, ...list }: ListProps & { scope: string }) {
  // Vehicle records name their group by ID only.
  const { paths } = useKnownGroupPaths();
  const groupOf = (vehicle: Vehicle) => paths.get(vehicle.groupId.toLowerCase()) ?? null;
  const columns = useMemo(
    (): ListColumn<Vehicle>[] => [
      {
        accessor: 'name',
        title: 'Vehicle',
        sortable: true,
        sortValue: (vehicle) => vehicle.name,
        exportValue: (vehicle) => vehicle.name,
        render: (vehicle) => (
          <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: vehicle.id }} size="sm">
            {vehicle.name}
          </AnchorLink>
        ),
      },
      {
        accessor: 'licensePlateNumber',
        title: 'Plate',
        sortable: true,
        visibleMediaQuery: '(min-width: 48em)',
        sortValue: (vehicle) => vehicle.licensePlateNumber,
        exportValue: (vehicle) => vehicle.licensePlateNumber,
      },
      {
        accessor: 'groupId',
        title: 'Group',
        sortable: true,
        sortValue: groupOf,
        exportValue: groupOf,
        render: (vehicle) => groupOf(vehicle) ?? '—',
      },
      {
        accessor: 'lastConnected',
        title: 'Last connected',
        sortable: true,
        visibleMediaQuery: '(min-width: 48em)',
        sortValue: (vehicle) => parseDateTime(vehicle.lastConnected),
        exportValue: (vehicle) => parseDateTime(vehicle.lastConnected),
        render: (vehicle) =>
          vehicle.lastConnected ? formatDateTime(vehicle.lastConnected) : 'Never',
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- groupOf reads only `paths`
    [paths],
  );
  return (
    <InBrowserList<Vehicle>
      {...list}
      label="Vehicles with no camera"
      noun="vehicles with no camera"
      storeKey="camera-health-no-camera"
      rows={list.summary?.vehiclesWithNoCamera}
      columns={columns}
      idAccessor={(vehicle) => vehicle.id}
      emptyText={`Every vehicle${scope} has a camera`}
    />
  );
}

// --- Firmware -----------------------------------------------------------------------------

/** "ER-SF300 5.37": how a version is named in the list's title and its address. */
function firmwareName(row: Pick<FirmwareVersionRow, 'model' | 'version'>): string {
  return [row.model, row.version ?? 'no version'].filter(Boolean).join(' ');
}

function FirmwareLists({
  scope,
  devices,
  ...list
}: ListProps & { scope: string; devices: readonly Device[] }) {
  const { summary, url } = list;
  const chosen = url.search.firmware;
  const rows = useMemo(() => {
    if (!summary) return undefined;
    if (!chosen) return summary.camerasOnOlderFirmware;
    // All cameras of the chosen version, read again from every camera (not only older ones).
    const version = summary.firmwareVersions.find((row) => firmwareName(row) === chosen);
    return version ? camerasOnFirmware(devices, version) : [];
  }, [summary, devices, chosen]);
  return (
    <Stack gap="md">
      <FirmwareVersionsTable summary={summary} chosen={chosen} url={url} />
      <InBrowserList<Device>
        {...list}
        label={chosen ? `Cameras on ${chosen}` : 'Cameras on older firmware'}
        noun={chosen ? `cameras on ${chosen}` : 'cameras on older firmware'}
        storeKey="camera-health-firmware"
        rows={rows}
        columns={firmwareCameraColumns}
        idAccessor={(device) => device.deviceId}
        emptyText={
          chosen
            ? `No camera${scope} runs ${chosen}`
            : `Every camera${scope} runs the newest firmware of its model`
        }
      />
    </Stack>
  );
}

function FirmwareVersionsTable({
  summary,
  chosen,
  url,
}: {
  summary: CameraHealth | undefined;
  chosen: string | undefined;
  url: ListUrl<DevicesSearch>;
}) {
  if (!summary || summary.firmwareVersions.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label="Firmware versions" withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Model</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th ta="right">Cameras</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.firmwareVersions.map((row) => {
            const name = firmwareName(row);
            return (
              <Table.Tr key={name}>
                <Table.Td>{row.model ?? '—'}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <UnstyledButton
                      onClick={() =>
                        url.setFilters({ firmware: chosen === name ? undefined : name })
                      }
                      aria-pressed={chosen === name}
                      aria-label={`Show the cameras on ${name}`}
                      td="underline"
                      fz="sm"
                    >
                      {row.version ?? 'No version'}
                    </UnstyledButton>
                    {row.older ? (
                      <Badge size="sm" variant="light" color="orange">
                        Older
                      </Badge>
                    ) : (
                      <Badge size="sm" variant="light" color="green">
                        Newest
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{count(row.cameras)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// --- By group -----------------------------------------------------------------------------

function GroupsList(list: ListProps) {
  const { paths } = useKnownGroupPaths();
  const groupName = (row: GroupHealthRow) =>
    paths.get(row.groupId.toLowerCase()) ?? readableGroupPath(row.groupPath) ?? 'No group';
  // This view (and list), narrowed to the row's group.
  const inGroup = (row: GroupHealthRow, changes: Partial<DevicesSearch> = {}): DevicesSearch => ({
    ...list.url.search,
    tab: 'health',
    groupId: row.groupId,
    healthPage: undefined,
    firmware: undefined,
    ...changes,
  });
  const countColumn = (
    accessor: keyof GroupHealthRow & string,
    title: string,
    issue: CameraHealthIssue,
  ): ListColumn<GroupHealthRow> => ({
    accessor,
    title,
    sortable: true,
    textAlign: 'right',
    sortValue: (row) => Number(row[accessor]),
    exportValue: (row) => Number(row[accessor]),
    // The number opens that list, narrowed to the group.
    render: (row) =>
      Number(row[accessor]) > 0 ? (
        <AnchorLink
          to="/devices"
          search={inGroup(row, { issue: issue === 'silent' ? undefined : issue })}
          size="sm"
          aria-label={`${title} in ${groupName(row)}: ${count(Number(row[accessor]))}`}
        >
          {count(Number(row[accessor]))}
        </AnchorLink>
      ) : (
        '0'
      ),
  });
  const columns: ListColumn<GroupHealthRow>[] = [
    {
      accessor: 'groupId',
      title: 'Group',
      sortable: true,
      sortValue: groupName,
      exportValue: groupName,
      render: (row) =>
        row.groupId ? (
          <AnchorLink to="/devices" search={inGroup(row)} size="sm">
            {groupName(row)}
          </AnchorLink>
        ) : (
          groupName(row)
        ),
    },
    countColumn('silentCameras', 'Not connected', 'silent'),
    countColumn('camerasInNoVehicle', 'Cameras in no vehicle', 'unassigned'),
    countColumn('vehiclesWithNoCamera', 'Vehicles with no camera', 'no-camera'),
    countColumn('camerasOnOlderFirmware', 'Older firmware', 'firmware'),
  ];
  return (
    <InBrowserList<GroupHealthRow>
      {...list}
      label="Camera health by group"
      noun="groups needing attention"
      storeKey="camera-health-groups"
      rows={list.summary?.groups}
      columns={columns}
      idAccessor={(row) => row.groupId || 'none'}
      emptyText="No group has anything that needs attention"
    />
  );
}
