import { Trans, useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { Fragment, useCallback } from 'react';
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
  const { t } = useLingui();
  const { labelsById: groupPaths } = useGroupOptions();
  // Made on each render (eight small objects), so the headers follow the chosen language.
  const columns = geofenceExportColumns((groupId) => groupPaths.get(groupId.toLowerCase()) ?? null);
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
      const skippedNames = skipped.map((name, index) => (
        <Fragment key={index}>
          {index > 0 && ', '}
          <UserText>{name}</UserText>
        </Fragment>
      ));
      notifications.show({
        color: 'orange',
        message: <Trans>Left out of the file, having no usable outline: {skippedNames}.</Trans>,
      });
    }
    const fileDate = toLocalDateString(today());
    const name =
      which === 'selected' && selectedGeofence?.name
        ? safeFileName(selectedGeofence.name)
        : t`geofences-${fileDate}`;
    downloadTextFile(
      `${name}.geojson`,
      JSON.stringify(collection, null, 2),
      'application/geo+json',
    );
  };

  return { columns, fetchListedPage, exportGeoJson };
}
