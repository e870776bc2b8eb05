import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import {
  hibernationDelays,
  SEATBELT_TYPE_SHOULDER_HARNESS,
  VEHICLE_STATUS_IN_SERVICE,
  VEHICLE_TYPE_UNASSIGNED,
  type CreateVehicleRequest,
  type HibernationDelay,
  type UpdateVehicleRequest,
  type Vehicle,
} from '@/api/vehicles';
import { getFormatLocale } from '@/i18n/locale';
import type { ConflictField } from '@/lib/edit-conflicts';
import { sameId } from '@/lib/guid';

/** What the vehicle form holds; Select values are strings until the request is built. */
export interface VehicleFormValues {
  name: string;
  groupId: string | null;
  status: string;
  type: string;
  seatbeltType: string;
  licensePlateNumber: string;
  /** Only chooses which subdivisions to offer; the service stores the subdivision alone. */
  country: string;
  /** A subdivision code such as US-OR: reads return the code, writes take its ID. */
  countrySubdivision: string;
  vin: string;
  make: string;
  model: string;
  year: string;
  hibernationDelay: string;
  /** The camera, by the serial number printed on it. */
  deviceSerialNumber: string;
}

export type VehicleFormErrors = Partial<Record<keyof VehicleFormValues, string>>;

/** The countries whose subdivisions the service lists. */
const vehicleCountryCodes = ['US', 'CA', 'MX'] as const;

/** The plate countries as options, named in the chosen language by Intl ("United States"). */
export function vehicleCountryOptions(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(getFormatLocale(), { type: 'region' });
  return vehicleCountryCodes.map((code) => ({ value: code, label: names.of(code) ?? code }));
}

export const hibernationDelayLabels: Record<HibernationDelay, MessageDescriptor> = {
  UseDefault: msg`Company default`,
  NoHibernation: msg`Never hibernate`,
  OneMinute: msg`1 minute`,
  FifteenMinutes: msg`15 minutes`,
  OneHour: msg`1 hour`,
  FourHours: msg`4 hours`,
  EightHours: msg`8 hours`,
  TwelveHours: msg`12 hours`,
  EighteenHours: msg`18 hours`,
  SixtyHours: msg`60 hours`,
};

export const NAME_MAX_LENGTH = 50;
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const FIRST_MODEL_YEAR = 1900;

export function emptyVehicleForm(): VehicleFormValues {
  return {
    name: '',
    groupId: null,
    status: String(VEHICLE_STATUS_IN_SERVICE),
    type: String(VEHICLE_TYPE_UNASSIGNED),
    seatbeltType: String(SEATBELT_TYPE_SHOULDER_HARNESS),
    licensePlateNumber: '',
    country: '',
    countrySubdivision: '',
    vin: '',
    make: '',
    model: '',
    year: '',
    hibernationDelay: '',
    deviceSerialNumber: '',
  };
}

/** "US-OR" → "US"; a bare code (the contract's example is "TX") names no country. */
function countryOfSubdivision(code: string): string {
  const prefix = /^([A-Z]{2})-/.exec(code)?.[1];
  return prefix && vehicleCountryCodes.some((country) => country === prefix) ? prefix : '';
}

export function vehicleFormFromVehicle(
  vehicle: Vehicle,
  deviceSerialNumber: string,
): VehicleFormValues {
  const subdivision = vehicle.countrySubdivision ?? '';
  return {
    name: vehicle.name,
    groupId: vehicle.groupId,
    status: String(vehicle.status),
    type: String(vehicle.type),
    seatbeltType: String(vehicle.seatbeltType),
    licensePlateNumber: vehicle.licensePlateNumber ?? '',
    country: countryOfSubdivision(subdivision),
    countrySubdivision: subdivision,
    vin: vehicle.vin ?? '',
    make: vehicle.make ?? '',
    model: vehicle.model ?? '',
    year: vehicle.year == null ? '' : String(vehicle.year),
    hibernationDelay: vehicle.hibernationDelay ?? '',
    deviceSerialNumber,
  };
}

/** The optional form fields, each with the Vehicle field it is read from. */
const optionalVehicleFormSources = [
  ['licensePlateNumber', 'licensePlateNumber'],
  ['country', 'countrySubdivision'],
  ['countrySubdivision', 'countrySubdivision'],
  ['vin', 'vin'],
  ['make', 'make'],
  ['model', 'model'],
  ['year', 'year'],
  ['hibernationDelay', 'hibernationDelay'],
  ['deviceSerialNumber', 'deviceId'],
] as const satisfies readonly (readonly [keyof VehicleFormValues, keyof Vehicle])[];

/**
 * The form fields this answer left out (absent, not null). The form shows '' for them, which is
 * a placeholder: never compared with the service's copy, never sent unless the user types there.
 */
export function unreadVehicleFormFields(vehicle: Vehicle): ReadonlySet<keyof VehicleFormValues> {
  return new Set(
    optionalVehicleFormSources
      .filter(([, source]) => vehicle[source] === undefined)
      .map(([key]) => key),
  );
}

export function normalizeVin(value: string): string {
  return value.trim().toUpperCase();
}

/** The contract's bounds, checked before anything is sent. */
export function validateVehicleForm(
  values: VehicleFormValues,
  today: Date = new Date(),
): VehicleFormErrors {
  const errors: VehicleFormErrors = {};
  const name = values.name.trim();
  const maxLength = NAME_MAX_LENGTH;
  const nameLength = name.length;
  if (!name) errors.name = t`Name is required.`;
  else if (nameLength > maxLength)
    errors.name = t`Name must be at most ${maxLength} characters (it has ${nameLength}).`;
  if (!values.groupId) errors.groupId = groupRequired();
  if (values.licensePlateNumber.trim().length > 50)
    errors.licensePlateNumber = t`A licence plate has at most 50 characters.`;
  const vin = normalizeVin(values.vin);
  const vinLength = vin.length;
  if (vin && vinLength !== 17)
    errors.vin = t`A VIN has exactly 17 characters (this has ${vinLength}).`;
  else if (vin && !VIN_PATTERN.test(vin))
    errors.vin = t`A VIN uses digits and capital letters except I, O and Q.`;
  if (values.make.trim().length > 250) errors.make = t`Make must be at most 250 characters.`;
  if (values.model.trim().length > 250) errors.model = t`Model must be at most 250 characters.`;
  const year = values.year.trim();
  const firstModelYear = FIRST_MODEL_YEAR;
  const lastModelYear = today.getFullYear() + 2;
  if (
    year &&
    (!/^\d{4}$/.test(year) || Number(year) < FIRST_MODEL_YEAR || Number(year) > lastModelYear)
  )
    errors.year = t`Enter a model year from ${firstModelYear} to ${lastModelYear}.`;
  if (values.deviceSerialNumber.trim().length > 50)
    errors.deviceSerialNumber = t`A serial number has at most 50 characters.`;
  return errors;
}

const groupRequired = () => t`Choose the group the vehicle belongs to.`;

const textOrUndefined = (value: string) => value.trim() || undefined;

function hibernationDelayOf(value: string): HibernationDelay | null {
  return hibernationDelays.find((delay) => delay === value) ?? null;
}

/** POST body: empty optional fields are left out, so the service applies its defaults. */
export function vehicleCreateRequest(
  values: VehicleFormValues,
  subdivisionIdByCode: ReadonlyMap<string, number>,
): CreateVehicleRequest {
  const vin = normalizeVin(values.vin);
  const year = values.year.trim();
  // The form's validation asks for a group before anything is sent.
  if (!values.groupId) throw new Error(groupRequired());
  return {
    name: values.name.trim(),
    groupId: values.groupId,
    status: Number(values.status),
    type: Number(values.type),
    seatbeltType: Number(values.seatbeltType),
    licensePlateNumber: textOrUndefined(values.licensePlateNumber),
    countrySubdivisionId: subdivisionIdByCode.get(values.countrySubdivision),
    vin: vin || undefined,
    make: textOrUndefined(values.make),
    model: textOrUndefined(values.model),
    year: year ? Number(year) : undefined,
    hibernationDelay: hibernationDelayOf(values.hibernationDelay) ?? undefined,
    deviceSerialNumber: textOrUndefined(values.deviceSerialNumber),
  };
}

/**
 * PATCH body with only the fields the user changed; an emptied field is sent as null, which
 * clears it. Empty when nothing changed.
 */
export function diffVehicleForm(
  saved: VehicleFormValues,
  edited: VehicleFormValues,
  subdivisionIdByCode: ReadonlyMap<string, number>,
): UpdateVehicleRequest {
  const body: UpdateVehicleRequest = {};
  const changed = (key: Exclude<keyof VehicleFormValues, 'groupId'>) =>
    saved[key].trim() !== edited[key].trim();

  if (changed('name')) body.name = edited.name.trim();
  if (edited.groupId && edited.groupId !== saved.groupId) body.groupId = edited.groupId;
  for (const key of ['status', 'type', 'seatbeltType'] as const) {
    if (changed(key)) body[key] = Number(edited[key]);
  }
  for (const key of ['licensePlateNumber', 'make', 'model'] as const) {
    if (changed(key)) body[key] = edited[key].trim() || null;
  }
  if (changed('countrySubdivision')) {
    body.countrySubdivisionId = subdivisionIdByCode.get(edited.countrySubdivision) ?? null;
  }
  if (normalizeVin(saved.vin) !== normalizeVin(edited.vin)) {
    body.vin = normalizeVin(edited.vin) || null;
  }
  if (changed('year')) body.year = edited.year.trim() ? Number(edited.year.trim()) : null;
  if (changed('hibernationDelay'))
    body.hibernationDelay = hibernationDelayOf(edited.hibernationDelay);
  if (changed('deviceSerialNumber')) {
    const serial = edited.deviceSerialNumber.trim();
    // The service finds the camera by its serial; taking it out needs no serial at all.
    if (serial) body.deviceSerialNumber = serial;
    else body.deviceId = null;
  }
  return body;
}

/** The fields a save compares with the service's copy; the country follows the subdivision. */
export function vehicleConflictFields(): readonly ConflictField<VehicleFormValues>[] {
  return [
    { key: 'name', label: t`Name` },
    {
      key: 'groupId',
      label: t`Group`,
      same: (a, b) => sameId(a as string | null, b as string | null),
    },
    { key: 'status', label: t`Status` },
    { key: 'type', label: t`Type` },
    { key: 'seatbeltType', label: t`Seatbelt type` },
    { key: 'licensePlateNumber', label: t`Licence plate` },
    { key: 'countrySubdivision', label: t`Plate state or province` },
    {
      key: 'vin',
      label: t`VIN`,
      same: (a, b) => normalizeVin(String(a)) === normalizeVin(String(b)),
    },
    { key: 'make', label: t`Make` },
    { key: 'model', label: t`Model` },
    { key: 'year', label: t`Model year` },
    { key: 'hibernationDelay', label: t`Hibernation delay` },
    {
      key: 'deviceSerialNumber',
      label: t`Camera serial number`,
      same: (a, b) => String(a).trim().toLowerCase() === String(b).trim().toLowerCase(),
    },
  ];
}

/** The plate country that goes with the chosen subdivision (after a merge took theirs). */
export function withCountryOfSubdivision(values: VehicleFormValues): VehicleFormValues {
  const country = countryOfSubdivision(values.countrySubdivision);
  return values.countrySubdivision && country ? { ...values, country } : values;
}

interface Option {
  value: string;
  label: string;
}

/** A field's value as the form shows it: names for IDs, "Not set" for blanks. */
export function describeVehicleField(
  key: keyof VehicleFormValues,
  value: VehicleFormValues[keyof VehicleFormValues],
  options: {
    statusOptions: readonly Option[];
    typeOptions: readonly Option[];
    seatbeltOptions: readonly Option[];
    groupOptions: readonly Option[];
  },
): string {
  const text = (value ?? '').trim();
  if (!text) return key === 'deviceSerialNumber' ? t`No camera` : t`Not set`;
  const labelIn = (list: readonly Option[]) =>
    list.find((option) => option.value.toLowerCase() === text.toLowerCase())?.label ?? text;
  if (key === 'status') return labelIn(options.statusOptions);
  if (key === 'type') return labelIn(options.typeOptions);
  if (key === 'seatbeltType') return labelIn(options.seatbeltOptions);
  if (key === 'groupId') return labelIn(options.groupOptions);
  if (key === 'hibernationDelay') {
    const delay = hibernationDelayOf(text);
    return delay ? i18n._(hibernationDelayLabels[delay]) : text;
  }
  return text;
}
