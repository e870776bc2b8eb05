import { useLingui } from '@lingui/react/macro';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDeviceSearchIndex } from '@/api/search/device-index';
import { useGeofenceSearchIndex } from '@/api/search/geofence-index';
import { useGroupSearchIndex } from '@/api/search/group-index';
import { useUserSearchIndex } from '@/api/search/user-index';
import { useVehicleSearchIndex } from '@/api/search/vehicle-index';
import { userListQueryOptions } from '@/api/users';
import { indexStatusOf, type IndexStatus } from './index-status';
import type { PaletteCommand } from './palette-commands';
import { buildPaletteSections, RESULTS_PER_KIND, type PaletteSection } from './palette-results';

/** The service search runs when typing pauses, and only for a search worth a request. */
const SERVICE_SEARCH_DEBOUNCE_MS = 250;
const SERVICE_SEARCH_MIN_LENGTH = 2;

export interface IndexReport {
  label: string;
  status: IndexStatus;
  /** What to say instead of an error when the user's role cannot read the list. */
  forbiddenNote?: string;
}

/**
 * The palette's results for `text`: pages and actions, users from the service's own search and
 * the user index, and vehicles, devices, groups and geofences from their indexes (each read once
 * in the background and kept for minutes). A kind that fails or is closed to the user's role is
 * left out of the results and reported in `indexes`.
 */
export function usePaletteSearch(text: string, commands: readonly PaletteCommand[]) {
  const { t, i18n } = useLingui();
  const users = useUserSearchIndex();
  const vehicles = useVehicleSearchIndex();
  const devices = useDeviceSearchIndex();
  const groups = useGroupSearchIndex();
  const geofences = useGeofenceSearchIndex();

  const [searchText] = useDebouncedValue(text.trim(), SERVICE_SEARCH_DEBOUNCE_MS);
  // Finds users created since the index was read, or beyond its cap. Its failures stay quiet:
  // the index still answers.
  const serviceUsers = useQuery({
    ...userListQueryOptions({
      page: { pageIndex: 0, pageSize: RESULTS_PER_KIND * 2 },
      searchText,
    }),
    enabled: searchText.length >= SERVICE_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });

  // Section names and details are in the chosen language: a new one builds them again.
  const locale = i18n.locale;
  const sections: PaletteSection[] = useMemo(
    () =>
      buildPaletteSections(text, {
        commands,
        users: users.data,
        serviceUsers:
          text.trim().length >= SERVICE_SEARCH_MIN_LENGTH ? serviceUsers.data?.items : [],
        vehicles: vehicles.data,
        devices: devices.data,
        groups: groups.data,
        geofences: geofences.data,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale: see above
    [
      text,
      commands,
      users.data,
      serviceUsers.data,
      vehicles.data,
      devices.data,
      groups.data,
      geofences.data,
      locale,
    ],
  );

  const indexQueries = [users, vehicles, devices, groups, geofences];
  const indexes: IndexReport[] = [
    {
      label: t`Users`,
      status: indexStatusOf(
        users,
        () => users.data && { count: users.data.users.length, complete: users.data.complete },
      ),
    },
    {
      label: t`Vehicles`,
      status: indexStatusOf(
        vehicles,
        () =>
          vehicles.data && {
            count: vehicles.data.vehicles.length,
            complete: vehicles.data.complete,
          },
      ),
    },
    {
      label: t`Devices`,
      status: indexStatusOf(
        devices,
        () =>
          devices.data && { count: devices.data.devices.length, complete: devices.data.complete },
      ),
    },
    {
      label: t`Groups`,
      status: indexStatusOf(
        groups,
        () => groups.data && { count: groups.data.groups.length, complete: groups.data.complete },
      ),
      forbiddenNote: t`Groups need the Group Manager role`,
    },
    {
      label: t`Geofences`,
      status: indexStatusOf(
        geofences,
        () =>
          geofences.data && {
            count: geofences.data.geofences.length,
            complete: geofences.data.complete,
          },
      ),
    },
  ];

  /** Reads every index again, except those the user's role cannot read. */
  const refresh = () => {
    indexQueries.forEach((query, position) => {
      // `indexes` is built from `indexQueries`, one entry each.
      const index = indexes[position];
      if (index && index.status.state !== 'forbidden') void query.refetch();
    });
  };
  /** Reads again only the indexes older than their stale time (each palette opening). */
  const refreshStale = () => {
    indexQueries.forEach((query, position) => {
      const index = indexes[position];
      if (query.isStale && index?.status.state === 'ready') void query.refetch();
    });
  };

  return {
    sections,
    indexes,
    refresh,
    refreshStale,
    isRefreshing: indexQueries.some((query) => query.isFetching),
  };
}
