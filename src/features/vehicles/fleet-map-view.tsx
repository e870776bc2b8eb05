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
import { formatClockTime } from '@/lib/format';
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

const count = new Intl.NumberFormat();

/** The map, its list and filters, once the legacy API can be read. */
export function FleetMapView() {
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
        ? toFleetPositions(positionsQuery.data.items, readAt, matchConsoleVehicle)
        : null,
    [positionsQuery.data, readAt, matchConsoleVehicle],
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
  if (positionsQuery.isPending) return <PageLoader label="Loading vehicle positions" />;
  if (!read || !fleet) {
    return (
      <PositionsError error={positionsQuery.error} onRetry={() => void positionsQuery.refetch()} />
    );
  }

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
            {live ? 'Live' : 'Paused'}
          </Badge>
          <Button variant="default" size="xs" onClick={live ? () => setLive(false) : resume}>
            {live ? 'Pause updates' : 'Resume updates'}
          </Button>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void positionsQuery.refetch()}
            loading={positionsQuery.isFetching}
          >
            Refresh now
          </Button>
          <Text size="sm" c="dimmed">
            {live ? 'Live' : 'Paused'}. Updated {formatClockTime(readAt)}
            {live && ', again every minute'}.
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {groupId
            ? `${count.format(shown.length)} of ${count.format(fleet.positions.length)}`
            : count.format(fleet.positions.length)}{' '}
          vehicles on the map
          {fleet.withoutPosition > 0 &&
            `, ${count.format(fleet.withoutPosition)} without a position`}
          {!read.complete && ` (the first ${count.format(read.items.length)} the legacy API lists)`}
        </Text>
      </Group>
      {positionsQuery.isRefetchError && (
        <PositionsError
          error={positionsQuery.error}
          onRetry={() => void positionsQuery.refetch()}
          title={`The latest update failed; the map shows positions as of ${formatClockTime(readAt)}`}
        />
      )}
      {fleet.positions.length === 0 ? (
        <ListEmptyState title="No vehicle has reported a position yet">
          The legacy API lists {count.format(read.items.length)} vehicles, none with a position.
          Positions appear here once their cameras report.
        </ListEmptyState>
      ) : (
        <div className={layout.body}>
          <div className={`${layout.mapArea} ${classes.mapArea}`}>
            <div className={classes.map}>
              <SectionBoundary what="The map">
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
              Vehicles on the map
            </Title>
            <GroupPicker
              label="Group (with subgroups)"
              placeholder="All groups"
              value={groupId}
              onChange={changeGroup}
            />
            <TextInput
              label="Search vehicles"
              placeholder="Name, plate, VIN or legacy number"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Text size="xs" c="dimmed" aria-live="polite">
              {deferredSearch.trim()
                ? `${count.format(listed.length)} of ${count.format(shown.length)} match`
                : `${count.format(shown.length)} vehicles; choose one to show it on the map`}
            </Text>
            <SectionBoundary what="The vehicle list">
              {listed.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {deferredSearch.trim() ? (
                    <>
                      No vehicle on the map matches “<UserText>{deferredSearch.trim()}</UserText>”.
                    </>
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
