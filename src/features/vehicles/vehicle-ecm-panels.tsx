import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { isApiError } from '@/api/api-error';
import {
  describeEcmError,
  ecmLocationQueryOptions,
  ecmOdometerQueryOptions,
  ecmVehicleQueryOptions,
  type EcmLocation,
} from '@/api/ecm';
import { AnchorLink } from '@/components/anchor-link';
import { FieldTable } from '@/components/field-table';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { SectionBoundary } from '@/components/section-boundary';
import {
  formatDateTime,
  formatDistance,
  formatLegacySpeed,
  LEGACY_SPEED_UNIT_NOTE,
} from '@/lib/format';
import { cannotBeDrawn, positionProblem } from '@/lib/map-shape';

const VehicleLocationMap = lazy(() =>
  import('./vehicle-location-map').then((module) => ({ default: module.VehicleLocationMap })),
);

const wholeNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const coordinate = new Intl.NumberFormat(undefined, { maximumFractionDigits: 5 });
const compassPoints = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

function formatHeading(degrees: number | null | undefined): string {
  if (degrees == null) return '—';
  const point = compassPoints[Math.round((((degrees % 360) + 360) % 360) / 45) % 8];
  return `${wholeNumber.format(degrees)}° (${point})`;
}

function describePosition(location: EcmLocation): string {
  return `${coordinate.format(location.latitude)}, ${coordinate.format(location.longitude)}`;
}

/** A legacy API failure in words, with Settings where the key was refused. */
export function EcmErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <QueryErrorAlert
      error={error}
      onRetry={onRetry}
      title="The legacy API did not answer"
      message={
        <>
          {describeEcmError(error)}{' '}
          {isApiError(error) && error.status === 401 && (
            <AnchorLink to="/settings">Open Settings</AnchorLink>
          )}
        </>
      }
    />
  );
}

/** The vehicle's last position from the legacy API, on a map and in numbers. */
export function LocationPanel({ legacyId, name }: { legacyId: number; name: string }) {
  const location = useQuery(ecmLocationQueryOptions(legacyId));
  if (location.isPending)
    return <Skeleton h={320} role="status" aria-label="Loading the last location" />;
  if (isApiError(location.error) && location.error.code === 'NOT_FOUND') {
    return (
      <Text size="sm" c="dimmed">
        This vehicle has not reported a position to the legacy API.
      </Text>
    );
  }
  if (location.error) {
    return <EcmErrorAlert error={location.error} onRetry={() => void location.refetch()} />;
  }
  const position = location.data;
  const when = formatDateTime(position.gpsDateTime);
  const problem = positionProblem(position.latitude, position.longitude);
  return (
    <Stack gap="sm">
      {problem === null ? (
        <SectionBoundary what="The map">
          <Suspense fallback={<Skeleton h={320} role="status" aria-label="Loading the map" />}>
            <VehicleLocationMap
              latitude={position.latitude}
              longitude={position.longitude}
              name={name}
              description={`Map of ${name}'s last position, ${describePosition(position)}, at ${when}`}
            />
          </Suspense>
        </SectionBoundary>
      ) : (
        <Alert color="orange" variant="light" title={cannotBeDrawn(problem)}>
          The legacy API reported the position below; the map cannot show it.
        </Alert>
      )}
      <FieldTable
        label="Last position"
        maw={640}
        rows={[
          ['Position', describePosition(position)],
          ['Reported at', when],
          ['Heading', formatHeading(position.direction)],
          ['Speed', formatLegacySpeed(position.speed)],
        ]}
      />
      <Text size="xs" c="dimmed">
        {LEGACY_SPEED_UNIT_NOTE}
      </Text>
    </Stack>
  );
}

/** The vehicle's odometer from the legacy API. */
export function OdometerPanel({ legacyId }: { legacyId: number }) {
  const odometer = useQuery(ecmOdometerQueryOptions(legacyId));
  if (odometer.isPending)
    return <Skeleton h={80} role="status" aria-label="Loading the odometer" />;
  if (odometer.error) {
    return <EcmErrorAlert error={odometer.error} onRetry={() => void odometer.refetch()} />;
  }
  if (!odometer.data || odometer.data.odometer == null) {
    return (
      <Text size="sm" c="dimmed">
        No engine data for this vehicle yet: its camera has not sent an odometer reading.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Odometer
      </Text>
      <Text size="xl" fw={600}>
        {formatDistance(odometer.data.odometer)}
      </Text>
      <Text size="sm" c="dimmed">
        Read from the engine {formatDateTime(odometer.data.location?.gpsDateTime)}
      </Text>
    </Stack>
  );
}

/** The legacy API's record of the vehicle, field by field. */
export function EcmDataPanel({
  legacyId,
  vin,
}: {
  legacyId: number;
  vin: string | null | undefined;
}) {
  const record = useQuery(ecmVehicleQueryOptions(legacyId));
  if (record.isPending) return <Skeleton h={200} role="status" aria-label="Loading the ECM data" />;
  if (record.error) {
    return <EcmErrorAlert error={record.error} onRetry={() => void record.refetch()} />;
  }
  const data = record.data;
  const deviceVinDiffers =
    !!data.deviceVin && !!vin && data.deviceVin.toUpperCase() !== vin.toUpperCase();
  return (
    <Stack gap="sm">
      {deviceVinDiffers && (
        <Alert color="yellow" title="The engine reports another VIN" role="note">
          <Text size="sm">
            The camera read {data.deviceVin} from the engine, but this vehicle is recorded with{' '}
            {vin}. One of them may be mistyped, or the camera sits in another vehicle.
          </Text>
        </Alert>
      )}
      <FieldTable
        label="Legacy vehicle record"
        maw={640}
        rows={[
          ['Legacy vehicle ID', String(data.vehicleId)],
          ['VIN (entered)', data.vin || '—'],
          ['VIN (read by the camera)', data.deviceVin || '—'],
          ['Odometer', data.odometer == null ? '—' : formatDistance(data.odometer)],
          ['Position', data.location ? describePosition(data.location) : '—'],
          ['Position time', formatDateTime(data.location?.gpsDateTime)],
          ['Heading', formatHeading(data.location?.direction)],
          ['Speed', formatLegacySpeed(data.location?.speed)],
        ]}
      />
    </Stack>
  );
}
