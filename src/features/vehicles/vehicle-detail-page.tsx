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

  const remove = async () => {
    const serial = device.data?.serialNumber;
    const confirmed = await confirm({
      title: (
        <>
          Delete <UserText>{vehicle.name}</UserText>?
        </>
      ),
      message: (
        <Stack gap="xs">
          <Text size="sm">
            <UserText>{vehicle.name}</UserText> is removed from the fleet for good, with its legacy
            engine data.
          </Text>
          {vehicle.deviceId && (
            <Text size="sm">
              Its camera {serial ?? ''} is released: it becomes a spare, and the removal appears in
              the camera&apos;s assignment history.
            </Text>
          )}
        </Stack>
      ),
      confirmLabel: 'Delete vehicle',
      danger: true,
      typeToConfirm: vehicle.name,
    });
    if (!confirmed) return;
    deleteVehicle.mutate(vehicle.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: (
            <>
              <UserText>{vehicle.name}</UserText> was deleted.
            </>
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
              Back to vehicles
            </Button>
            {writable && editShown && <Button onClick={startEditing}>Edit details</Button>}
            {writable && (
              <Button
                color="red"
                variant="light"
                onClick={() => void remove()}
                loading={deleteVehicle.isPending}
              >
                Delete vehicle
              </Button>
            )}
          </>
        }
      />
      {writable === false && (
        <Alert color="gray" title="Read only">
          {VEHICLE_OUT_OF_SCOPE_NOTE}
        </Alert>
      )}
      {deleteVehicle.error && (
        <Alert color="red" title="The vehicle was not deleted" role="alert">
          {describeError(deleteVehicle.error)}
        </Alert>
      )}
      <VehicleOverview vehicle={vehicle} />
      <SectionBoundary what="The legacy ECM data">
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
      <SectionBoundary what="The safety scorecard">{safetyScorecard}</SectionBoundary>
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
  const { paths, unavailableReason } = useKnownGroupPaths();
  const groupPath = paths.get(vehicle.groupId.toLowerCase());
  const historyRange = lastLocalDays(CAMERA_HISTORY_DAYS);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="vehicle-overview-title">
      <Title order={2} size="h4" id="vehicle-overview-title" mb="sm">
        Overview
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Fact label="Group">
          <Text size="sm" title={unavailableReason ?? undefined}>
            {groupPath ?? '—'}
          </Text>
        </Fact>
        <Fact label="Camera">
          {vehicle.deviceId ? <DeviceSerialLink deviceId={vehicle.deviceId} /> : 'No camera'}
          <AnchorLink
            to="/devices"
            search={{ tab: 'changes', vehicle: vehicle.name, ...historyRange }}
            size="xs"
            display="block"
          >
            Camera history, last {CAMERA_HISTORY_DAYS} days
          </AnchorLink>
        </Fact>
        <Fact label="Last connected">{formatDateTime(vehicle.lastConnected)}</Fact>
        <Fact label="Driver">
          {vehicle.driverId ? <DriverLink userId={vehicle.driverId} /> : 'No fixed driver'}
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

function DriverLink({ userId }: { userId: string }) {
  const driver = useQuery(userDetailQueryOptions(userId));
  const name = [driver.data?.firstName, driver.data?.lastName].filter(Boolean).join(' ');
  return (
    <AnchorLink to="/users/$userId" params={{ userId }} size="sm">
      {name || 'Driver profile'}
    </AnchorLink>
  );
}
