import { describe, expect, it } from 'vitest';
import type { Vehicle } from '@/api/vehicles';
import { findEditConflicts, knownValues, resolveEditConflicts } from '@/lib/edit-conflicts';
import {
  diffVehicleForm,
  emptyVehicleForm,
  unreadVehicleFormFields,
  validateVehicleForm,
  vehicleConflictFields,
  vehicleCreateRequest,
  vehicleFormFromVehicle,
  type VehicleFormValues,
} from './vehicle-form';

const groupId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const subdivisionIds = new Map([
  ['US-OR', 37],
  ['US-WA', 48],
]);

const truck: Vehicle = {
  id: '5100ffff-60b6-4d4c-9d3e-2a0f9b1c7e11',
  name: 'PDX-T112',
  type: 1,
  status: 2,
  seatbeltType: 1,
  groupId,
  licensePlateNumber: '942 ETJ',
  countrySubdivision: 'US-OR',
  vin: '3AKJHHDR4TU103852',
  make: 'Freightliner',
  model: 'Cascadia',
  year: 2021,
  hibernationDelay: 'UseDefault',
  deviceId: 'a1b2c3d4-0000-4000-8000-000000000001',
};

const valid = (overrides: Partial<VehicleFormValues> = {}): VehicleFormValues => ({
  ...emptyVehicleForm(),
  name: 'PDX-T900',
  groupId,
  ...overrides,
});

describe('validateVehicleForm', () => {
  const today = new Date(2025, 5, 1);

  it('requires a name and a group', () => {
    expect(validateVehicleForm(emptyVehicleForm(), today)).toEqual({
      name: 'Name is required.',
      groupId: 'Choose the group the vehicle belongs to.',
    });
  });

  it('accepts a name of 50 characters and refuses 51', () => {
    expect(validateVehicleForm(valid({ name: 'x'.repeat(50) }), today)).toEqual({});
    expect(validateVehicleForm(valid({ name: 'x'.repeat(51) }), today).name).toBe(
      'Name must be at most 50 characters (it has 51).',
    );
  });

  it('checks the VIN length and alphabet, after upper-casing', () => {
    expect(validateVehicleForm(valid({ vin: '3akjhhdr4tu103852' }), today)).toEqual({});
    expect(validateVehicleForm(valid({ vin: '3AKJHHDR4TU10385' }), today).vin).toMatch(
      /exactly 17 characters \(this has 16\)/,
    );
    expect(validateVehicleForm(valid({ vin: '3AKJHHDR4TU1O3852' }), today).vin).toMatch(
      /except I, O and Q/,
    );
  });

  it('wants a four-digit model year in a believable range', () => {
    expect(validateVehicleForm(valid({ year: '2027' }), today)).toEqual({});
    expect(validateVehicleForm(valid({ year: '2028' }), today).year).toBe(
      'Enter a model year from 1900 to 2027.',
    );
    expect(validateVehicleForm(valid({ year: '21' }), today).year).toBeDefined();
  });

  it('bounds the free-text fields', () => {
    const errors = validateVehicleForm(
      valid({
        licensePlateNumber: 'p'.repeat(51),
        make: 'm'.repeat(251),
        deviceSerialNumber: 's'.repeat(51),
      }),
      today,
    );
    expect(Object.keys(errors).sort()).toEqual([
      'deviceSerialNumber',
      'licensePlateNumber',
      'make',
    ]);
  });
});

describe('vehicleCreateRequest', () => {
  it('leaves empty optional fields out so the service applies its defaults', () => {
    expect(vehicleCreateRequest(valid({ name: '  PDX-T900 ' }), subdivisionIds)).toEqual({
      name: 'PDX-T900',
      groupId,
      status: 2,
      type: 0,
      seatbeltType: 1,
      licensePlateNumber: undefined,
      countrySubdivisionId: undefined,
      vin: undefined,
      make: undefined,
      model: undefined,
      year: undefined,
      hibernationDelay: undefined,
      deviceSerialNumber: undefined,
    });
  });

  it('writes the subdivision by ID, the VIN in capitals and the year as a number', () => {
    const body = vehicleCreateRequest(
      valid({
        country: 'US',
        countrySubdivision: 'US-WA',
        vin: '3akjhhdr4tu103852',
        year: '2020',
        hibernationDelay: 'OneHour',
        deviceSerialNumber: ' SF80008823 ',
      }),
      subdivisionIds,
    );
    expect(body).toMatchObject({
      countrySubdivisionId: 48,
      vin: '3AKJHHDR4TU103852',
      year: 2020,
      hibernationDelay: 'OneHour',
      deviceSerialNumber: 'SF80008823',
    });
  });
});

describe('diffVehicleForm', () => {
  const saved = vehicleFormFromVehicle(truck, 'SF80008823');

  it('reads the subdivision code back into its country', () => {
    expect(saved).toMatchObject({ country: 'US', countrySubdivision: 'US-OR', year: '2021' });
    expect(vehicleFormFromVehicle({ ...truck, countrySubdivision: 'TX' }, '').country).toBe('');
  });

  it('is empty when nothing changed, whitespace and VIN case included', () => {
    expect(diffVehicleForm(saved, saved, subdivisionIds)).toEqual({});
    const retyped = { ...saved, name: ' PDX-T112 ', vin: saved.vin.toLowerCase() };
    expect(diffVehicleForm(saved, retyped, subdivisionIds)).toEqual({});
  });

  it('sends only the one field that changed', () => {
    expect(
      diffVehicleForm(saved, { ...saved, licensePlateNumber: '111 AAA' }, subdivisionIds),
    ).toEqual({
      licensePlateNumber: '111 AAA',
    });
    expect(diffVehicleForm(saved, { ...saved, status: '3' }, subdivisionIds)).toEqual({
      status: 3,
    });
  });

  it('sends null for a cleared field', () => {
    const cleared = { ...saved, make: '', year: '', hibernationDelay: '', vin: '' };
    expect(diffVehicleForm(saved, cleared, subdivisionIds)).toEqual({
      make: null,
      year: null,
      hibernationDelay: null,
      vin: null,
    });
  });

  it('writes a new subdivision by ID, and a cleared one as null', () => {
    const moved = { ...saved, country: 'US', countrySubdivision: 'US-WA' };
    expect(diffVehicleForm(saved, moved, subdivisionIds)).toEqual({ countrySubdivisionId: 48 });
    const none = { ...saved, country: '', countrySubdivision: '' };
    expect(diffVehicleForm(saved, none, subdivisionIds)).toEqual({ countrySubdivisionId: null });
  });

  it('moves a camera by serial number and takes it out with a null device ID', () => {
    expect(
      diffVehicleForm(saved, { ...saved, deviceSerialNumber: 'ER900104' }, subdivisionIds),
    ).toEqual({ deviceSerialNumber: 'ER900104' });
    expect(diffVehicleForm(saved, { ...saved, deviceSerialNumber: ' ' }, subdivisionIds)).toEqual({
      deviceId: null,
    });
  });

  it('sends a new group, never a cleared one', () => {
    const otherGroup = '0a0b0c0d-1e1f-4a2b-8c3d-4e5f6a7b8c9d';
    expect(diffVehicleForm(saved, { ...saved, groupId: otherGroup }, subdivisionIds)).toEqual({
      groupId: otherGroup,
    });
    expect(diffVehicleForm(saved, { ...saved, groupId: null }, subdivisionIds)).toEqual({});
  });
});

describe('a save against a re-read that leaves fields out', () => {
  const serial = 'QM40001';
  const base = vehicleFormFromVehicle(truck, serial);
  // The service left out make and the camera: unknown, not cleared.
  const { make: _make, deviceId: _deviceId, ...partial } = truck;

  it('names the form fields the answer left out, and not those it sent as null', () => {
    expect([...unreadVehicleFormFields(partial)].sort()).toEqual(['deviceSerialNumber', 'make']);
    expect(unreadVehicleFormFields({ ...truck, make: null, deviceId: null }).size).toBe(0);
  });

  it('shows no conflict over them and PATCHes only what the user changed', () => {
    const theirs = vehicleFormFromVehicle(partial, '');
    const unread = { theirs: unreadVehicleFormFields(partial) };
    const mine = { ...base, model: 'Cascadia 126' };
    expect(findEditConflicts(base, theirs, mine, vehicleConflictFields(), unread)).toEqual([]);
    const resolved = resolveEditConflicts(
      base,
      theirs,
      mine,
      vehicleConflictFields(),
      new Map(),
      unread,
    );
    const body = diffVehicleForm(knownValues(base, theirs, unread), resolved, subdivisionIds);
    expect(body).toEqual({ model: 'Cascadia 126' });
  });
});
