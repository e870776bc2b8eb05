import { msg, plural } from '@lingui/core/macro';
import { useLingui as useTranslator } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, SegmentedControl } from '@mantine/core';
import { useMemo } from 'react';
import type { ListColumn } from '@/components/list/data-list';
import { InBrowserList } from '@/components/list/in-browser-list';
import type { Translate } from './assignment-change';
import type { SilentCamera } from './camera-health';
import { cameraColumns, type CameraHealthListProps } from './camera-health-cells';
import { silentCameraPlaces } from './devices-search';

/** "Not connected for 7+ days": the silent list's name at the chosen number of days. */
export function silentTitle(days: number): string {
  return plural(days, {
    one: 'Not connected for a day or more',
    other: 'Not connected for #+ days',
  });
}

function silentColumns(translate: Translate): ListColumn<SilentCamera>[] {
  const silentCells = cameraColumns<SilentCamera>((row) => row.device, translate);
  return [
    silentCells.camera,
    {
      accessor: 'silentDays',
      title: translate(msg`Silent for`),
      sortable: true,
      // Never connected counts as the longest silence.
      sortValue: (row) => row.silentDays ?? Number.MAX_SAFE_INTEGER,
      exportValue: (row) =>
        row.silentDays === null ? translate(msg`Never connected`) : row.silentDays,
      render: (row) => {
        const days = row.silentDays;
        if (days === null) {
          return (
            <Badge variant="light" color="red">
              <Trans>Never connected</Trans>
            </Badge>
          );
        }
        return translate(msg({ message: plural(days, { one: '# day', other: '# days' }) }));
      },
    },
    silentCells.lastConnected,
    silentCells.vehicle,
    silentCells.status,
    silentCells.group,
  ];
}

/** Cameras silent for the chosen number of days (or never connected), all or by where they are. */
export function SilentCamerasList({
  days,
  inGroup,
  ...list
}: CameraHealthListProps & { days: number; inGroup: boolean }) {
  const { t } = useLingui();
  const { _: translate } = useTranslator();
  const columns = useMemo(() => silentColumns(translate), [translate]);
  const { summary, url } = list;
  const place = url.search.silentIn;
  /** Each case a whole sentence, so every language can word it its own way. */
  const emptyText = (): string => {
    if (place === 'spare') {
      return inGroup
        ? t`No spare camera in this group is silent for ${days}+ days`
        : t`No spare camera is silent for ${days}+ days`;
    }
    if (place === 'vehicle') {
      return inGroup
        ? t`No camera in a vehicle in this group is silent for ${days}+ days`
        : t`No camera in a vehicle is silent for ${days}+ days`;
    }
    return inGroup
      ? plural(days, {
          one: 'Every camera in this group connected in the last day',
          other: 'Every camera in this group connected in the last # days',
        })
      : plural(days, {
          one: 'Every camera connected in the last day',
          other: 'Every camera connected in the last # days',
        });
  };
  const rows = summary?.silentCameras.filter(
    (row) => !place || (place === 'vehicle') === !!row.device.vehicleId,
  );
  return (
    <InBrowserList<SilentCamera>
      {...list}
      filtered={list.filtered || !!place}
      label={silentTitle(days)}
      noun={t`cameras not connected for ${days}+ days`}
      storeKey="camera-health-silent"
      filters={
        <SegmentedControl
          aria-label={t`Silent cameras to show`}
          size="sm"
          value={place ?? 'all'}
          onChange={(value) =>
            url.setFilters({
              silentIn: silentCameraPlaces.find((known) => known === value),
            })
          }
          data={[
            { value: 'all', label: t`All` },
            { value: 'vehicle', label: t`In a vehicle` },
            { value: 'spare', label: t`Spares` },
          ]}
        />
      }
      rows={rows}
      columns={columns}
      idAccessor={(row) => row.device.deviceId}
      emptyText={emptyText()}
    />
  );
}
