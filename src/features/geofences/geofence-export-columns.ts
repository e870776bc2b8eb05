import type { Geofence } from '@/api/geofences';
import type { ExportColumn } from '@/api/list-export';
import { parseDateTime } from '@/lib/format';
import { shapeAreaSquareMetres, shapeFromGeography, type ShapeDraft } from './geofence-shape';

const SHAPE_NAMES: Record<ShapeDraft['kind'], string> = {
  polygon: 'Polygon',
  square: 'Rectangle',
  circle: 'Circle',
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
    { title: 'Name', value: (geofence) => geofence.name },
    {
      title: 'Group',
      value: (geofence) =>
        (geofence.groupId ? groupPath(geofence.groupId) : null) ?? geofence.groupName,
    },
    {
      title: 'Shape',
      value: (geofence) => {
        const shape = shapeOf(geofence);
        return shape ? SHAPE_NAMES[shape.kind] : 'No usable outline';
      },
    },
    {
      title: 'Radius (m)',
      value: (geofence) => {
        const shape = shapeOf(geofence);
        return shape?.kind === 'circle' ? Math.round(shape.radius * 10) / 10 : null;
      },
    },
    {
      title: 'Area (m²)',
      value: (geofence) => {
        const shape = shapeOf(geofence);
        return shape ? Math.round(shapeAreaSquareMetres(shape)) : null;
      },
    },
    {
      title: 'Alert when vehicles are',
      value: (geofence) => (geofence.isInside === false ? 'Outside the area' : 'Inside the area'),
    },
    { title: 'Created', value: (geofence) => parseDateTime(geofence.createdDate) },
    { title: 'Geofence ID', value: (geofence) => geofence.geofenceId },
  ];
}
