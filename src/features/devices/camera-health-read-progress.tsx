import { Group, Progress, Stack, Text } from '@mantine/core';
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
