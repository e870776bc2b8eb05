import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import { AnchorLink } from '@/components/anchor-link';
import { BaseMap } from '@/components/map/base-map';
import { ClusterLayer, type ClusterSummary } from '@/components/map/cluster-layer';
import { fitMapView } from '@/components/map/fit-map-view';
import { HeatLayer } from '@/components/map/heat-layer';
import { MapPopup } from '@/components/map/map-popup';
import { boundsOfPoints } from '@/lib/map-shape';
import { formatEventTime } from './event-format';
import type { EventsMapLayer } from './events-map-search';
import classes from './events-map.module.css';
import type { EventsSearch } from './events-search';
import type { PlacedEvent } from './placed-event';
import type { SafetyLookups } from './use-safety-lookups';
import { useVehicleNameIndex, VehicleNameCell } from './vehicle-name';

function eventIcon(): L.DivIcon {
  return L.divIcon({ className: classes.event, iconSize: [16, 16] });
}

function clusterTitle({ count: total }: ClusterSummary): string {
  return plural(total, {
    one: 'Cluster of # event. Select to zoom in.',
    other: 'Cluster of # events. Select to zoom in.',
  });
}

export interface EventsMapProps {
  events: readonly PlacedEvent[];
  layer: EventsMapLayer;
  lookups: SafetyLookups;
  /** The queue's filters, carried into the events opened from the map. */
  filters: EventsSearch;
}

/** The queue's events where they happened: clusters to open them, or a heat layer. */
export function EventsMap({ events, layer, lookups, filters }: EventsMapProps) {
  const { t } = useLingui();
  const [selection, setSelection] = useState<{ id: string; byKeyboard: boolean } | null>(null);
  const selected = useMemo(
    () => events.find((event) => event.id === selection?.id) ?? null,
    [events, selection],
  );
  const eventTitle = useCallback(
    (event: PlacedEvent) => {
      const trigger = lookups.triggers.name(event.eventTriggerId);
      const recorded = formatEventTime(event, 'short');
      return t`${trigger}, ${recorded}`;
    },
    [lookups.triggers, t],
  );
  const closePopup = useCallback(
    (eventId: string) => setSelection((current) => (current?.id === eventId ? null : current)),
    [],
  );

  return (
    <BaseMap label={t`Map of the queue's events`}>
      <FitEvents events={events} fitKey={JSON.stringify(filters)} />
      {layer === 'heat' ? (
        <HeatLayer points={events} />
      ) : (
        <ClusterLayer
          points={events}
          pointIcon={eventIcon}
          pointTitle={eventTitle}
          onPointClick={(event, { byKeyboard }) => setSelection({ id: event.id, byKeyboard })}
          clusterTitle={clusterTitle}
        />
      )}
      {layer === 'clusters' && selected && (
        <EventPopup
          key={selected.id}
          event={selected}
          lookups={lookups}
          filters={filters}
          takeFocus={selection?.byKeyboard ?? false}
          onClosed={closePopup}
        />
      )}
    </BaseMap>
  );
}

/** The events of each new filter are fitted into view once; a refresh leaves the view alone. */
function FitEvents({ events, fitKey }: { events: readonly PlacedEvent[]; fitKey: string }) {
  const map = useMap();
  const fittedKey = useRef<string | null>(null);
  useEffect(() => {
    if (events.length === 0 || fittedKey.current === fitKey) return;
    fittedKey.current = fitKey;
    fitMapView(map, boundsOfPoints(events), { padding: [32, 32], maxZoom: 13 });
  }, [map, events, fitKey]);
  return null;
}

function EventPopup({
  event,
  lookups,
  filters,
  takeFocus,
  onClosed,
}: {
  event: PlacedEvent;
  lookups: SafetyLookups;
  filters: EventsSearch;
  takeFocus: boolean;
  onClosed: (eventId: string) => void;
}) {
  const { id } = event;
  const closed = useCallback(() => onClosed(id), [onClosed, id]);
  // The event page's Back returns to this map, its layer and filters, not to the queue.
  const back = useRouterState({ select: (state) => state.location.href });
  const vehicleNames = useVehicleNameIndex({
    groupId: filters.groupId,
    includeSubgroups: filters.groupId ? (filters.subgroups ?? true) : undefined,
  });
  const trigger = lookups.triggers.name(event.eventTriggerId);
  const driver = [event.driverFirstName, event.driverLastName].filter(Boolean).join(' ');
  const score = event.score;
  return (
    <MapPopup
      latitude={event.latitude}
      longitude={event.longitude}
      onClosed={closed}
      takeFocus={takeFocus}
      label={trigger}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={700}>{trigger}</Text>
          <Badge variant="light" radius="sm" tt="none">
            {lookups.statuses.name(event.eventStatusId)}
          </Badge>
        </Group>
        <Text size="sm">{formatEventTime(event, 'short')}</Text>
        {/* A div: the name's placeholder while it loads is a block. */}
        <Text size="sm" component="div">
          <Trans>
            Vehicle <VehicleNameCell vehicleId={event.vehicleId} index={vehicleNames} />
          </Trans>
          {driver && (
            <>
              {', '}
              <Trans>driver {driver}</Trans>
            </>
          )}
        </Text>
        <Text size="sm">
          <Trans>Risk score {score}</Trans>
        </Text>
        <AnchorLink
          to="/events/$eventId"
          params={{ eventId: event.id }}
          search={{ ...filters, back }}
          size="sm"
          fw={600}
        >
          <Trans>Open this event</Trans>
        </AnchorLink>
      </Stack>
    </MapPopup>
  );
}
