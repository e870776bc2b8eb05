import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, NumberInput, Stack, Tabs } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import type { Device } from '@/api/devices';
import { ListError } from '@/components/list/list-states';
import { useListUrl, type ListUrl } from '@/components/list/use-list-url';
import { cameraHealthOf, type CameraHealth } from './camera-health';
import { count } from './camera-health-cells';
import { cameraHealthQueryOptions } from './camera-health-queries';
import { CameraHealthReadProgress } from './camera-health-read-progress';
import {
  DEFAULT_SILENT_DAYS,
  devicesScope,
  type CameraHealthIssue,
  type DevicesSearch,
} from './devices-search';
import { FirmwareLists } from './firmware-lists';
import { GroupHealthList } from './group-health-list';
import { SilentCamerasList, silentTitle } from './silent-cameras-list';
import { UnassignedCamerasList } from './unassigned-cameras-list';
import { VehiclesWithNoCameraList } from './vehicles-with-no-camera-list';

const route = getRouteApi('/_auth/devices/');
const DEFAULT_HEALTH_PAGE_SIZE = 25;
const NO_DEVICES: readonly Device[] = [];

/**
 * Camera health: what needs a fleet admin's attention across the cameras and vehicles of the
 * chosen group, read whole in the background (the lists grow while the read goes on).
 */
export function CameraHealthPanel() {
  const { t } = useLingui();
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
          label={t`Not connected for (days)`}
          description={t`Cameras silent this long, or never connected`}
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
          <Trans>Refresh</Trans>
        </Button>
      </Group>
      <CameraHealthReadProgress read={health.data} failed={!!health.error} />
      {health.error && !summary ? (
        <ListError noun={t`cameras and vehicles`} list={listRead} />
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
          <Tabs.List aria-label={t`What needs attention`}>
            <IssueTab value="silent" label={silentTitle(days)} total={summary?.silentCameras} />
            <IssueTab
              value="unassigned"
              label={t`Cameras in no vehicle`}
              total={summary?.camerasInNoVehicle}
            />
            <IssueTab
              value="no-camera"
              label={t`Vehicles with no camera`}
              total={summary?.vehiclesWithNoCamera}
            />
            <IssueTab
              value="firmware"
              label={t`Older firmware`}
              total={summary?.camerasOnOlderFirmware}
            />
            <IssueTab value="groups" label={t`By group`} total={summary?.groups} />
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
  const list = { complete, read, url, summary, filtered: !!url.search.groupId };
  const inGroup = !!url.search.groupId;
  switch (issue) {
    case 'silent':
      return <SilentCamerasList {...list} inGroup={inGroup} days={days} />;
    case 'unassigned':
      return <UnassignedCamerasList {...list} inGroup={inGroup} />;
    case 'no-camera':
      return <VehiclesWithNoCameraList {...list} inGroup={inGroup} />;
    case 'firmware':
      return <FirmwareLists {...list} inGroup={inGroup} devices={devices} />;
    case 'groups':
      return <GroupHealthList {...list} />;
  }
}
