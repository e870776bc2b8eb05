import { useLingui as useTranslator } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Device } from '@/api/devices';
import type { ListColumn } from '@/components/list/data-list';
import { InBrowserList } from '@/components/list/in-browser-list';
import { deviceColumns, type CameraHealthListProps } from './camera-health-cells';

/** Cameras that are in no vehicle. */
export function UnassignedCamerasList({
  inGroup,
  ...list
}: CameraHealthListProps & { inGroup: boolean }) {
  const { t } = useLingui();
  const { _: translate } = useTranslator();
  const columns = useMemo((): ListColumn<Device>[] => {
    const cells = deviceColumns(translate);
    return [
      cells.camera,
      cells.status,
      cells.lastConnected,
      cells.group,
      cells.model,
      cells.firmware,
    ];
  }, [translate]);
  return (
    <InBrowserList<Device>
      {...list}
      label={t`Cameras in no vehicle`}
      noun={t`cameras in no vehicle`}
      storeKey="camera-health-unassigned"
      rows={list.summary?.camerasInNoVehicle}
      columns={columns}
      idAccessor={(device) => device.deviceId}
      emptyText={
        inGroup ? t`Every camera in this group is in a vehicle` : t`Every camera is in a vehicle`
      }
    />
  );
}
