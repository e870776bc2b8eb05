import { Trans, useLingui } from '@lingui/react/macro';
import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '@/api/api-error';
import { deviceDetailQueryOptions, type Device } from '@/api/devices';
import { hibernationDelays } from '@/api/vehicles';
import { GroupPicker } from '@/components/group-picker';
import { useCameraWriteScope } from '@/components/use-vehicle-write-access';
import { UserText } from '@/components/user-text';
import { useCountrySubdivisions, useVehicleLookups } from './use-vehicle-lookups';
import {
  hibernationDelayLabels,
  NAME_MAX_LENGTH,
  vehicleCountryOptions,
  type VehicleFormValues,
} from './vehicle-form';
import { cameraStatusLabel } from './vehicle-lookup-labels';

/** The camera a form's serial number names, looked up as it is typed. */
export interface CameraChoice {
  serial: string;
  savedSerial: string;
  debouncedSerial: string;
  changed: boolean;
  device: UseQueryResult<Device>;
  /**
   * Why this camera cannot be put in the vehicle (it belongs to a group outside the user's write
   * scope), or null. The form shows it on the field and does not save.
   */
  refusal: ReactNode;
}

/** Looks up the camera `serial` names, unless it is the one `savedSerial` says is fitted already. */
export function useCameraChoice(serial: string, savedSerial: string): CameraChoice {
  const [debouncedSerial] = useDebouncedValue(serial, 400);
  const changed = serial.toLowerCase() !== savedSerial.toLowerCase();
  const device = useQuery({
    ...deviceDetailQueryOptions(debouncedSerial),
    enabled: changed && debouncedSerial.length >= 3,
  });
  const found = changed && debouncedSerial === serial ? device.data : undefined;
  const writeScope = useCameraWriteScope({ enabled: !!found });
  const { t } = useLingui();
  const cameraGroup = found?.groupName;
  const refusal =
    found && writeScope(found) === false ? (
      cameraGroup ? (
        <Trans>
          This camera belongs to <UserText>{cameraGroup}</UserText>, outside your groups: it can
          only be put in a vehicle there.
        </Trans>
      ) : (
        t`This camera belongs to a group outside your groups: it can only be put in a vehicle there.`
      )
    ) : null;
  return { serial, savedSerial, debouncedSerial, changed, device, refusal };
}

/**
 * The fields shared by the create and edit forms. `vehicleId` and `camera` describe the vehicle
 * being edited and the camera typed, so the camera hint can say what saving will do.
 */
export function VehicleFormFields({
  form,
  vehicleId,
  camera,
}: {
  form: UseFormReturnType<VehicleFormValues>;
  vehicleId?: string;
  camera: CameraChoice;
}) {
  const { t, i18n } = useLingui();
  const lookups = useVehicleLookups();
  const subdivisions = useCountrySubdivisions(form.values.country);
  const maxLength = NAME_MAX_LENGTH;
  const hibernationOptions = hibernationDelays.map((delay) => ({
    value: delay,
    label: i18n._(hibernationDelayLabels[delay]),
  }));

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t`Name`}
        required
        autoComplete="off"
        description={t`Unique within its group, at most ${maxLength} characters`}
        {...form.getInputProps('name')}
      />
      <GroupPicker
        label={t`Group`}
        required
        clearable={false}
        value={form.values.groupId}
        onChange={(groupId) => form.setFieldValue('groupId', groupId)}
        error={form.errors.groupId}
        placeholder={t`Choose a group`}
      />
      <Select
        label={t`Status`}
        data={lookups.statusOptions}
        allowDeselect={false}
        error={lookups.statusesError ? t`The statuses could not be loaded.` : undefined}
        {...form.getInputProps('status')}
      />
      <Select
        label={t`Type`}
        data={lookups.typeOptions}
        allowDeselect={false}
        error={lookups.typesError ? t`The vehicle types could not be loaded.` : undefined}
        {...form.getInputProps('type')}
      />
      <Select
        label={t`Seatbelt type`}
        data={lookups.seatbeltOptions}
        allowDeselect={false}
        error={lookups.seatbeltTypesError ? t`The seatbelt types could not be loaded.` : undefined}
        {...form.getInputProps('seatbeltType')}
      />
      <TextInput
        label={t`Licence plate`}
        autoComplete="off"
        {...form.getInputProps('licensePlateNumber')}
      />
      <Select
        label={t`Plate country`}
        data={vehicleCountryOptions()}
        clearable
        placeholder={t`Not set`}
        value={form.values.country || null}
        onChange={(country) => {
          form.setFieldValue('country', country ?? '');
          form.setFieldValue('countrySubdivision', '');
        }}
      />
      <Select
        label={t`Plate state or province`}
        data={subdivisions.options}
        searchable
        clearable
        disabled={!form.values.country}
        placeholder={
          !form.values.country
            ? t`Choose the country first`
            : subdivisions.isLoading
              ? t`Loading…`
              : undefined
        }
        nothingFoundMessage={t`No match`}
        error={
          subdivisions.error
            ? t`The states and provinces could not be loaded.`
            : form.errors.countrySubdivision
        }
        value={form.values.countrySubdivision || null}
        onChange={(code) => form.setFieldValue('countrySubdivision', code ?? '')}
      />
      <TextInput
        label={t`VIN`}
        description={t`17 characters: digits and capital letters except I, O and Q`}
        autoComplete="off"
        maxLength={20}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('vin')}
        onChange={(event) => form.setFieldValue('vin', event.currentTarget.value.toUpperCase())}
      />
      <TextInput label={t`Make`} autoComplete="off" {...form.getInputProps('make')} />
      <TextInput label={t`Model`} autoComplete="off" {...form.getInputProps('model')} />
      <TextInput
        label={t`Model year`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        {...form.getInputProps('year')}
      />
      <Select
        label={t`Hibernation delay`}
        description={t`How long the camera stays awake after the engine stops`}
        data={hibernationOptions}
        clearable
        placeholder={t`Not set`}
        value={form.values.hibernationDelay || null}
        onChange={(delay) => form.setFieldValue('hibernationDelay', delay ?? '')}
      />
      <TextInput
        label={t`Camera serial number`}
        autoComplete="off"
        placeholder={t`No camera`}
        description={<CameraHint camera={camera} vehicleId={vehicleId} />}
        {...form.getInputProps('deviceSerialNumber')}
        error={form.errors.deviceSerialNumber ?? camera.refusal}
      />
    </SimpleGrid>
  );
}

/** Says what saving does to the camera: fit a spare one, move one from another vehicle, take it out. */
function CameraHint({ camera, vehicleId }: { camera: CameraChoice; vehicleId?: string }) {
  const { t, i18n } = useLingui();
  const { serial, savedSerial, debouncedSerial, changed, device } = camera;
  if (!changed) return savedSerial ? t`The camera now in this vehicle` : t`Optional`;
  if (!serial) return t`Saving takes the camera ${savedSerial} out of this vehicle.`;
  if (debouncedSerial !== serial || device.isLoading) return t`Looking up this camera…`;
  if (isApiError(device.error) && device.error.code === 'NOT_FOUND') {
    return (
      <Text span size="xs" c="orange">
        <Trans>No camera has this serial number.</Trans>
      </Text>
    );
  }
  if (!device.data) return t`Optional`;
  const { deviceModel, vehicleId: currentVehicleId, vehicleName, groupName } = device.data;
  const model = deviceModel ?? t`Camera`;
  if (currentVehicleId && currentVehicleId !== vehicleId) {
    const otherVehicle = vehicleName ?? t`another vehicle`;
    return t`${model} now in ${otherVehicle}: saving moves it here.`;
  }
  // The camera's status as the console names it (one it does not know is shown as sent).
  const status = device.data.status
    ? cameraStatusLabel(device.data.status, (descriptor) => i18n._(descriptor))
    : t`not in a vehicle`;
  return groupName ? t`${model}, ${status} in ${groupName}.` : t`${model}, ${status}.`;
}
