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
  vehicleCountries,
  type VehicleFormValues,
} from './vehicle-form';

const hibernationOptions = hibernationDelays.map((delay) => ({
  value: delay,
  label: hibernationDelayLabels[delay],
}));

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
  const refusal =
    found && writeScope(found) === false ? (
      <>
        This camera belongs to{' '}
        {found.groupName ? <UserText>{found.groupName}</UserText> : 'a group'}, outside your groups:
        it can only be put in a vehicle there.
      </>
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
  const lookups = useVehicleLookups();
  const subdivisions = useCountrySubdivisions(form.values.country);
  const lookupError = (error: unknown, what: string) =>
    error ? `The ${what} could not be loaded.` : undefined;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Name"
        required
        autoComplete="off"
        description={`Unique within its group, at most ${NAME_MAX_LENGTH} characters`}
        {...form.getInputProps('name')}
      />
      <GroupPicker
        label="Group"
        required
        clearable={false}
        value={form.values.groupId}
        onChange={(groupId) => form.setFieldValue('groupId', groupId)}
        error={form.errors.groupId}
        placeholder="Choose a group"
      />
      <Select
        label="Status"
        data={lookups.statusOptions}
        allowDeselect={false}
        error={lookupError(lookups.statusesError, 'statuses')}
        {...form.getInputProps('status')}
      />
      <Select
        label="Type"
        data={lookups.typeOptions}
        allowDeselect={false}
        error={lookupError(lookups.typesError, 'vehicle types')}
        {...form.getInputProps('type')}
      />
      <Select
        label="Seatbelt type"
        data={lookups.seatbeltOptions}
        allowDeselect={false}
        error={lookupError(lookups.seatbeltTypesError, 'seatbelt types')}
        {...form.getInputProps('seatbeltType')}
      />
      <TextInput
        label="Licence plate"
        autoComplete="off"
        {...form.getInputProps('licensePlateNumber')}
      />
      <Select
        label="Plate country"
        data={vehicleCountries}
        clearable
        placeholder="Not set"
        value={form.values.country || null}
        onChange={(country) => {
          form.setFieldValue('country', country ?? '');
          form.setFieldValue('countrySubdivision', '');
        }}
      />
      <Select
        label="Plate state or province"
        data={subdivisions.options}
        searchable
        clearable
        disabled={!form.values.country}
        placeholder={
          !form.values.country
            ? 'Choose the country first'
            : subdivisions.isLoading
              ? 'Loading…'
              : undefined
        }
        nothingFoundMessage="No match"
        error={
          lookupError(subdivisions.error, 'states and provinces') ?? form.errors.countrySubdivision
        }
        value={form.values.countrySubdivision || null}
        onChange={(code) => form.setFieldValue('countrySubdivision', code ?? '')}
      />
      <TextInput
        label="VIN"
        description="17 characters: digits and capital letters except I, O and Q"
        autoComplete="off"
        maxLength={20}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('vin')}
        onChange={(event) => form.setFieldValue('vin', event.currentTarget.value.toUpperCase())}
      />
      <TextInput label="Make" autoComplete="off" {...form.getInputProps('make')} />
      <TextInput label="Model" autoComplete="off" {...form.getInputProps('model')} />
      <TextInput
        label="Model year"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        {...form.getInputProps('year')}
      />
      <Select
        label="Hibernation delay"
        description="How long the camera stays awake after the engine stops"
        data={hibernationOptions}
        clearable
        placeholder="Not set"
        value={form.values.hibernationDelay || null}
        onChange={(delay) => form.setFieldValue('hibernationDelay', delay ?? '')}
      />
      <TextInput
        label="Camera serial number"
        autoComplete="off"
        placeholder="No camera"
        description={<CameraHint camera={camera} vehicleId={vehicleId} />}
        {...form.getInputProps('deviceSerialNumber')}
        error={form.errors.deviceSerialNumber ?? camera.refusal}
      />
    </SimpleGrid>
  );
}

/** Says what saving does to the camera: fit a spare one, move one from another vehicle, take it out. */
function CameraHint({ camera, vehicleId }: { camera: CameraChoice; vehicleId?: string }) {
  const { serial, savedSerial, debouncedSerial, changed, device } = camera;
  if (!changed) return savedSerial ? 'The camera now in this vehicle' : 'Optional';
  if (!serial) return `Saving takes the camera ${savedSerial} out of this vehicle.`;
  if (debouncedSerial !== serial || device.isLoading) return 'Looking up this camera…';
  if (isApiError(device.error) && device.error.code === 'NOT_FOUND') {
    return (
      <Text span size="xs" c="orange">
        No camera has this serial number.
      </Text>
    );
  }
  if (!device.data) return 'Optional';
  const { deviceModel, vehicleId: currentVehicleId, vehicleName, groupName } = device.data;
  if (currentVehicleId && currentVehicleId !== vehicleId) {
    return `${deviceModel ?? 'Camera'} now in ${vehicleName ?? 'another vehicle'}: saving moves it here.`;
  }
  return `${deviceModel ?? 'Camera'}, ${device.data.status ?? 'not in a vehicle'}${groupName ? ` in ${groupName}` : ''}.`;
}
