import { notifications } from '@mantine/notifications';
import { Fragment, useCallback, useMemo } from 'react';
import type { Geofence } from '@/api/geofences';
import { useGroupOptions } from '@/api/group-options';
import { toPage, type PageRequest } from '@/api/paging';
import { UserText } from '@/components/user-text';
import { toLocalDateString, today } from '@/lib/local-date';
import { downloadTextFile, safeFileName } from './download-file';
import { geofenceExportColumns } from './geofence-export-columns';
import { geofencesToFeatureCollection } from './geofence-geojson';

/**
 * The page's exports: CSV and Excel of what the list shows (through the list export button) and
 * GeoJSON of the open geofence or of every listed one.
 */
export function useGeofenceExport({
  listedGeofences,
  selectedGeofence,
}: {
  /** The geofences the list shows, in its order, as the service sent them. */
  listedGeofences: readonly Geofence[];
  selectedGeofence: Geofence | null;
}) {
  // CSV and Excel hold what the list shows, which the page has loaded whole: pages of it in memory.
  const { labelsById: groupPaths } = useGroupOptions();
  const columns = useMemo(
    () => geofenceExportColumns((groupId) => groupPaths.get(groupId.toLowerCase()) ?? null),
    [groupPaths],
  );
  const fetchListedPage = useCallback(
    ({ pageIndex, pageSize }: PageRequest) => {
      const start = pageIndex * pageSize;
      return Promise.resolve(
        toPage(listedGeofences.slice(start, start + pageSize), listedGeofences.length, {
          pageIndex,
          pageSize,
        }),
      );
    },
    [listedGeofences],
  );

  const exportGeoJson = (which: 'selected' | 'listed') => {
    const chosen =
      which === 'selected' ? (selectedGeofence ? [selectedGeofence] : []) : listedGeofences;
    const { collection, skipped } = geofencesToFeatureCollection(chosen);
    if (skipped.length > 0) {
      notifications.show({
        color: 'orange',
        message: (
          <>
            Left out of the file, having no usable outline:{' '}
            {skipped.map((name, index) => (
              <Fragment key={index}>
                {index > 0 && ', '}
                <UserText>{name}</UserText>
              </Fragment>
            ))}
            .
          </>
        ),
      });
    }
    const name =
      which === 'selected' && selectedGeofence?.name
        ? safeFileName(selectedGeofence.name)
        : `geofences-${toLocalDateString(today())}`;
    downloadTextFile(
      `${name}.geojson`,
      JSON.stringify(collection, null, 2),
      'application/geo+json',
    );
  };

  return { columns, fetchListedPage, exportGeoJson };
}
