import { useMemo } from 'react';
import type { Vehicle } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import type { ListColumn } from '@/components/list/data-list';
import { InBrowserList } from '@/components/list/in-browser-list';
import { useKnownGroupPaths } from '@/components/use-known-group-paths';
import { formatDateTime, parseDateTime } from '@/lib/format';
import type { CameraHealthListProps } from './camera-health-cells';

/** The columns, given how a vehicle's group is named (vehicle records name it by ID only). */
function vehicleColumns(groupOf: (vehicle: Vehicle) => string | null): ListColumn<Vehicle>[] {
  return [
    {
      accessor: 'name',
      title: 'Vehicle',
      sortable: true,
      sortValue: (vehicle) => vehicle.name,
      exportValue: (vehicle) => vehicle.name,
      render: (vehicle) => (
        <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: vehicle.id }} size="sm">
          {vehicle.name}
        </AnchorLink>
      ),
    },
    {
      accessor: 'licensePlateNumber',
      title: 'Plate',
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (vehicle) => vehicle.licensePlateNumber,
      exportValue: (vehicle) => vehicle.licensePlateNumber,
    },
    {
      accessor: 'groupId',
      title: 'Group',
      sortable: true,
      sortValue: groupOf,
      exportValue: groupOf,
      render: (vehicle) => groupOf(vehicle) ?? '—',
    },
    {
      accessor: 'lastConnected',
      title: 'Last connected',
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (vehicle) => parseDateTime(vehicle.lastConnected),
      exportValue: (vehicle) => parseDateTime(vehicle.lastConnected),
      render: (vehicle) =>
        vehicle.lastConnected ? formatDateTime(vehicle.lastConnected) : 'Never',
    },
  ];
}

/** Vehicles that hold no camera. */
export function VehiclesWithNoCameraList({
  scope,
  ...list
}: CameraHealthListProps & { scope: string }) {
  const { paths } = useKnownGroupPaths();
  const columns = useMemo(
    () => vehicleColumns((vehicle) => paths.get(vehicle.groupId.toLowerCase()) ?? null),
    [paths],
  );
  return (
    <InBrowserList<Vehicle>
      {...list}
      label="Vehicles with no camera"
      noun="vehicles with no camera"
      storeKey="camera-health-no-camera"
      rows={list.summary?.vehiclesWithNoCamera}
      columns={columns}
      idAccessor={(vehicle) => vehicle.id}
      emptyText={`Every vehicle${scope} has a camera`}
    />
  );
}
