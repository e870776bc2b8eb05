import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { describeError } from '@/api/api-error';
import { deviceDetailQueryOptions } from '@/api/devices';
import { userDetailQueryOptions } from '@/api/users';
import { useDeleteVehicleMutation, vehicleDetailQueryOptions, type Vehicle } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { ChangeButton } from '@/components/change-control';
import { useConfirmation } from '@/components/confirm-dialog';
import { Fact } from '@/components/fact';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { SectionBoundary } from '@/components/section-boundary';
import { useKnownGroupPaths } from '@/components/use-known-group-paths';
import {
  useVehicleWriteAccess,
  VEHICLE_OUT_OF_SCOPE_NOTE,
} from '@/components/use-vehicle-write-access';
import { UserText } from '@/components/user-text';
import { formatDateTime } from '@/lib/format';
import { lastLocalDays } from '@/lib/local-date';
import { DeviceSerialLink } from './device-serial-link';
import { useVehicleLookups } from './use-vehicle-lookups';
import { VehicleEcmSection } from './vehicle-ecm-section';
import { VehicleEditSection } from './vehicle-edit-section';

const route = getRouteApi('/_auth/vehicles/$vehicleId');

/** How far back the camera-history link looks. */
const CAMERA_HISTORY_DAYS = 30;

/** `safetyScorecard`: the vehicle's safety scorecard, handed in by the route (areas do not import each other). */
export function VehicleDetailPage({ safetyScorecard }: { safetyScorecard?: ReactNode }) {
  const { t } = useLingui();
  const { vehicleId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const deleteVehicle = useDeleteVehicleMutation();
  // Not read again once deletion starts: the detail is dropped from the cache and would 404.
  const vehicleQuery = useQuery({
    ...vehicleDetailQueryOptions(vehicleId),
    enabled: deleteVehicle.isIdle || deleteVehicle.isError,
    // The route does not wait for the read: a failure before any data reaches the route's error
    // view (a missing vehicle's "cannot be shown"), as the other record pages' reads do.
    throwOnError: (_error, query) => query.state.data === undefined,
  });
  const vehicle = vehicleQuery.data;
  const device = useQuery({
    ...deviceDetailQueryOptions(vehicle?.deviceId ?? ''),
    enabled: !!vehicle?.deviceId,
  });
  const lookups = useVehicleLookups();
  const { confirm, confirmationDialog } = useConfirmation();
  const [editShown, setEditShown] = useState(false);
  // The form sits below the engine data and the scorecard: Edit at the top brings it here.
  const editSection = useRef<HTMLElement>(null);
  const writable = useVehicleWriteAccess(vehicle);

  if (!vehicle) return <PageLoader />;
  // Named, so translators see {vehicleName}.
  const vehicleName = vehicle.name;

  const remove = async () => {
    const serial = device.data?.serialNumber;
    const confirmed = await confirm({
      title: (
        <Trans>
          Delete <UserText>{vehicleName}</UserText>?
        </Trans>
      ),
      message: (
        <Stack gap="xs">
          <Text size="sm">
            <Trans>
              <UserText>{vehicleName}</UserText> is removed from the fleet for good, with its legacy
              engine data.
            </Trans>
          </Text>
          {vehicle.deviceId && (
            <Text size="sm">
              {serial
                ? t`Its camera ${serial} is released: it becomes a spare, and the removal appears in the camera's assignment history.`
                : t`Its camera is released: it becomes a spare, and the removal appears in the camera's assignment history.`}
            </Text>
          )}
        </Stack>
      ),
      confirmLabel: t`Delete vehicle`,
      danger: true,
      typeToConfirm: vehicle.name,
    });
    if (!confirmed) return;
    deleteVehicle.mutate(vehicle.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: (
            <Trans>
              <UserText>{vehicleName}</UserText> was deleted.
            </Trans>
          ),
        });
        void navigate({ to: '/vehicles' });
      },
    });
  };

  const describedBy = [
    lookups.typeName(vehicle.type),
    [vehicle.make, vehicle.model, vehicle.year].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(' · ');
  // Once shown, the form stays: a camera change after a save must not remount it (and lose focus).
  if (!editShown && (!vehicle.deviceId || !device.isPending)) setEditShown(true);
  const startEditing = () => {
    const section = editSection.current;
    if (!section) return;
    section.scrollIntoView({ block: 'start' });
    section.querySelector<HTMLElement>('input:not([disabled]), textarea, select')?.focus({
      preventScroll: true,
    });
  };

  return (
    <Stack maw={1040}>
      <PageHeader
        title={vehicle.name}
        description={
          <>
            {describedBy}{' '}
            <Badge variant="light" ml={4} color={vehicle.status === 2 ? 'green' : 'gray'}>
              {lookups.statusName(vehicle.status)}
            </Badge>
          </>
        }
        actions={
          <>
            <Button variant="default" component={Link} to="/vehicles">
              <Trans>Back to vehicles</Trans>
            </Button>
            {writable && editShown && (
              <Button onClick={startEditing}>
                <Trans>Edit details</Trans>
              </Button>
            )}
            {writable && (
              <ChangeButton
                color="red"
                variant="light"
                onClick={() => void remove()}
                loading={deleteVehicle.isPending}
              >
                <Trans>Delete vehicle</Trans>
              </ChangeButton>
            )}
          </>
        }
      />
      {writable === false && (
        <Alert color="gray" title={t`Read only`}>
          {VEHICLE_OUT_OF_SCOPE_NOTE}
        </Alert>
      )}
      {deleteVehicle.error && (
        <Alert color="red" title={t`The vehicle was not deleted`} role="alert">
          {describeError(deleteVehicle.error)}
        </Alert>
      )}
      <VehicleOverview vehicle={vehicle} />
      <SectionBoundary what={t`The legacy ECM data`}>
        <VehicleEcmSection
          vehicle={vehicle}
          tab={search.tab ?? 'location'}
          onTabChange={(tab) =>
            void navigate({
              search: (previous) => ({ ...previous, tab: tab === 'location' ? undefined : tab }),
              replace: true,
            })
          }
        />
      </SectionBoundary>
      <SectionBoundary what={t`The safety scorecard`}>{safetyScorecard}</SectionBoundary>
      {writable === false ? null : editShown && writable ? (
        <VehicleEditSection
          key={vehicle.id}
          ref={editSection}
          vehicle={vehicle}
          savedSerial={device.data?.serialNumber ?? ''}
        />
      ) : (
        <PageLoader />
      )}
      {confirmationDialog}
    </Stack>
  );
}

function VehicleOverview({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useLingui();
  const historyDays = CAMERA_HISTORY_DAYS;
  const { paths, unavailableReason } = useKnownGroupPaths();
  const groupPath = paths.get(vehicle.groupId.toLowerCase());
  const historyRange = lastLocalDays(CAMERA_HISTORY_DAYS);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="vehicle-overview-title">
      <Title order={2} size="h4" id="vehicle-overview-title" mb="sm">
        <Trans>Overview</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Fact label={t`Group`}>
          <Text size="sm" title={unavailableReason ?? undefined}>
            {groupPath ?? '—'}
          </Text>
        </Fact>
        <Fact label={t`Camera`}>
          {vehicle.deviceId ? <DeviceSerialLink deviceId={vehicle.deviceId} /> : t`No camera`}
          <AnchorLink
            to="/devices"
            search={{ tab: 'changes', vehicle: vehicle.name, ...historyRange }}
            size="xs"
            display="block"
          >
            <Trans>Camera history, last {historyDays} days</Trans>
          </AnchorLink>
        </Fact>
        <Fact label={t`Last connected`}>{formatDateTime(vehicle.lastConnected)}</Fact>
        <Fact label={t`Driver`}>
          {vehicle.driverId ? <DriverLink userId={vehicle.driverId} /> : t`No fixed driver`}
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

function DriverLink({ userId }: { userId: string }) {
  const { t } = useLingui();
  const driver = useQuery(userDetailQueryOptions(userId));
  const name = [driver.data?.firstName, driver.data?.lastName].filter(Boolean).join(' ');
  return (
    <AnchorLink to="/users/$userId" params={{ userId }} size="sm">
      {name || t`Driver profile`}
    </AnchorLink>
  );
}
