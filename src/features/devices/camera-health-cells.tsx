import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { Device } from '@/api/devices';
import { AnchorLink } from '@/components/anchor-link';
import type { ListColumn } from '@/components/list/data-list';
import type { ListUrl } from '@/components/list/use-list-url';
import { formatDateTime, formatNumber, parseDateTime } from '@/lib/format';
import type { Translate } from './assignment-change';
import type { CameraHealth } from './camera-health';
import { DeviceStatusBadge } from './device-status-badge';
import { deviceStatusLabel } from './device-status-labels';
import type { DevicesSearch } from './devices-search';
import { readableGroupPath, shortGroupPath } from './group-path';

/** A count with the chosen language's separators. */
export const count = (value: number) => formatNumber(value);

/** What every camera health list is given by the panel. */
export interface CameraHealthListProps {
  complete: boolean;
  read: { error: unknown; refetch: () => unknown };
  url: ListUrl<DevicesSearch>;
  /** A group is chosen: the lists hold only its cameras and vehicles. */
  filtered: boolean;
  summary: CameraHealth | undefined;
}

function CameraLink({ device }: { device: Device }) {
  return (
    <AnchorLink to="/devices/$deviceId" params={{ deviceId: device.deviceId }} size="sm">
      {device.serialNumber ?? device.deviceId}
    </AnchorLink>
  );
}

/** The vehicle a camera is in, as a link, or that it is in none. */
export function VehicleOfCamera({ device }: { device: Device }) {
  const { t } = useLingui();
  return device.vehicleId ? (
    <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: device.vehicleId }} size="sm">
      {device.vehicleName ?? t`Vehicle`}
    </AnchorLink>
  ) : (
    <Text size="sm" c="dimmed">
      <Trans>Not in a vehicle</Trans>
    </Text>
  );
}

type CameraColumnName =
  'camera' | 'lastConnected' | 'vehicle' | 'status' | 'model' | 'firmware' | 'group';

/** The camera columns the lists pick from, for rows that hold a camera (or are one). */
export function cameraColumns<Row>(
  deviceOf: (row: Row) => Device,
  translate: Translate,
): Record<CameraColumnName, ListColumn<Row>> {
  return {
    camera: {
      accessor: 'serialNumber',
      title: translate(msg`Camera`),
      sortable: true,
      sortValue: (row) => deviceOf(row).serialNumber,
      exportValue: (row) => deviceOf(row).serialNumber ?? deviceOf(row).deviceId,
      render: (row) => <CameraLink device={deviceOf(row)} />,
    },
    lastConnected: {
      accessor: 'lastConnected',
      title: translate(msg`Last connected`),
      sortable: true,
      sortValue: (row) => parseDateTime(deviceOf(row).lastConnected),
      exportValue: (row) => parseDateTime(deviceOf(row).lastConnected),
      render: (row) =>
        deviceOf(row).lastConnected
          ? formatDateTime(deviceOf(row).lastConnected)
          : translate(msg`Never`),
    },
    vehicle: {
      accessor: 'vehicleName',
      title: translate(msg`Vehicle`),
      sortable: true,
      sortValue: (row) => deviceOf(row).vehicleName,
      exportValue: (row) => deviceOf(row).vehicleName,
      render: (row) => <VehicleOfCamera device={deviceOf(row)} />,
    },
    status: {
      accessor: 'status',
      title: translate(msg`Status`),
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (row) => deviceOf(row).status,
      exportValue: (row) => {
        const status = deviceOf(row).status;
        return status ? deviceStatusLabel(status, translate) : status;
      },
      render: (row) => <DeviceStatusBadge status={deviceOf(row).status} />,
    },
    model: {
      accessor: 'deviceModel',
      title: translate(msg`Model`),
      sortable: true,
      visibleMediaQuery: '(min-width: 64em)',
      sortValue: (row) => deviceOf(row).deviceModel,
      exportValue: (row) => deviceOf(row).deviceModel,
    },
    firmware: {
      accessor: 'firmwareVersion',
      title: translate(msg`Firmware`),
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (row) => deviceOf(row).firmwareVersion,
      exportValue: (row) => deviceOf(row).firmwareVersion,
    },
    group: {
      accessor: 'groupName',
      title: translate(msg`Group`),
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

/** The camera columns for lists whose rows are cameras. */
export function deviceColumns(translate: Translate) {
  return cameraColumns<Device>((device) => device, translate);
}
