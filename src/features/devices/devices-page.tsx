import 'mantine-datatable/styles.layer.css';
import { Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import {
  deviceListQueryOptions,
  deviceSortFields,
  knownDeviceStatuses,
  type Device,
  type DeviceSortField,
} from '@/api/devices';
import { AnchorLink } from '@/components/anchor-link';
import { GroupPicker } from '@/components/group-picker';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatDateTime } from '@/lib/format';
import { AssignmentChangesPanel } from './assignment-changes-panel';
import { DeviceStatusBadge } from './device-status-badge';
import { DEFAULT_DEVICES_PAGE_SIZE, devicesListParams } from './devices-search';
import { readableGroupPath, shortGroupPath } from './group-path';

const route = getRouteApi('/_auth/devices/');

function isSortField(value: string): value is DeviceSortField {
  return (deviceSortFields as readonly string[]).includes(value);
}

export function DevicesPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <Stack>
      <PageHeader
        title="Devices"
        description="Cameras, the vehicle each one is in, and when they moved between vehicles."
      />
      <GroupPicker
        label="Group (with subgroups)"
        value={search.groupId ?? null}
        onChange={(groupId) =>
          void navigate({
            search: (previous) => ({
              ...previous,
              groupId: groupId ?? undefined,
              page: undefined,
              changesPage: undefined,
            }),
          })
        }
        w={320}
      />
      <Tabs
        value={search.tab ?? 'devices'}
        onChange={(tab) =>
          void navigate({
            search: (previous) => ({ ...previous, tab: tab === 'changes' ? 'changes' : undefined }),
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="devices">Devices</Tabs.Tab>
          <Tabs.Tab value="changes">Assignment changes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="devices" pt="md">
          <DeviceListPanel />
        </Tabs.Panel>
        <Tabs.Panel value="changes" pt="md">
          <AssignmentChangesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function DeviceListPanel() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const devicesQuery = useQuery({
    ...deviceListQueryOptions(devicesListParams(search)),
    placeholderData: keepPreviousData,
  });
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_DEVICES_PAGE_SIZE;

  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label="Status"
          placeholder="Any status"
          data={[...knownDeviceStatuses]}
          clearable
          value={search.status ?? null}
          onChange={(status) =>
            void navigate({
              search: (previous) => ({ ...previous, status: status ?? undefined, page: undefined }),
            })
          }
          w={260}
        />
      </Group>
      {devicesQuery.error ? (
        <QueryErrorAlert
          title="The devices could not be loaded"
          error={devicesQuery.error}
          onRetry={() => void devicesQuery.refetch()}
        />
      ) : (
        <DataTable<Device>
          aria-label="Devices"
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={200}
          idAccessor="deviceId"
          records={devicesQuery.data?.items ?? []}
          fetching={devicesQuery.isFetching}
          loaderType="dots"
          noRecordsText={
            search.status || search.groupId ? 'No devices match these filters' : 'No devices yet'
          }
          totalRecords={devicesQuery.data?.total ?? 0}
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
            columnAccessor: search.sort ?? 'serialNumber',
            direction: search.order ?? 'asc',
          }}
          onSortStatusChange={({ columnAccessor, direction }) => {
            const sort = String(columnAccessor);
            if (!isSortField(sort)) return;
            void navigate({
              search: (previous) => ({ ...previous, sort, order: direction, page: undefined }),
            });
          }}
          columns={[
            {
              accessor: 'serialNumber',
              title: 'Serial number',
              sortable: true,
              render: (device) => (
                <AnchorLink
                  to="/devices/$deviceId"
                  params={{ deviceId: device.deviceId }}
                  size="sm"
                >
                  {device.serialNumber ?? device.deviceId}
                </AnchorLink>
              ),
            },
            {
              accessor: 'deviceModel',
              title: 'Model',
              sortable: true,
              visibleMediaQuery: '(min-width: 48em)',
            },
            {
              accessor: 'firmwareVersion',
              title: 'Firmware',
              sortable: true,
              visibleMediaQuery: '(min-width: 64em)',
            },
            {
              accessor: 'status',
              title: 'Status',
              sortable: true,
              render: (device) => <DeviceStatusBadge status={device.status} />,
            },
            {
              accessor: 'groupName',
              title: 'Group',
              visibleMediaQuery: '(min-width: 48em)',
              sortable: true,
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
              render: (device) =>
                device.vehicleId ? (
                  <AnchorLink
                    to="/vehicles/$vehicleId"
                    params={{ vehicleId: device.vehicleId }}
                    size="sm"
                  >
                    {device.vehicleName ?? 'Vehicle'}
                  </AnchorLink>
                ) : (
                  <Text size="sm" c="dimmed">
                    Not in a vehicle
                  </Text>
                ),
            },
            {
              accessor: 'lastConnected',
              title: 'Last connected',
              visibleMediaQuery: '(min-width: 48em)',
              sortable: true,
              render: (device) => formatDateTime(device.lastConnected),
            },
          ]}
        />
      )}
    </Stack>
  );
}
