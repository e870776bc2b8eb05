import { Alert, Badge, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useRef, useState, type ReactNode, type Ref, type FormEvent } from 'react';
import { describeError } from '@/api/api-error';
import { deviceDetailQueryOptions } from '@/api/devices';
import { userDetailQueryOptions } from '@/api/users';
import {
  useDeleteVehicleMutation,
  useUpdateVehicleMutation,
  vehicleDetailQueryOptions,
  type Vehicle,
} from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { SectionBoundary } from '@/components/section-boundary';
import { useConfirmation } from '@/components/confirm-dialog';
import { useEditConflictCheck } from '@/components/edit-conflict-dialog';
import { Fact } from '@/components/fact';
import { EditFormFooter } from '@/components/form-save-status';
import { useGroupOptions } from '@/api/group-options';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useKnownGroupPaths } from '@/components/use-known-group-paths';
import { knownValues, stillUnread, type UnreadFields } from '@/lib/edit-conflicts';
import { formatDateTime } from '@/lib/format';
import { lastLocalDays } from '@/lib/local-date';
import { useUnsavedWork } from '@/api/use-unsaved-work';
import { DeviceSerialLink } from './device-serial-link';
import { useCountrySubdivisions, useVehicleLookups } from './use-vehicle-lookups';
import {
  useVehicleWriteAccess,
  VEHICLE_OUT_OF_SCOPE_NOTE,
} from '@/components/use-vehicle-write-access';
import { VehicleEcmSection } from './vehicle-ecm-section';
import {
  describeVehicleField,
  diffVehicleForm,
  validateVehicleForm,
  vehicleConflictFields,
  withCountryOfSubdivision,
  unreadVehicleFormFields,
  vehicleFormFromVehicle,
  type VehicleFormValues,
} from './vehicle-form';
import { useCameraChoice, VehicleFormFields } from './vehicle-form-fields';
import { UserText } from '@/components/user-text';

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

function VehicleEditSection({
  vehicle,
  savedSerial,
  ref,
}: {
  vehicle: Vehicle;
  savedSerial: string;
  ref?: Ref<HTMLElement>;
}) {
  const queryClient = useQueryClient();
  const updateVehicle = useUpdateVehicleMutation();
  const lookups = useVehicleLookups();
  const { options: groupOptions } = useGroupOptions();
  // The record as this form last saw it from the service: refetches of the page must not move
  // it, or edits would be measured against someone else's values.
  const [base, setBase] = useState(() => vehicleFormFromVehicle(vehicle, savedSerial));
  // What no read has sent yet: the form's '' there is a placeholder, sent only if typed over.
  const [baseUnread, setBaseUnread] = useState(() => unreadVehicleFormFields(vehicle));
  const [checking, setChecking] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<VehicleFormValues>({
    mode: 'controlled',
    initialValues: base,
    validate: (values) => validateVehicleForm(values),
  });
  const subdivisions = useCountrySubdivisions(form.values.country);
  const camera = useCameraChoice(form.values.deviceSerialNumber.trim(), base.deviceSerialNumber);
  const changes = diffVehicleForm(base, form.values, subdivisions.idByCode);
  const changedCount = Object.keys(changes).length;
  useUnsavedWork(changedCount > 0);

  const { check, conflictDialog } = useEditConflictCheck<VehicleFormValues>({
    fields: vehicleConflictFields,
    subject: 'vehicle',
    describe: (key, value) =>
      describeVehicleField(key, value, {
        statusOptions: lookups.statusOptions,
        typeOptions: lookups.typeOptions,
        seatbeltOptions: lookups.seatbeltOptions,
        groupOptions,
      }),
  });

  const readTheirs = async (): Promise<{
    theirs: VehicleFormValues;
    unread: ReadonlySet<keyof VehicleFormValues>;
  }> => {
    const fresh = await queryClient.fetchQuery({
      ...vehicleDetailQueryOptions(vehicle.id),
      staleTime: 0,
    });
    const serial = !fresh.deviceId
      ? ''
      : fresh.deviceId === vehicle.deviceId && savedSerial
        ? savedSerial
        : ((await queryClient.fetchQuery(deviceDetailQueryOptions(fresh.deviceId))).serialNumber ??
          '');
    return {
      theirs: vehicleFormFromVehicle(fresh, serial),
      unread: unreadVehicleFormFields(fresh),
    };
  };

  const save: Parameters<typeof form.onSubmit>[0] = async (mine) => {
    // The field already says why this camera cannot be put here.
    if (changedCount === 0 || checking || camera.refusal) return;
    setChecking(true);
    let resolved: VehicleFormValues | null;
    let theirs: VehicleFormValues;
    let unread: UnreadFields<VehicleFormValues>;
    try {
      const read = await readTheirs();
      theirs = read.theirs;
      unread = { base: baseUnread, theirs: read.unread };
      resolved = await check({ base, theirs, mine, unread });
    } catch (error) {
      setChecking(false);
      // The check could not read the record: say so rather than save blind.
      updateVehicle.reset();
      setSavedNote(null);
      notifications.show({
        color: 'red',
        message: `The vehicle could not be checked for other people's changes: ${describeError(error)}`,
      });
      return;
    }
    setChecking(false);
    if (!resolved) return;
    resolved = withCountryOfSubdivision(resolved);
    // PATCH: only what differs from the record as known, never a placeholder the reads left out.
    const known = knownValues(base, theirs, unread);
    const unknown = stillUnread(unread);
    setBase(known);
    setBaseUnread(unknown);
    form.setValues(resolved);
    const body = diffVehicleForm(known, resolved, subdivisions.idByCode);
    if (Object.keys(body).length === 0) {
      form.resetDirty(resolved);
      setSavedNote('Nothing left to save: the form shows the saved values.');
      statusRef.current?.focus();
      return;
    }
    updateVehicle.mutate(
      { id: vehicle.id, body },
      {
        onSuccess: (updated) => {
          const answered = vehicleFormFromVehicle(
            updated,
            updated.deviceId ? resolved.deviceSerialNumber.trim() : '',
          );
          const leftOut = { base: unknown, theirs: unreadVehicleFormFields(updated) };
          const next = knownValues(resolved, answered, leftOut);
          setBase(next);
          setBaseUnread(stillUnread(leftOut));
          form.setValues(next);
          form.resetDirty(next);
          setSavedNote('Saved. No unsaved changes.');
          notifications.show({
            color: 'green',
            message: (
              <>
                <UserText>{updated.name}</UserText> was saved.
              </>
            ),
          });
          statusRef.current?.focus();
        },
      },
    );
  };
  // Mantine builds the submit handler when the form is submitted, not while rendering.
  const submit = (event?: FormEvent<HTMLFormElement>) => form.onSubmit(save)(event);

  return (
    <Paper ref={ref} withBorder p="md" component="section" aria-labelledby="vehicle-details-title">
      <form onSubmit={submit} noValidate aria-labelledby="vehicle-details-title">
        <Stack>
          <Title order={2} size="h4" id="vehicle-details-title">
            Details
          </Title>
          <VehicleFormFields form={form} vehicleId={vehicle.id} camera={camera} />
          <EditFormFooter
            statusRef={statusRef}
            unsavedText={
              changedCount === 0
                ? null
                : `Unsaved: ${changedCount} ${changedCount === 1 ? 'field' : 'fields'}. Only these are sent.`
            }
            savedNote={savedNote}
            saving={updateVehicle.isPending}
            error={updateVehicle.error}
            onDiscard={() => {
              form.setValues(base);
              updateVehicle.reset();
            }}
          />
        </Stack>
      </form>
      {conflictDialog}
    </Paper>
  );
}
