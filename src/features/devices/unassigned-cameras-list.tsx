import type { Device } from '@/api/devices';
import type { ListColumn } from '@/components/list/data-list';
import { InBrowserList } from '@/components/list/in-browser-list';
import { deviceColumns, type CameraHealthListProps } from './camera-health-cells';

const unassignedColumns: ListColumn<Device>[] = [
  deviceColumns.camera,
  deviceColumns.status,
  deviceColumns.lastConnected,
  deviceColumns.group,
  deviceColumns.model,
  deviceColumns.firmware,
];

/** Cameras that are in no vehicle. */
export function UnassignedCamerasList({
  scope,
  ...list
}: CameraHealthListProps & { scope: string }) {
  return (
    <InBrowserList<Device>
      {...list}
      label="Cameras in no vehicle"
      noun="cameras in no vehicle"
      storeKey="camera-health-unassigned"
      rows={list.summary?.camerasInNoVehicle}
      columns={unassignedColumns}
      idAccessor={(device) => device.deviceId}
      emptyText={`Every camera${scope} is in a vehicle`}
    />
  );
}
