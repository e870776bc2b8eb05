import { useLingui as useTranslator } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Table, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import type { Device } from '@/api/devices';
import type { ListColumn } from '@/components/list/data-list';
import { InBrowserList } from '@/components/list/in-browser-list';
import type { ListUrl } from '@/components/list/use-list-url';
import { camerasOnFirmware, type CameraHealth, type FirmwareVersionRow } from './camera-health';
import { count, deviceColumns, type CameraHealthListProps } from './camera-health-cells';
import type { DevicesSearch } from './devices-search';

/**
 * "ER-SF300 5.37": how a version is named in the list's title and its address. The address holds
 * it, so "no version" stays in English there: a shared link must work in every language.
 */
function firmwareName(row: Pick<FirmwareVersionRow, 'model' | 'version'>): string {
  return [row.model, row.version ?? 'no version'].filter(Boolean).join(' ');
}

/** The firmware versions of each model, and the cameras on older ones (or on a chosen one). */
export function FirmwareLists({
  inGroup,
  devices,
  ...list
}: CameraHealthListProps & { inGroup: boolean; devices: readonly Device[] }) {
  const { t } = useLingui();
  const { _: translate } = useTranslator();
  const columns = useMemo((): ListColumn<Device>[] => {
    const cells = deviceColumns(translate);
    return [
      cells.camera,
      cells.model,
      { ...cells.firmware, visibleMediaQuery: undefined },
      cells.vehicle,
      cells.group,
      cells.lastConnected,
    ];
  }, [translate]);
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
        label={chosen ? t`Cameras on ${chosen}` : t`Cameras on older firmware`}
        noun={chosen ? t`cameras on ${chosen}` : t`cameras on older firmware`}
        storeKey="camera-health-firmware"
        rows={rows}
        columns={columns}
        idAccessor={(device) => device.deviceId}
        emptyText={
          chosen
            ? inGroup
              ? t`No camera in this group runs ${chosen}`
              : t`No camera runs ${chosen}`
            : inGroup
              ? t`Every camera in this group runs the newest firmware of its model`
              : t`Every camera runs the newest firmware of its model`
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
  const { t } = useLingui();
  if (!summary || summary.firmwareVersions.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={t`Firmware versions`} withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Model</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Version</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Cameras</Trans>
            </Table.Th>
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
                      aria-label={t`Show the cameras on ${name}`}
                      td="underline"
                      fz="sm"
                    >
                      {row.version ?? t`No version`}
                    </UnstyledButton>
                    {row.older ? (
                      <Badge size="sm" variant="light" color="orange">
                        <Trans>Older</Trans>
                      </Badge>
                    ) : (
                      <Badge size="sm" variant="light" color="green">
                        <Trans>Newest</Trans>
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
