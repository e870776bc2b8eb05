import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { Geofence } from '@/api/geofences';
import type { ExportColumn } from '@/api/list-export';
import { parseDateTime } from '@/lib/format';
import { shapeAreaSquareMetres, shapeFromGeography, type ShapeDraft } from './geofence-shape';

const SHAPE_NAMES: Record<ShapeDraft['kind'], MessageDescriptor> = {
  polygon: msg`Polygon`,
  square: msg`Rectangle`,
  circle: msg`Circle`,
};

/**
 * The columns of a geofence list's CSV or Excel file. The service reports no description or
 * last-changed date for a geofence, so the file has neither. Area and radius are left empty for
 * an outline the console cannot read.
 */
export function geofenceExportColumns(
  /** The group's path as the pickers show it, or null for a group not listed in them. */
  groupPath: (groupId: string) => string | null,
): ExportColumn<Geofence>[] {
  const shapeOf = (geofence: Geofence) => shapeFromGeography(geofence.geofenceGeography);
  return [
    { title: t`Name`, value: (geofence) => geofence.name },
    {
      title: t`Group`,
      value: (geofence) =>
        (geofence.groupId ? groupPath(geofence.groupId) : null) ?? geofence.groupName,
    },
    {
      title: t`Shape`,
      value: (geofence) => {
        const shape = shapeOf(geofence);
        return shape ? i18n._(SHAPE_NAMES[shape.kind]) : t`No usable outline`;
      },
    },
    {
      title: t`Radius (m)`,
      value: (geofence) => {
        const shape = shapeOf(geofence);
        return shape?.kind === 'circle' ? Math.round(shape.radius * 10) / 10 : null;
      },
    },
    {
      title: t`Area (m²)`,
      value: (geofence) => {
        const shape = shapeOf(geofence);
        return shape ? Math.round(shapeAreaSquareMetres(shape)) : null;
      },
    },
    {
      title: t`Alert when vehicles are`,
      value: (geofence) => (geofence.isInside === false ? t`Outside the area` : t`Inside the area`),
    },
    { title: t`Created`, value: (geofence) => parseDateTime(geofence.createdDate) },
    { title: t`Geofence ID`, value: (geofence) => geofence.geofenceId },
  ];
}
