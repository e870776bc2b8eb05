import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { isApiError } from '@/api/api-error';
import {
  describeEcmError,
  ecmLocationQueryOptions,
  ecmOdometerQueryOptions,
  ecmVehicleQueryOptions,
} from '@/api/ecm';
import { AnchorLink } from '@/components/anchor-link';
import { FieldTable } from '@/components/field-table';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { SectionBoundary } from '@/components/section-boundary';
import {
  formatDateTime,
  formatDistance,
  formatLegacySpeed,
  legacySpeedUnitNote,
} from '@/lib/format';
import { cannotBeDrawn, positionProblem } from '@/lib/map-shape';
import { describePosition, formatHeading } from './ecm-format';

const VehicleLocationMap = lazy(() =>
  import('./vehicle-location-map').then((module) => ({ default: module.VehicleLocationMap })),
);

/** A legacy API failure in words, with Settings where the key was refused. */
export function EcmErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <QueryErrorAlert
      error={error}
      onRetry={onRetry}
      title={t`The legacy API did not answer`}
      message={
        <>
          {describeEcmError(error)}{' '}
          {isApiError(error) && error.status === 401 && (
            <AnchorLink to="/settings">
              <Trans>Open Settings</Trans>
            </AnchorLink>
          )}
        </>
      }
    />
  );
}

/** The vehicle's last position from the legacy API, on a map and in numbers. */
export function LocationPanel({ legacyId, name }: { legacyId: number; name: string }) {
  const { t } = useLingui();
  const location = useQuery(ecmLocationQueryOptions(legacyId));
  if (location.isPending)
    return <Skeleton h={320} role="status" aria-label={t`Loading the last location`} />;
  if (isApiError(location.error) && location.error.code === 'NOT_FOUND') {
    return (
      <Text size="sm" c="dimmed">
        <Trans>This vehicle has not reported a position to the legacy API.</Trans>
      </Text>
    );
  }
  if (location.error) {
    return <EcmErrorAlert error={location.error} onRetry={() => void location.refetch()} />;
  }
  const position = location.data;
  const when = formatDateTime(position.gpsDateTime);
  const problem = positionProblem(position.latitude, position.longitude);
  const where = describePosition(position);
  return (
    <Stack gap="sm">
      {problem === null ? (
        <SectionBoundary what={t`The map`}>
          <Suspense fallback={<Skeleton h={320} role="status" aria-label={t`Loading the map`} />}>
            <VehicleLocationMap
              latitude={position.latitude}
              longitude={position.longitude}
              name={name}
              description={t`Map of ${name}'s last position, ${where}, at ${when}`}
            />
          </Suspense>
        </SectionBoundary>
      ) : (
        <Alert color="orange" variant="light" title={cannotBeDrawn(problem)}>
          <Trans>The legacy API reported the position below; the map cannot show it.</Trans>
        </Alert>
      )}
      <FieldTable
        label={t`Last position`}
        maw={640}
        rows={[
          [t`Position`, where],
          [t`Reported at`, when],
          [t`Heading`, formatHeading(position.direction)],
          [t`Speed`, formatLegacySpeed(position.speed)],
        ]}
      />
      <Text size="xs" c="dimmed">
        {legacySpeedUnitNote()}
      </Text>
    </Stack>
  );
}

/** The vehicle's odometer from the legacy API. */
export function OdometerPanel({ legacyId }: { legacyId: number }) {
  const { t } = useLingui();
  const odometer = useQuery(ecmOdometerQueryOptions(legacyId));
  if (odometer.isPending)
    return <Skeleton h={80} role="status" aria-label={t`Loading the odometer`} />;
  if (odometer.error) {
    return <EcmErrorAlert error={odometer.error} onRetry={() => void odometer.refetch()} />;
  }
  if (!odometer.data || odometer.data.odometer == null) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>
          No engine data for this vehicle yet: its camera has not sent an odometer reading.
        </Trans>
      </Text>
    );
  }
  const readAt = formatDateTime(odometer.data.location?.gpsDateTime);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        <Trans>Odometer</Trans>
      </Text>
      <Text size="xl" fw={600}>
        {formatDistance(odometer.data.odometer)}
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>Read from the engine {readAt}</Trans>
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
  const { t } = useLingui();
  const record = useQuery(ecmVehicleQueryOptions(legacyId));
  if (record.isPending) {
    return <Skeleton h={200} role="status" aria-label={t`Loading the ECM data`} />;
  }
  if (record.error) {
    return <EcmErrorAlert error={record.error} onRetry={() => void record.refetch()} />;
  }
  const data = record.data;
  const deviceVin = data.deviceVin;
  const deviceVinDiffers =
    !!data.deviceVin && !!vin && data.deviceVin.toUpperCase() !== vin.toUpperCase();
  return (
    <Stack gap="sm">
      {deviceVinDiffers && (
        <Alert color="yellow" title={t`The engine reports another VIN`} role="note">
          <Text size="sm">
            <Trans>
              The camera read {deviceVin} from the engine, but this vehicle is recorded with {vin}.
              One of them may be mistyped, or the camera sits in another vehicle.
            </Trans>
          </Text>
        </Alert>
      )}
      <FieldTable
        label={t`Legacy vehicle record`}
        maw={640}
        rows={[
          [t`Legacy vehicle ID`, String(data.vehicleId)],
          [t`VIN (entered)`, data.vin || '—'],
          [t`VIN (read by the camera)`, data.deviceVin || '—'],
          [t`Odometer`, data.odometer == null ? '—' : formatDistance(data.odometer)],
          [t`Position`, data.location ? describePosition(data.location) : '—'],
          [t`Position time`, formatDateTime(data.location?.gpsDateTime)],
          [t`Heading`, formatHeading(data.location?.direction)],
          [t`Speed`, formatLegacySpeed(data.location?.speed)],
        ]}
      />
    </Stack>
  );
}
