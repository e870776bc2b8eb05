import { Badge, SegmentedControl } from '@mantine/core';
import type { ListColumn } from '@/components/list/data-list';
import { InBrowserList } from '@/components/list/in-browser-list';
import type { SilentCamera } from './camera-health';
import { cameraColumns, count, type CameraHealthListProps } from './camera-health-cells';
import { silentCameraPlaces } from './devices-search';

/** "Not connected for 7+ days": the silent list's name at the chosen number of days. */
export function silentTitle(days: number): string {
  return days === 1 ? 'Not connected for a day or more' : `Not connected for ${days}+ days`;
}

const silentCells = cameraColumns<SilentCamera>((row) => row.device);
const silentColumns: ListColumn<SilentCamera>[] = [
  silentCells.camera,
  {
    accessor: 'silentDays',
    title: 'Silent for',
    sortable: true,
    // Never connected counts as the longest silence.
    sortValue: (row) => row.silentDays ?? Number.MAX_SAFE_INTEGER,
    exportValue: (row) => (row.silentDays === null ? 'Never connected' : row.silentDays),
    render: (row) =>
      row.silentDays === null ? (
        <Badge variant="light" color="red">
          Never connected
        </Badge>
      ) : (
        `${count(row.silentDays)} ${row.silentDays === 1 ? 'day' : 'days'}`
      ),
  },
  silentCells.lastConnected,
  silentCells.vehicle,
  silentCells.status,
  silentCells.group,
];

/** Cameras silent for the chosen number of days (or never connected), all or by where they are. */
export function SilentCamerasList({
  days,
  scope,
  ...list
}: CameraHealthListProps & { days: number; scope: string }) {
  const { summary, url } = list;
  const place = url.search.silentIn;
  const rows = summary?.silentCameras.filter(
    (row) => !place || (place === 'vehicle') === !!row.device.vehicleId,
  );
  return (
    <InBrowserList<SilentCamera>
      {...list}
      filtered={list.filtered || !!place}
      label={silentTitle(days)}
      noun={`cameras not connected for ${days}+ days`}
      storeKey="camera-health-silent"
      filters={
        <SegmentedControl
          aria-label="Silent cameras to show"
          size="sm"
          value={place ?? 'all'}
          onChange={(value) =>
            url.setFilters({
              silentIn: silentCameraPlaces.find((known) => known === value),
            })
          }
          data={[
            { value: 'all', label: 'All' },
            { value: 'vehicle', label: 'In a vehicle' },
            { value: 'spare', label: 'Spares' },
          ]}
        />
      }
      rows={rows}
      columns={silentColumns}
      idAccessor={(row) => row.device.deviceId}
      emptyText={
        place
          ? `No ${place === 'spare' ? 'spare camera' : 'camera in a vehicle'}${scope} is silent for ${days}+ days`
          : `Every camera${scope} connected in the last ${days === 1 ? 'day' : `${days} days`}`
      }
    />
  );
}
