import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ecmKeys } from '@/api/ecm';
import { useRuntime } from '@/api/runtime-context';
import type { Vehicle } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { resolveEcmAccess, useEcmAccessSettings } from '@/lib/ecm-access';
import { legacyVehicleMatchQueryOptions, type LegacyVehicleMatch } from './legacy-vehicle-match';
import { EcmDataPanel, EcmErrorAlert, LocationPanel, OdometerPanel } from './vehicle-ecm-panels';
import type { VehicleEcmTab } from './vehicles-search';

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
          <Trans>Legacy engine data (ECM)</Trans>
        </Title>
        <Tabs
          value={tab}
          onChange={(next) => {
            if (next === 'location' || next === 'odometer' || next === 'data') onTabChange(next);
          }}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="location">
              <Trans>Last location</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="odometer">
              <Trans>Odometer</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="data">
              <Trans>ECM data</Trans>
            </Tabs.Tab>
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
  const { t } = useLingui();
  const { config } = useRuntime();
  const access = resolveEcmAccess(config.ecmDeployments, useEcmAccessSettings());
  const queryClient = useQueryClient();
  const match = useQuery({
    ...legacyVehicleMatchQueryOptions(vin ?? ''),
    enabled: !!access && !!vin,
  });

  if (!access) {
    return (
      <Alert color="blue" title={t`Connect the legacy ECM API first`} role="note">
        <Text size="sm">
          <Trans>
            Location, odometer and engine data come from the legacy ECM API, which needs your
            company&apos;s API key and its regional deployment.{' '}
            <AnchorLink to="/settings">Set them in Settings</AnchorLink>.
          </Trans>
        </Text>
      </Alert>
    );
  }
  if (!vin) {
    return (
      <Alert color="gray" title={t`No VIN to match by`} role="note">
        <Text size="sm">
          <Trans>
            The legacy API knows vehicles by its own numbers and shares only the VIN with this
            vehicle record. Add the VIN under Details to see this vehicle&apos;s engine data.
          </Trans>
        </Text>
      </Alert>
    );
  }
  if (match.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">
          <Trans>Looking for VIN {vin} in the legacy API…</Trans>
        </Text>
      </Group>
    );
  }
  if (match.error)
    return <EcmErrorAlert error={match.error} onRetry={() => void match.refetch()} />;
  if (!match.data) {
    return (
      <Alert color="gray" title={t`No matching vehicle in the legacy API`} role="note">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">
            <Trans>
              No vehicle in the legacy ECM API has the VIN {vin}, so there is no engine data to
              show. A vehicle added recently may take a while to appear there.
            </Trans>
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
            <Trans>Look again</Trans>
          </Button>
        </Group>
      </Alert>
    );
  }
  const legacyId = match.data.vehicle.vehicleId;
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {match.data.matchedBy === 'vin'
          ? t`Legacy vehicle ${legacyId}, matched by VIN.`
          : t`Legacy vehicle ${legacyId}, matched by the VIN the camera read from the engine.`}
      </Text>
      {children(match.data)}
    </Stack>
  );
}
