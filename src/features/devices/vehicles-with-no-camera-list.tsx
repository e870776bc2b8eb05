import { msg } from '@lingui/core/macro';
import { useLingui as useTranslator } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Vehicle } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import type { ListColumn } from '@/components/list/data-list';
import { InBrowserList } from '@/components/list/in-browser-list';
import { useKnownGroupPaths } from '@/components/use-known-group-paths';
import { formatDateTime, parseDateTime } from '@/lib/format';
import type { Translate } from './assignment-change';
import type { CameraHealthListProps } from './camera-health-cells';

/** The columns, given how a vehicle's group is named (vehicle records name it by ID only). */
function vehicleColumns(
  groupOf: (vehicle: Vehicle) => string | null,
  translate: Translate,
): ListColumn<Vehicle>[] {
  return [
    {
      accessor: 'name',
      title: translate(msg`Vehicle`),
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
      title: translate(msg`Plate`),
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (vehicle) => vehicle.licensePlateNumber,
      exportValue: (vehicle) => vehicle.licensePlateNumber,
    },
    {
      accessor: 'groupId',
      title: translate(msg`Group`),
      sortable: true,
      sortValue: groupOf,
      exportValue: groupOf,
      render: (vehicle) => groupOf(vehicle) ?? '—',
    },
    {
      accessor: 'lastConnected',
      title: translate(msg`Last connected`),
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      sortValue: (vehicle) => parseDateTime(vehicle.lastConnected),
      exportValue: (vehicle) => parseDateTime(vehicle.lastConnected),
      render: (vehicle) =>
        vehicle.lastConnected ? formatDateTime(vehicle.lastConnected) : translate(msg`Never`),
    },
  ];
}

/** Vehicles that hold no camera. */
export function VehiclesWithNoCameraList({
  inGroup,
  ...list
}: CameraHealthListProps & { inGroup: boolean }) {
  const { t } = useLingui();
  const { _: translate } = useTranslator();
  const { paths } = useKnownGroupPaths();
  const columns = useMemo(
    () => vehicleColumns((vehicle) => paths.get(vehicle.groupId.toLowerCase()) ?? null, translate),
    [paths, translate],
  );
  return (
    <InBrowserList<Vehicle>
      {...list}
      label={t`Vehicles with no camera`}
      noun={t`vehicles with no camera`}
      storeKey="camera-health-no-camera"
      rows={list.summary?.vehiclesWithNoCamera}
      columns={columns}
      idAccessor={(vehicle) => vehicle.id}
      emptyText={
        inGroup ? t`Every vehicle in this group has a camera` : t`Every vehicle has a camera`
      }
    />
  );
}
