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
import { formatDateTime, formatDistance, formatLegacySpeed } from '@/lib/format';
import { boundsOfPoints } from '@/lib/map-shape';
import classes from './fleet-map.module.css';
import { formatAge, legacyVehicleLabel, type FleetPosition } from './fleet-positions';

/** Above this zoom every vehicle stands alone; a vehicle chosen in the list is shown at least one closer. */
const FLEET_CLUSTER_MAX_ZOOM = 16;
export const VEHICLE_FOCUS_ZOOM = FLEET_CLUSTER_MAX_ZOOM + 1;

const count = new Intl.NumberFormat();
const compassPoints = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

function compassPoint(degrees: number): string {
  // Taken modulo 8, the index is always one of the eight points.
  return compassPoints[Math.round((((degrees % 360) + 360) % 360) / 45) % 8] ?? 'N';
}

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

function vehicleTitle(position: FleetPosition, readAt: number): string {
  const age =
    position.positionTime === null ? 'time unknown' : formatAge(position.positionTime, readAt);
  return `${position.label}: position ${age}${position.stale ? ', stale' : ''}`;
}

function clusterTitle({ count: total, muted }: ClusterSummary): string {
  const stale = muted > 0 ? `, ${count.format(muted)} stale` : '';
  return `Cluster of ${count.format(total)} vehicles${stale}. Select to zoom in.`;
}

const isStale = (position: FleetPosition) => position.stale;

/** Partial: the console holds more vehicles than were read, so a vehicle may be missing. */
export type ConsoleVehicleMatching = 'pending' | 'failed' | 'partial' | 'complete';

const unmatchedReason: Record<ConsoleVehicleMatching, string> = {
  pending: 'Looking for this vehicle among the console’s vehicles…',
  failed: 'The console’s vehicles could not be read to find this one.',
  partial: 'The console’s vehicle list was read only in part, and no vehicle in it has this VIN.',
  complete: 'No console vehicle has this VIN.',
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
  return (
    <BaseMap label="Map of vehicle positions" attributionPosition="bottomright">
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
  const { key, legacyVehicle, consoleMatch } = position;
  const closed = useCallback(() => onClosed(key), [onClosed, key]);
  const location = legacyVehicle.location;
  const vin = legacyVehicle.vin ?? legacyVehicle.deviceVin;

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
              Stale position
            </Badge>
          )}
        </Group>
        <Text size="sm">
          Position at {formatDateTime(location?.gpsDateTime)}
          {position.positionTime !== null && ` (${formatAge(position.positionTime, readAt)})`}
        </Text>
        {location && isMoving(position) && location.direction != null ? (
          <Text size="sm">
            Heading {compassPoint(location.direction)} at {formatLegacySpeed(location.speed)}
          </Text>
        ) : (
          location?.speed === 0 && <Text size="sm">Stopped</Text>
        )}
        <Text size="xs" c="dimmed">
          {legacyVehicleLabel(legacyVehicle)}
          {vin ? `, VIN ${vin}` : ', no VIN'}
          {legacyVehicle.odometer != null && `, odometer ${formatDistance(legacyVehicle.odometer)}`}
        </Text>
        {consoleMatch ? (
          <AnchorLink
            to="/vehicles/$vehicleId"
            params={{ vehicleId: consoleMatch.vehicle.id }}
            size="sm"
            fw={600}
          >
            Open <UserText>{consoleMatch.vehicle.name}</UserText>
          </AnchorLink>
        ) : (
          <Text size="xs" c="dimmed">
            {vin
              ? unmatchedReason[matching]
              : 'Without a VIN it cannot be matched to a console vehicle.'}
          </Text>
        )}
      </Stack>
    </MapPopup>
  );
}
