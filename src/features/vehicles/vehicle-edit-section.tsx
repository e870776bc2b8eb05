import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent, Ref } from 'react';
import { deviceDetailQueryOptions } from '@/api/devices';
import { useGroupOptions } from '@/api/group-options';
import {
  countrySubdivisionsQueryOptions,
  useUpdateVehicleMutation,
  vehicleDetailQueryOptions,
  type Vehicle,
} from '@/api/vehicles';
import { useRecordEdit } from '@/components/edit/use-record-edit';
import type { ReadValues } from '@/components/edit/use-record-save';
import { EditFormFooter } from '@/components/form-save-status';
import { UserText } from '@/components/user-text';
import { subdivisionIdsByCode, useVehicleLookups } from './use-vehicle-lookups';
import {
  describeVehicleField,
  diffVehicleForm,
  unreadVehicleFormFields,
  validateVehicleForm,
  vehicleConflictFields,
  vehicleFormFromVehicle,
  withCountryOfSubdivision,
  type VehicleFormValues,
} from './vehicle-form';
import { useCameraChoice, VehicleFormFields } from './vehicle-form-fields';

/** Which fields differ does not depend on the subdivisions' IDs, only what is sent for them. */
const countChangedFields = (base: VehicleFormValues, values: VehicleFormValues) =>
  Object.keys(diffVehicleForm(base, values, new Map())).length;

/** The vehicle's editable details: only the fields that changed are sent (PATCH). */
export function VehicleEditSection({
  vehicle,
  savedSerial,
  ref,
}: {
  vehicle: Vehicle;
  savedSerial: string;
  ref?: Ref<HTMLElement>;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const updateVehicle = useUpdateVehicleMutation();
  const lookups = useVehicleLookups();
  const { options: groupOptions } = useGroupOptions();

  /** The vehicle as the service holds it now, with its camera's serial (the form edits that). */
  const readTheirs = async (): Promise<ReadValues<VehicleFormValues>> => {
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
      values: vehicleFormFromVehicle(fresh, serial),
      unread: unreadVehicleFormFields(fresh),
    };
  };

  const edit = useRecordEdit({
    subject: 'vehicle',
    // The record as this form last saw it from the service: refetches of the page must not move
    // it, or edits would be measured against someone else's values.
    initial: {
      values: vehicleFormFromVehicle(vehicle, savedSerial),
      unread: unreadVehicleFormFields(vehicle),
    },
    read: readTheirs,
    valuesOf: (theirs) => theirs,
    conflictFields: vehicleConflictFields(),
    describe: (key, value) =>
      describeVehicleField(key, value, {
        statusOptions: lookups.statusOptions,
        typeOptions: lookups.typeOptions,
        seatbeltOptions: lookups.seatbeltOptions,
        groupOptions,
      }),
    validate: (values) => validateVehicleForm(values),
    isUnsaved: (base, values) => countChangedFields(base, values) > 0,
    settle: withCountryOfSubdivision,
    writes: 'patch',
    // PATCH: only what differs from the record as known, never a placeholder the reads left out.
    toRequest: async ({ values, known }) => {
      const subdivisions = values.country
        ? await queryClient.ensureQueryData(countrySubdivisionsQueryOptions(values.country))
        : [];
      const body = diffVehicleForm(known, values, subdivisionIdsByCode(subdivisions));
      return Object.keys(body).length === 0 ? null : body;
    },
    send: (body) => updateVehicle.mutateAsync({ id: vehicle.id, body }),
    savedValuesOf: (updated, sent) => ({
      values: vehicleFormFromVehicle(
        updated,
        updated.deviceId ? sent.deviceSerialNumber.trim() : '',
      ),
      unread: unreadVehicleFormFields(updated),
    }),
    onSaved: (updated) => {
      const vehicleName = updated.name;
      notifications.show({
        color: 'green',
        message: (
          <Trans>
            <UserText>{vehicleName}</UserText> was saved.
          </Trans>
        ),
      });
    },
  });
  const { form } = edit;
  const camera = useCameraChoice(
    form.values.deviceSerialNumber.trim(),
    edit.base.deviceSerialNumber,
  );
  const changedCount = countChangedFields(edit.base, form.values);
  // The field already says why this camera cannot be put here.
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    if (camera.refusal) {
      event?.preventDefault();
      return;
    }
    edit.submit(event);
  };

  return (
    <Paper ref={ref} withBorder p="md" component="section" aria-labelledby="vehicle-details-title">
      <form onSubmit={submit} noValidate aria-labelledby="vehicle-details-title">
        <Stack>
          <Title order={2} size="h4" id="vehicle-details-title">
            <Trans>Details</Trans>
          </Title>
          <VehicleFormFields form={form} vehicleId={vehicle.id} camera={camera} />
          <EditFormFooter
            edit={edit}
            unsavedText={
              changedCount === 0
                ? null
                : t({
                    message: plural(changedCount, {
                      one: 'Unsaved: # field. Only these are sent.',
                      other: 'Unsaved: # fields. Only these are sent.',
                    }),
                  })
            }
          />
        </Stack>
      </form>
      {edit.conflictDialog}
    </Paper>
  );
}
