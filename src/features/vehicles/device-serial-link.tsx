import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  deviceDetailQueryOptions,
  deviceSerialIndexQueryOptions,
  type DeviceScope,
} from '@/api/devices';
import { AnchorLink } from '@/components/anchor-link';
import { LoadingStatus } from '@/components/page-loader';

/** A vehicle knows only its camera's ID; the serial people recognise comes from the device API. */
export function DeviceSerialLink({ deviceId }: { deviceId: string }) {
  const { t } = useLingui();
  const device = useQuery(deviceDetailQueryOptions(deviceId));
  if (device.isPending) return <LoadingStatus size="xs" label={t`Loading the camera`} />;
  if (device.error) {
    return (
      <Text size="sm" c="dimmed" title={deviceId}>
        <Trans>Unknown camera</Trans>
      </Text>
    );
  }
  return (
    <AnchorLink to="/devices/$deviceId" params={{ deviceId }} size="sm">
      {device.data.serialNumber ?? deviceId}
    </AnchorLink>
  );
}

/** The serials of a vehicle list's cameras from the device list, read once for the list's group scope. */
export function useDeviceSerialIndex(scope: DeviceScope) {
  return useQuery(deviceSerialIndexQueryOptions(scope));
}

interface DeviceSerialCellProps {
  deviceId: string;
  index: ReturnType<typeof useDeviceSerialIndex>;
}

/**
 * A camera's serial for a table cell, from the list's serial index. A camera the index does not
 * hold (in another group, or beyond the index's cap) links to its page, which loads it when opened,
 * so a page of rows never turns into a request per row.
 */
export function DeviceSerialCell({ deviceId, index }: DeviceSerialCellProps) {
  const { t } = useLingui();
  if (index.isPending) return <LoadingStatus size="xs" label={t`Loading the camera`} />;
  const serial = index.data?.serialById[deviceId.toLowerCase()];
  return (
    <AnchorLink
      to="/devices/$deviceId"
      params={{ deviceId }}
      size="sm"
      c={serial ? undefined : 'dimmed'}
      title={serial ? undefined : deviceId}
    >
      {serial ?? t`Open camera`}
    </AnchorLink>
  );
}
