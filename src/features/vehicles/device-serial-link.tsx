import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { deviceDetailQueryOptions } from '@/api/devices';
import { AnchorLink } from '@/components/anchor-link';
import { LoadingStatus } from '@/components/page-loader';

/** A vehicle knows only its camera's ID; the serial people recognise comes from the device API. */
export function DeviceSerialLink({ deviceId }: { deviceId: string }) {
  const device = useQuery(deviceDetailQueryOptions(deviceId));
  if (device.isPending) return <LoadingStatus size="xs" label="Loading the camera" />;
  if (device.error) {
    return (
      <Text size="sm" c="dimmed" title={deviceId}>
        Unknown camera
      </Text>
    );
  }
  return (
    <AnchorLink to="/devices/$deviceId" params={{ deviceId }} size="sm">
      {device.data.serialNumber ?? deviceId}
    </AnchorLink>
  );
}
