import { FieldTable } from '@/components/field-table';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { isApiError } from '@/api/api-error';
import {
  describeEcmError,
  ecmKeys,
  ecmLocationQueryOptions,
  ecmOdometerQueryOptions,
  ecmVehicleQueryOptions,
  type EcmLocation,
} from '@/api/ecm';
import type { Vehicle } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { SectionBoundary } from '@/components/section-boundary';
import { resolveEcmAccess, useEcmAccessSettings } from '@/lib/ecm-access';
import { cannotBeDrawn, positionProblem } from '@/lib/map-shape';
import {
  formatDateTime,
  formatDistance,
  formatLegacySpeed,
  LEGACY_SPEED_UNIT_NOTE,
} from '@/lib/format';
import { useRuntime } from '@/api/runtime-context';
import { legacyVehicleMatchQueryOptions, type LegacyVehicleMatch } from './legacy-vehicle-match';
import type { VehicleEcmTab } from './vehicles-search';

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

/**
 * The vehicle's data from the legacy ECM API: last position on a map, odometer, and the raw
 * VehicleLocation record. Needs the API key and deployment from Settings and a VIN to match by.
 */
export function VehicleEcmSection({
  vehicle,
  tab,
  onTabChange,
}: {
  vehicle: Vehicle;
  tab: VehicleEcmTab;
  onTabChange: (tab: VehicleEcmTab) => void;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="vehicle-ecm-title">
      <Stack>
        <Title order={2} size="h4" id="vehicle-ecm-title">
          Legacy engine data (ECM)
        </Title>
        <Tabs
          value={tab}
          onChange={(next) => {
            if (next === 'location' || next === 'odometer' || next === 'data') onTabChange(next);
          }}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="location">Last location</Tabs.Tab>
            <Tabs.Tab value="odometer">Odometer</Tabs.Tab>
            <Tabs.Tab value="data">ECM data</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="location" pt="md">
            <LegacyVehicleGate vin={vehicle.vin}>
              {(match) => <LocationPanel legacyId={match.vehicle.vehicleId} name={vehicle.name} />}
            </LegacyVehicleGate>
          </Tabs.Panel>
          <Tabs.Panel value="odometer" pt="md">
            <LegacyVehicleGate vin={vehicle.vin}>
              {(match) => <OdometerPanel legacyId={match.vehicle.vehicleId} />}
            </LegacyVehicleGate>
          </Tabs.Panel>
          <Tabs.Panel value="data" pt="md">
            <LegacyVehicleGate vin={vehicle.vin}>
              {(match) => <EcmDataPanel legacyId={match.vehicle.vehicleId} vin={vehicle.vin} />}
            </LegacyVehicleGate>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}

/** Renders its children with the matching legacy vehicle, or says why there is none. */
function LegacyVehicleGate({
  vin,
  children,
}: {
  vin: string | null | undefined;
  children: (match: LegacyVehicleMatch) => ReactNode;
}) {
  const { config } = useRuntime();
  const access = resolveEcmAccess(config.ecmDeployments, useEcmAccessSettings());
  const queryClient = useQueryClient();
  const match = useQuery({
    ...legacyVehicleMatchQueryOptions(vin ?? ''),
    enabled: !!access && !!vin,
  });

  if (!access) {
    return (
      <Alert color="blue" title="Connect the legacy ECM API first" role="note">
        <Text size="sm">
          Location, odometer and engine data come from the legacy ECM API, which needs your
          company&apos;s API key and its regional deployment.{' '}
          <AnchorLink to="/settings">Set them in Settings</AnchorLink>.
        </Text>
      </Alert>
    );
  }
  if (!vin) {
    return (
      <Alert color="gray" title="No VIN to match by" role="note">
        <Text size="sm">
          The legacy API knows vehicles by its own numbers and shares only the VIN with this vehicle
          record. Add the VIN under Details to see this vehicle&apos;s engine data.
        </Text>
      </Alert>
    );
  }
  if (match.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">Looking for VIN {vin} in the legacy API…</Text>
      </Group>
    );
  }
  if (match.error)
    return <EcmErrorAlert error={match.error} onRetry={() => void match.refetch()} />;
  if (!match.data) {
    return (
      <Alert color="gray" title="No matching vehicle in the legacy API" role="note">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">
            No vehicle in the legacy ECM API has the VIN {vin}, so there is no engine data to show.
            A vehicle added recently may take a while to appear there.
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              // The legacy list is kept for the session; read it again for newly added vehicles.
              queryClient.removeQueries({ queryKey: ecmKeys.vehicleLists() });
              void match.refetch();
            }}
          >
            Look again
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        Legacy vehicle {match.data.vehicle.vehicleId}, matched by{' '}
        {match.data.matchedBy === 'vin' ? 'VIN' : 'the VIN the camera read from the engine'}.
      </Text>
      {children(match.data)}
    </Stack>
  );
}

function EcmErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
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

function LocationPanel({ legacyId, name }: { legacyId: number; name: string }) {
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

function OdometerPanel({ legacyId }: { legacyId: number }) {
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

function EcmDataPanel({ legacyId, vin }: { legacyId: number; vin: string | null | undefined }) {
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
