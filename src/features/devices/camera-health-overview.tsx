import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { deviceListQueryOptions } from '@/api/devices';
import { vehicleListQueryOptions } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { formatNumber } from '@/lib/format';
import { cameraHealthOf } from './camera-health';
import {
  CAMERA_HEALTH_PAGE_SIZE,
  cameraHealthQueryOptions,
  type CameraHealthRead,
} from './camera-health-queries';
import { DEFAULT_SILENT_DAYS, type CameraHealthIssue } from './devices-search';

/** The overview's own count requests: read from its cache, never sent again from here. */
const COUNT_ONLY = { pageIndex: 0, pageSize: 1 };

interface CameraHealthCounts {
  silentCameras: number;
  camerasInNoVehicle: number;
  vehiclesWithNoCamera: number;
  camerasOnOlderFirmware: number;
}

function countsOf(read: CameraHealthRead): CameraHealthCounts | null {
  if (!read.complete || read.truncated) return null;
  const health = cameraHealthOf(read.devices, read.vehicles, {
    silentDays: DEFAULT_SILENT_DAYS,
    nowMs: Date.now(),
  });
  return {
    silentCameras: health.silentCameras.length,
    camerasInNoVehicle: health.camerasInNoVehicle.length,
    vehiclesWithNoCamera: health.vehiclesWithNoCamera.length,
    camerasOnOlderFirmware: health.camerasOnOlderFirmware.length,
  };
}

/**
 * The overview's camera-health counts, each linking to its list. They come from the view's own
 * read of the fleet: started here only when the fleet is one page of cameras and one of vehicles
 * (two requests, after the overview's counts say so), and otherwise shown once the view has read it.
 */
export function CameraHealthOverview({ groupId }: { groupId?: string }) {
  const { t } = useLingui();
  // As the camera-health page reads its `groupId`: the group with its subgroups.
  const scope = groupId ? { groupId, includeSubgroups: true } : {};
  const devices = useQuery(deviceListQueryOptions({ page: COUNT_ONLY, ...scope }));
  const vehicles = useQuery(vehicleListQueryOptions({ page: COUNT_ONLY, ...scope }));
  const deviceTotal = devices.data?.total;
  const vehicleTotal = vehicles.data?.total;
  const onePageEach =
    deviceTotal != null &&
    vehicleTotal != null &&
    deviceTotal <= CAMERA_HEALTH_PAGE_SIZE &&
    vehicleTotal <= CAMERA_HEALTH_PAGE_SIZE;
  const health = useQuery({
    ...cameraHealthQueryOptions(scope),
    enabled: onePageEach,
    select: countsOf,
  });
  const counts = health.data;
  const waitingForTotals = devices.isPending || vehicles.isPending;
  const silentDays = DEFAULT_SILENT_DAYS;
  // Named, so translators see {silentCameras}, not {0}.
  const silentCameras = counts?.silentCameras ?? 0;
  const camerasInNoVehicle = counts?.camerasInNoVehicle ?? 0;
  const vehiclesWithNoCamera = counts?.vehiclesWithNoCamera ?? 0;
  const camerasOnOlderFirmware = counts?.camerasOnOlderFirmware ?? 0;
  const cameraCount = formatNumber(deviceTotal ?? 0);
  const vehicleCount = formatNumber(vehicleTotal ?? 0);

  return (
    <Card withBorder component="section" aria-labelledby="camera-health-title">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="camera-health-title">
          <Trans>Camera health</Trans>
        </Title>
        <AnchorLink to="/devices" search={{ tab: 'health', groupId }} size="sm">
          <Trans>Open camera health</Trans>
        </AnchorLink>
      </Group>
      {health.error || devices.error || vehicles.error ? (
        <Text c="red" size="sm" role="alert">
          <Trans>Could not be counted.</Trans>
        </Text>
      ) : counts ? (
        <Stack gap={4}>
          <CountLink
            text={plural(silentCameras, {
              one: `# camera not connected for ${silentDays}+ days`,
              other: `# cameras not connected for ${silentDays}+ days`,
            })}
            issue="silent"
            groupId={groupId}
          />
          <CountLink
            text={plural(camerasInNoVehicle, {
              one: '# camera in no vehicle',
              other: '# cameras in no vehicle',
            })}
            issue="unassigned"
            groupId={groupId}
          />
          <CountLink
            text={plural(vehiclesWithNoCamera, {
              one: '# vehicle with no camera',
              other: '# vehicles with no camera',
            })}
            issue="no-camera"
            groupId={groupId}
          />
          <CountLink
            text={plural(camerasOnOlderFirmware, {
              one: '# camera on older firmware',
              other: '# cameras on older firmware',
            })}
            issue="firmware"
            groupId={groupId}
          />
        </Stack>
      ) : waitingForTotals || (onePageEach && health.isFetching) ? (
        <Stack gap={6} role="status" aria-label={t`Counting what needs attention`}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={20} width="70%" />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t`${cameraCount} cameras and ${vehicleCount} vehicles: too many to count here, they are counted on the camera-health page.`}
        </Text>
      )}
    </Card>
  );
}

/** `text` holds its count: "3 cameras in no vehicle". */
function CountLink({
  text,
  issue,
  groupId,
}: {
  text: string;
  issue: CameraHealthIssue;
  groupId: string | undefined;
}) {
  return (
    <Text size="sm">
      <AnchorLink
        to="/devices"
        search={{ tab: 'health', issue: issue === 'silent' ? undefined : issue, groupId }}
        fw={600}
      >
        {text}
      </AnchorLink>
    </Text>
  );
}
