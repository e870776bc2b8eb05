import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import { deviceDetailQueryOptions } from '@/api/devices';
import { hibernationDelays } from '@/api/vehicles';
import { GroupPicker } from '@/components/group-picker';
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

/**
 * The fields shared by the create and edit forms. `vehicleId` and `savedSerial` describe the
 * vehicle being edited, so the camera hint can say what saving will do.
 */
export function VehicleFormFields({
  form,
  vehicleId,
  savedSerial = '',
}: {
  form: UseFormReturnType<VehicleFormValues>;
  vehicleId?: string;
  savedSerial?: string;
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
        description={
          <CameraHint
            serial={form.values.deviceSerialNumber.trim()}
            savedSerial={savedSerial}
            vehicleId={vehicleId}
          />
        }
        {...form.getInputProps('deviceSerialNumber')}
      />
    </SimpleGrid>
  );
}

/** Says what saving does to the camera: fit a spare one, move one from another vehicle, take it out. */
function CameraHint({
  serial,
  savedSerial,
  vehicleId,
}: {
  serial: string;
  savedSerial: string;
  vehicleId?: string;
}) {
  const [debouncedSerial] = useDebouncedValue(serial, 400);
  const changed = serial.toLowerCase() !== savedSerial.toLowerCase();
  const device = useQuery({
    ...deviceDetailQueryOptions(debouncedSerial),
    enabled: changed && debouncedSerial.length >= 3,
  });
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
