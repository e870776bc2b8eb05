import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  configureTestApiClient,
  searchParamsOf,
  serveForTest,
  TEST_SERVICE_BASE_URL,
} from '@/test/test-client';
import {
  createVehicle,
  deleteVehicle,
  getVehicle,
  listCountrySubdivisions,
  listSeatbeltTypes,
  listVehicles,
  listVehicleStatuses,
  listVehicleTypes,
  updateVehicle,
} from './vehicles';

const vehiclesUrl = `${TEST_SERVICE_BASE_URL}/v0/vehicles`;
const truck = {
  id: '5100FFFF-60B6-4D4C-9D3E-2A0F9B1C7E11',
  name: 'Truck 12',
  type: 0,
  status: 2,
  seatbeltType: 1,
  licensePlateNumber: 'ABC123',
  countrySubdivision: 'TX',
  lastConnected: null,
  groupId: '880e60d8-fbed-217a-1720-6511d9f16361',
  vin: '1HGCM82633A004352',
};

beforeEach(() => configureTestApiClient());

describe('listVehicles', () => {
  it('decodes {vehicles, totalResults} and pages by limit/page', async () => {
    const requests = serveForTest('get', `${vehiclesUrl}/all`, () =>
      HttpResponse.json({ vehicles: [{ ...truck, unknownField: 1 }], totalResults: 41 }),
    );
    const page = await listVehicles({
      page: { pageIndex: 1, pageSize: 20 },
      name: 'Truck',
      includeSubgroups: false,
    });
    expect(page.items).toEqual([truck]);
    expect(page.total).toBe(41);
    expect(page.hasMore).toBe(true);
    const query = searchParamsOf(requests);
    expect(query.get('limit')).toBe('20');
    expect(query.get('page')).toBe('2');
    expect(query.get('includeSubgroups')).toBe('false');
    expect(query.has('offset')).toBe(false);
  });

  it('maps a 204 to an empty page', async () => {
    serveForTest('get', `${vehiclesUrl}/all`, () => new HttpResponse(null, { status: 204 }));
    const page = await listVehicles({ page: { pageIndex: 0, pageSize: 20 } });
    expect(page).toMatchObject({ items: [], total: 0, hasMore: false });
  });

  it('keeps a vehicle whose hibernation delay is a value the console does not know', async () => {
    serveForTest('get', `${vehiclesUrl}/:id`, () =>
      HttpResponse.json({ ...truck, hibernationDelay: 'NinetyHours', make: null }),
    );
    await expect(getVehicle(truck.id)).resolves.toMatchObject({
      hibernationDelay: null,
      make: null,
    });
  });

  it('reads the required strings a vehicle does not have as null, whether null, empty or the zero date', async () => {
    const none = {
      licensePlateNumber: null,
      countrySubdivision: null,
      vin: null,
      lastConnected: null,
    };
    serveForTest('get', `${vehiclesUrl}/:id`, () =>
      HttpResponse.json({
        ...truck,
        licensePlateNumber: '',
        countrySubdivision: '',
        vin: '',
        lastConnected: '0001-01-01T00:00:00Z',
      }),
    );
    await expect(getVehicle(truck.id)).resolves.toMatchObject(none);
    serveForTest('get', `${vehiclesUrl}/all`, () =>
      HttpResponse.json({ vehicles: [{ ...truck, ...none }], totalResults: 1 }),
    );
    const page = await listVehicles({ page: { pageIndex: 0, pageSize: 20 } });
    expect(page.items[0]).toMatchObject(none);
  });
});

describe('vehicle writes', () => {
  it('adds (201 {vehicleId}), patches and deletes', async () => {
    const added = serveForTest('post', `${vehiclesUrl}/all`, () =>
      HttpResponse.json({ vehicleId: truck.id }, { status: 201 }),
    );
    await expect(createVehicle({ name: 'Truck 12', groupId: truck.groupId })).resolves.toEqual({
      vehicleId: truck.id,
    });
    expect(await added[0]!.json()).toEqual({ name: 'Truck 12', groupId: truck.groupId });

    const patched = serveForTest('patch', `${vehiclesUrl}/:id`, () =>
      HttpResponse.json({ ...truck, name: 'Truck 13' }),
    );
    await expect(updateVehicle(truck.id, { name: 'Truck 13' })).resolves.toMatchObject({
      name: 'Truck 13',
    });
    expect(await patched[0]!.json()).toEqual({ name: 'Truck 13' });

    serveForTest('delete', `${vehiclesUrl}/:id`, () => new HttpResponse(null, { status: 204 }));
    await expect(deleteVehicle(truck.id)).resolves.toBeUndefined();
  });
});

describe('vehicle lookups', () => {
  it('reads statuses, types and seatbelt types as bare arrays, and 204 as empty', async () => {
    serveForTest('get', `${vehiclesUrl}/statuses`, () =>
      HttpResponse.json([
        { id: 2, description: 'In service', creationDate: '2020-01-01T00:00:00Z' },
      ]),
    );
    serveForTest('get', `${vehiclesUrl}/types`, () =>
      HttpResponse.json([{ id: 0, description: 'Unassigned' }]),
    );
    serveForTest(
      'get',
      `${vehiclesUrl}/seatbelt-types`,
      () => new HttpResponse(null, { status: 204 }),
    );
    await expect(listVehicleStatuses()).resolves.toEqual([
      { id: 2, description: 'In service', creationDate: '2020-01-01T00:00:00Z' },
    ]);
    await expect(listVehicleTypes()).resolves.toEqual([{ id: 0, description: 'Unassigned' }]);
    await expect(listSeatbeltTypes()).resolves.toEqual([]);
  });

  it('asks for the subdivisions of one country', async () => {
    const requests = serveForTest('get', `${vehiclesUrl}/country-subdivisions`, () =>
      HttpResponse.json([{ id: 44, name: 'Texas', code: 'TX' }]),
    );
    await expect(listCountrySubdivisions('US')).resolves.toEqual([
      { id: 44, name: 'Texas', code: 'TX' },
    ]);
    expect(searchParamsOf(requests).get('countryCode')).toBe('US');
  });
});
