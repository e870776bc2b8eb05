import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text } from '@mantine/core';
import L from 'leaflet';
import { useCallback, useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { AnchorLink } from '@/components/anchor-link';
import { BaseMap } from '@/components/map/base-map';
import { ClusterLayer, type ClusterSummary } from '@/components/map/cluster-layer';
import { fitMapView } from '@/components/map/fit-map-view';
import { MapPopup } from '@/components/map/map-popup';
import { UserText } from '@/components/user-text';
import { formatDateTime, formatDistance, formatLegacySpeed, formatNumber } from '@/lib/format';
import { boundsOfPoints } from '@/lib/map-shape';
import { compassPoint } from './ecm-format';
import classes from './fleet-map.module.css';
import { formatAge, legacyVehicleLabel, type FleetPosition } from './fleet-positions';

/** Above this zoom every vehicle stands alone; a vehicle chosen in the list is shown at least one closer. */
const FLEET_CLUSTER_MAX_ZOOM = 16;
export const VEHICLE_FOCUS_ZOOM = FLEET_CLUSTER_MAX_ZOOM + 1;

function isMoving(position: FleetPosition): boolean {
  const location = position.legacyVehicle.location;
  return (location?.speed ?? 0) > 0 && location?.direction != null;
}

function vehicleIcon(position: FleetPosition): L.DivIcon {
  const tone = position.stale ? classes.staleVehicle : classes.currentVehicle;
  const direction = position.legacyVehicle.location?.direction;
  // A moving vehicle points where it is heading; only a number goes into the markup.
  const html =
    isMoving(position) && direction != null
      ? `<span class="${classes.heading}" style="transform: rotate(${Math.round(direction)}deg)"></span>`
      : '';
  return L.divIcon({ html, className: `${classes.vehicle} ${tone}`, iconSize: [18, 18] });
}

// Called by the map's layers as they draw, outside React: the active language's words.
function vehicleTitle(position: FleetPosition, readAt: number): string {
  const label = position.label;
  const age =
    position.positionTime === null
      ? i18n._(msg`time unknown`)
      : formatAge(position.positionTime, readAt);
  return i18n._(
    position.stale ? msg`${label}: position ${age}, stale` : msg`${label}: position ${age}`,
  );
}

function clusterTitle({ count: total, muted }: ClusterSummary): string {
  const vehicles = formatNumber(total);
  const stale = formatNumber(muted);
  return i18n._(
    muted > 0
      ? msg`Cluster of ${vehicles} vehicles, ${stale} stale. Select to zoom in.`
      : msg`Cluster of ${vehicles} vehicles. Select to zoom in.`,
  );
}

const isStale = (position: FleetPosition) => position.stale;

/** Partial: the console holds more vehicles than were read, so a vehicle may be missing. */
export type ConsoleVehicleMatching = 'pending' | 'failed' | 'partial' | 'complete';

const unmatchedReason: Record<ConsoleVehicleMatching, MessageDescriptor> = {
  pending: msg`Looking for this vehicle among the console’s vehicles…`,
  failed: msg`The console’s vehicles could not be read to find this one.`,
  partial: msg`The console’s vehicle list was read only in part, and no vehicle in it has this VIN.`,
  complete: msg`No console vehicle has this VIN.`,
};

export interface FleetMapProps {
  positions: readonly FleetPosition[];
  /** The time of the read the positions came from, to say how old each one is. */
  readAt: number;
  selected: FleetPosition | null;
  /** Whether the selection came from the keyboard, so its popup takes the focus. */
  selectedByKeyboard: boolean;
  onSelect: (position: FleetPosition, how: { byKeyboard: boolean }) => void;
  onPopupClosed: (key: string) => void;
  /** How far the console's vehicle list, which vehicles are matched against by VIN, was read. */
  matching: ConsoleVehicleMatching;
  onMapReady: (map: L.Map) => void;
  /** Names what the positions are (the group shown): the view fits them again when it changes. */
  viewKey: string;
}

/** The fleet's latest positions, clustered, with the chosen vehicle's popup. */
export function FleetMap({
  positions,
  readAt,
  selected,
  selectedByKeyboard,
  onSelect,
  onPopupClosed,
  matching,
  onMapReady,
  viewKey,
}: FleetMapProps) {
  const { t } = useLingui();
  return (
    <BaseMap label={t`Map of vehicle positions`} attributionPosition="bottomright">
      <MapReady onReady={onMapReady} />
      <FitFleetOnce positions={positions} viewKey={viewKey} />
      <ClusterLayer
        points={positions}
        pointIcon={vehicleIcon}
        pointTitle={(position) => vehicleTitle(position, readAt)}
        onPointClick={onSelect}
        isMuted={isStale}
        clusterTitle={clusterTitle}
        maxClusterZoom={FLEET_CLUSTER_MAX_ZOOM}
      />
      {selected && (
        <VehiclePopup
          key={selected.key}
          position={selected}
          readAt={readAt}
          onClosed={onPopupClosed}
          takeFocus={selectedByKeyboard}
          matching={matching}
        />
      )}
    </BaseMap>
  );
}

/** Hands the map to the page, so the list beside it can move the view. */
function MapReady({ onReady }: { onReady: (map: L.Map) => void }) {
  const map = useMap();
  useEffect(() => onReady(map), [map, onReady]);
  return null;
}

/**
 * The first positions of each view (the fleet, or a group) set the view to all of them; refreshes
 * leave the reader's view alone.
 */
function FitFleetOnce({
  positions,
  viewKey,
}: {
  positions: readonly FleetPosition[];
  viewKey: string;
}) {
  const map = useMap();
  const fittedKey = useRef<string | null>(null);
  useEffect(() => {
    if (fittedKey.current === viewKey || positions.length === 0) return;
    fittedKey.current = viewKey;
    fitMapView(map, boundsOfPoints(positions), { padding: [32, 32], maxZoom: 12 });
  }, [map, positions, viewKey]);
  return null;
}

function VehiclePopup({
  position,
  readAt,
  onClosed,
  takeFocus,
  matching,
}: {
  position: FleetPosition;
  readAt: number;
  onClosed: (key: string) => void;
  takeFocus: boolean;
  matching: ConsoleVehicleMatching;
}) {
  const { t, i18n: translator } = useLingui();
  const { key, legacyVehicle, consoleMatch } = position;
  const closed = useCallback(() => onClosed(key), [onClosed, key]);
  const location = legacyVehicle.location;
  const vin = legacyVehicle.vin ?? legacyVehicle.deviceVin;
  const positionAt = formatDateTime(location?.gpsDateTime);
  const age = position.positionTime === null ? null : formatAge(position.positionTime, readAt);
  const odometer = legacyVehicle.odometer == null ? null : formatDistance(legacyVehicle.odometer);
  const heading =
    location && isMoving(position) && location.direction != null
      ? compassPoint(location.direction)
      : null;
  const speed = formatLegacySpeed(location?.speed);
  const vehicleName = consoleMatch?.vehicle.name;

  return (
    <MapPopup
      latitude={position.latitude}
      longitude={position.longitude}
      onClosed={closed}
      takeFocus={takeFocus}
      label={position.label}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={700}>{position.label}</Text>
          {position.stale && (
            <Badge color="gray" variant="light" radius="sm" tt="none">
              <Trans>Stale position</Trans>
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {age === null ? t`Position at ${positionAt}` : t`Position at ${positionAt} (${age})`}
        </Text>
        {heading !== null ? (
          <Text size="sm">{t`Heading ${heading} at ${speed}`}</Text>
        ) : (
          location?.speed === 0 && (
            <Text size="sm">
              <Trans>Stopped</Trans>
            </Text>
          )
        )}
        <Text size="xs" c="dimmed">
          {[
            legacyVehicleLabel(legacyVehicle, (descriptor) => translator._(descriptor)),
            vin ? t`VIN ${vin}` : t`no VIN`,
            odometer === null ? null : t`odometer ${odometer}`,
          ]
            .filter(Boolean)
            .join(', ')}
        </Text>
        {consoleMatch ? (
          <AnchorLink
            to="/vehicles/$vehicleId"
            params={{ vehicleId: consoleMatch.vehicle.id }}
            size="sm"
            fw={600}
          >
            <Trans>
              Open <UserText>{vehicleName}</UserText>
            </Trans>
          </AnchorLink>
        ) : (
          <Text size="xs" c="dimmed">
            {vin
              ? translator._(unmatchedReason[matching])
              : t`Without a VIN it cannot be matched to a console vehicle.`}
          </Text>
        )}
      </Stack>
    </MapPopup>
  );
}
