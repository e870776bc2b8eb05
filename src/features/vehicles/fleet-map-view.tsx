import { plural } from '@lingui/core/macro';
import { useLingui as useTranslator } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Text, TextInput, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type L from 'leaflet';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { ecmFleetPositionsQueryOptions } from '@/api/ecm';
import { useGroupTree } from '@/api/group-options';
import { vehicleSearchIndexQueryOptions } from '@/api/vehicles';
import { GroupPicker } from '@/components/group-picker';
import { ListEmptyState } from '@/components/list/list-states';
import layout from '@/components/map/map-page-layout.module.css';
import { PageLoader } from '@/components/page-loader';
import { SectionBoundary } from '@/components/section-boundary';
import { UserText } from '@/components/user-text';
import { formatClockTime, formatNumber } from '@/lib/format';
import { compactSearch } from '@/lib/search-params';
import { FleetMap, VEHICLE_FOCUS_ZOOM } from './fleet-map';
import { FleetMapLegend, groupEmptyNote, matchingOf, PositionsError } from './fleet-map-notes';
import classes from './fleet-map.module.css';
import {
  describeFleetMatch,
  positionsInGroup,
  searchFleetPositions,
  toFleetPositions,
  type FleetPosition,
} from './fleet-positions';
import { FleetVehicleList } from './fleet-vehicle-list';
import { consoleVehicleMatcher } from './legacy-vehicle-match';

const route = getRouteApi('/_auth/fleet-map');

/** How often a live map reads the positions again. */
const FLEET_REFRESH_INTERVAL_MS = 60_000;

/** The map, its list and filters, once the legacy API can be read. */
export function FleetMapView() {
  const { t } = useLingui();
  const { _: translate } = useTranslator();
  const address = route.useSearch();
  const navigate = route.useNavigate();
  const [live, setLive] = useState(!address.paused);
  const positionsQuery = useQuery({
    ...ecmFleetPositionsQueryOptions(),
    refetchInterval: live ? FLEET_REFRESH_INTERVAL_MS : false,
  });
  // The console's own vehicles (the list the command palette also reads), to link by VIN.
  const consoleVehicles = useQuery(vehicleSearchIndexQueryOptions());
  const matchConsoleVehicle = useMemo(
    () => consoleVehicleMatcher(consoleVehicles.data?.vehicles ?? []),
    [consoleVehicles.data],
  );
  const readAt = positionsQuery.dataUpdatedAt;
  const fleet = useMemo(
    () =>
      positionsQuery.data
        ? toFleetPositions(positionsQuery.data.items, readAt, matchConsoleVehicle, translate)
        : null,
    [positionsQuery.data, readAt, matchConsoleVehicle, translate],
  );

  const [selection, setSelection] = useState<{ key: string; byKeyboard: boolean } | null>(null);
  const selectedKey = selection?.key ?? null;
  const [search, setSearch] = useState(address.q ?? '');
  const deferredSearch = useDeferredValue(search);
  // Kept in the address (replacing the entry, not adding one per key), so Back finds them again.
  const addressQ = address.q ?? '';
  const addressPaused = !!address.paused;
  useEffect(() => {
    if (deferredSearch === addressQ && live !== addressPaused) return;
    void navigate({
      search: (previous) =>
        compactSearch({
          ...previous,
          q: deferredSearch || undefined,
          paused: live ? undefined : true,
        }),
      replace: true,
    });
  }, [deferredSearch, live, addressQ, addressPaused, navigate]);
  const groupId = address.groupId ?? null;
  const { tree } = useGroupTree();
  /** The positions the map shows: the fleet's, or the chosen group's. */
  const shown = useMemo(() => {
    if (!fleet) return [];
    return groupId ? positionsInGroup(fleet.positions, groupId, tree) : fleet.positions;
  }, [fleet, groupId, tree]);
  const changeGroup = (nextGroupId: string | null) => {
    setSelection(null);
    void navigate({
      search: (previous) => compactSearch({ ...previous, groupId: nextGroupId ?? undefined }),
    });
  };
  const listed = useMemo(
    () => searchFleetPositions(shown, deferredSearch),
    [shown, deferredSearch],
  );
  const selected = useMemo(
    () => fleet?.positions.find((position) => position.key === selectedKey) ?? null,
    [fleet, selectedKey],
  );
  const [map, setMap] = useState<L.Map | null>(null);
  const reduceMotion = useReducedMotion();

  const closePopup = useCallback(
    (key: string) => setSelection((current) => (current?.key === key ? null : current)),
    [],
  );
  const selectOnMap = useCallback(
    (position: FleetPosition, { byKeyboard }: { byKeyboard: boolean }) =>
      setSelection({ key: position.key, byKeyboard }),
    [],
  );
  // The list is where keyboard users choose: the popup then takes the focus, as from a marker.
  const chooseInList = (position: FleetPosition) => {
    setSelection({ key: position.key, byKeyboard: true });
    map?.setView(
      [position.latitude, position.longitude],
      Math.max(map.getZoom(), VEHICLE_FOCUS_ZOOM),
      { animate: !reduceMotion },
    );
  };

  const resume = () => {
    setLive(true);
    // Positions older than one interval are read at once rather than a minute later.
    if (Date.now() - positionsQuery.dataUpdatedAt >= FLEET_REFRESH_INTERVAL_MS) {
      void positionsQuery.refetch();
    }
  };

  const read = positionsQuery.data;
  if (positionsQuery.isPending) return <PageLoader label={t`Loading vehicle positions`} />;
  if (!read || !fleet) {
    return (
      <PositionsError error={positionsQuery.error} onRetry={() => void positionsQuery.refetch()} />
    );
  }

  // Named, so translators see {fleetCount}, not {0}.
  const updatedAt = formatClockTime(readAt);
  const fleetTotal = fleet.positions.length;
  const shownTotal = shown.length;
  const readTotal = read.items.length;
  const shownCount = formatNumber(shown.length);
  const listedCount = formatNumber(listed.length);
  const withoutPositionCount = formatNumber(fleet.withoutPosition);
  const readCount = formatNumber(read.items.length);
  const searched = deferredSearch.trim();
  return (
    <>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Badge
            color={live ? 'green' : 'gray'}
            variant="dot"
            size="lg"
            tt="none"
            aria-hidden="true"
          >
            {live ? t`Live` : t`Paused`}
          </Badge>
          <Button variant="default" size="xs" onClick={live ? () => setLive(false) : resume}>
            {live ? t`Pause updates` : t`Resume updates`}
          </Button>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void positionsQuery.refetch()}
            loading={positionsQuery.isFetching}
          >
            <Trans>Refresh now</Trans>
          </Button>
          <Text size="sm" c="dimmed">
            {live
              ? t`Live. Updated ${updatedAt}, again every minute.`
              : t`Paused. Updated ${updatedAt}.`}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {[
            groupId
              ? plural(fleetTotal, {
                  one: `${shownCount} of # vehicle on the map`,
                  other: `${shownCount} of # vehicles on the map`,
                })
              : plural(fleetTotal, {
                  one: '# vehicle on the map',
                  other: '# vehicles on the map',
                }),
            fleet.withoutPosition > 0 ? t`${withoutPositionCount} without a position` : null,
          ]
            .filter(Boolean)
            .join(', ')}
          {!read.complete && ` ${t`(the first ${readCount} the legacy API lists)`}`}
        </Text>
      </Group>
      {positionsQuery.isRefetchError && (
        <PositionsError
          error={positionsQuery.error}
          onRetry={() => void positionsQuery.refetch()}
          title={t`The latest update failed; the map shows positions as of ${updatedAt}`}
        />
      )}
      {fleet.positions.length === 0 ? (
        <ListEmptyState title={t`No vehicle has reported a position yet`}>
          {plural(readTotal, {
            one: 'The legacy API lists # vehicle, without a position. Positions appear here once their cameras report.',
            other:
              'The legacy API lists # vehicles, none with a position. Positions appear here once their cameras report.',
          })}
        </ListEmptyState>
      ) : (
        <div className={layout.body}>
          <div className={`${layout.mapArea} ${classes.mapArea}`}>
            <div className={classes.map}>
              <SectionBoundary what={t`The map`}>
                <FleetMap
                  positions={shown}
                  viewKey={groupId ?? ''}
                  readAt={readAt}
                  selected={selected}
                  selectedByKeyboard={selection?.byKeyboard ?? false}
                  onSelect={selectOnMap}
                  onPopupClosed={closePopup}
                  matching={matchingOf(consoleVehicles)}
                  onMapReady={setMap}
                />
              </SectionBoundary>
            </div>
            <FleetMapLegend />
          </div>
          <section
            className={`${layout.sidebar} ${classes.sidebar}`}
            aria-labelledby="fleet-list-title"
          >
            <Title order={2} size="h5" id="fleet-list-title">
              <Trans>Vehicles on the map</Trans>
            </Title>
            <GroupPicker
              label={t`Group (with subgroups)`}
              placeholder={t`All groups`}
              value={groupId}
              onChange={changeGroup}
            />
            <TextInput
              label={t`Search vehicles`}
              placeholder={t`Name, plate, VIN or legacy number`}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Text size="xs" c="dimmed" aria-live="polite">
              {deferredSearch.trim()
                ? t`${listedCount} of ${shownCount} match`
                : plural(shownTotal, {
                    one: '# vehicle; choose it to show it on the map',
                    other: '# vehicles; choose one to show it on the map',
                  })}
            </Text>
            <SectionBoundary what={t`The vehicle list`}>
              {listed.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {deferredSearch.trim() ? (
                    <Trans>
                      No vehicle on the map matches “<UserText>{searched}</UserText>”.
                    </Trans>
                  ) : (
                    groupEmptyNote(matchingOf(consoleVehicles))
                  )}
                </Text>
              ) : (
                <FleetVehicleList
                  positions={listed}
                  describeMatch={(position) => describeFleetMatch(position, deferredSearch)}
                  search={deferredSearch}
                  readAt={readAt}
                  selectedKey={selectedKey}
                  onChoose={chooseInList}
                />
              )}
            </SectionBoundary>
          </section>
        </div>
      )}
    </>
  );
}
