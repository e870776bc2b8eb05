import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatNumber } from '@/lib/format';
import { count } from './camera-health-cells';
import type { CameraHealthRead } from './camera-health-queries';

/** How far the read has come, as a bar while pages arrive and as a line once it is whole. */
export function CameraHealthReadProgress({
  read,
  failed,
}: {
  read: CameraHealthRead | undefined;
  failed: boolean;
}) {
  const { t } = useLingui();
  if (failed) return null;
  const devices = read?.devices.length ?? 0;
  const vehicles = read?.vehicles.length ?? 0;
  const cameraCount = count(devices);
  const vehicleCount = count(vehicles);
  if (read?.complete) {
    return (
      <Text size="sm" c={read.truncated ? 'orange' : 'dimmed'}>
        {read.truncated
          ? t`Only the first ${cameraCount} cameras and ${vehicleCount} vehicles were read: choose a group to see the rest.`
          : t`From ${plural(devices, { one: '# camera', other: '# cameras' })} and ${plural(vehicles, { one: '# vehicle', other: '# vehicles' })}.`}
      </Text>
    );
  }
  const expected =
    read?.expectedDevices !== null && read?.expectedVehicles !== null && read
      ? read.expectedDevices + read.expectedVehicles
      : null;
  const percent = expected ? Math.min(100, Math.round(((devices + vehicles) / expected) * 100)) : 0;
  const expectedCameras = count(read?.expectedDevices ?? 0);
  const expectedVehicles = count(read?.expectedVehicles ?? 0);
  const text =
    read && expected !== null
      ? t`Reading ${cameraCount} of ${expectedCameras} cameras and ${vehicleCount} of ${expectedVehicles} vehicles`
      : t`Reading ${cameraCount} cameras and ${vehicleCount} vehicles so far`;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" role="status">
          {text}
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>The lists grow as they arrive</Trans>
        </Text>
      </Group>
      <Progress
        value={percent}
        animated
        striped
        aria-label={t`Cameras and vehicles read`}
        aria-valuetext={formatNumber(percent / 100, { style: 'percent' })}
      />
    </Stack>
  );
}
