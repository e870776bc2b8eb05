import { Badge, Group, Stack, Table, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import type { Device } from '@/api/devices';
import type { ListColumn } from '@/components/list/data-list';
import { InBrowserList } from '@/components/list/in-browser-list';
import type { ListUrl } from '@/components/list/use-list-url';
import { camerasOnFirmware, type CameraHealth, type FirmwareVersionRow } from './camera-health';
import { count, deviceColumns, type CameraHealthListProps } from './camera-health-cells';
import type { DevicesSearch } from './devices-search';

const firmwareCameraColumns: ListColumn<Device>[] = [
  deviceColumns.camera,
  deviceColumns.model,
  { ...deviceColumns.firmware, visibleMediaQuery: undefined },
  deviceColumns.vehicle,
  deviceColumns.group,
  deviceColumns.lastConnected,
];

/** "ER-SF300 5.37": how a version is named in the list's title and its address. */
function firmwareName(row: Pick<FirmwareVersionRow, 'model' | 'version'>): string {
  return [row.model, row.version ?? 'no version'].filter(Boolean).join(' ');
}

/** The firmware versions of each model, and the cameras on older ones (or on a chosen one). */
export function FirmwareLists({
  scope,
  devices,
  ...list
}: CameraHealthListProps & { scope: string; devices: readonly Device[] }) {
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
