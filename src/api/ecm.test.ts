import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  configureTestApiClient,
  searchParamsOf,
  serveForTest,
  TEST_ECM_API_KEY,
  TEST_ECM_BASE_URL,
} from '@/test/test-client';
import {
  ecmFleetPositionsQueryOptions,
  getEcmLocation,
  getEcmOdometer,
  getEcmVehicle,
  listEcmVehicles,
} from './ecm';
import { createQueryClient } from './query-client';

const vehicle = {
  vehicleId: 4711,
  vin: '1HGCM82633A004352',
  deviceVin: null,
  odometer: 120345,
  location: {
    latitude: 32.78,
    longitude: -96.8,
    gpsDateTime: '2024-10-01T08:00:00Z',
    direction: null,
    speed: 12,
  },
};

beforeEach(() => configureTestApiClient());

describe('legacy ECM', () => {
  it('pages by page/pageSize, always sends pageSize, and uses X-APIKey instead of a bearer', async () => {
    const requests = serveForTest('get', `${TEST_ECM_BASE_URL}/vehicles`, () =>
      HttpResponse.json({ currentPage: 2, pageSize: 50, totalRecords: 51, vehicles: [vehicle] }),
    );
    const page = await listEcmVehicles({ pageIndex: 1, pageSize: 50 });
    expect(page).toMatchObject({ items: [vehicle], total: 51, hasMore: false });
    const query = searchParamsOf(requests);
    expect(query.get('page')).toBe('2');
    expect(query.get('pageSize')).toBe('50');
    expect(requests[0]!.headers.get('X-APIKey')).toBe(TEST_ECM_API_KEY);
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('reads the whole list for the fleet map, a page of 1,000 after another', async () => {
    const total = 2345;
    const requests = serveForTest('get', `${TEST_ECM_BASE_URL}/vehicles`, () => {
      const query = new URL(requests.at(-1)!.url).searchParams;
      const [page, pageSize] = [Number(query.get('page')), Number(query.get('pageSize'))];
      const count = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
      return HttpResponse.json({
        currentPage: page,
        pageSize,
        totalRecords: total,
        vehicles: Array.from({ length: count }, (_, index) => ({
          ...vehicle,
          vehicleId: (page - 1) * pageSize + index,
        })),
      });
    });
    const read = await createQueryClient().fetchQuery(ecmFleetPositionsQueryOptions());
    expect(read.complete).toBe(true);
    expect(read.items).toHaveLength(total);
    expect(new Set(read.items.map((item) => item.vehicleId)).size).toBe(total);
    expect(requests.map((request) => new URL(request.url).searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(new URL(requests[0]!.url).searchParams.get('pageSize')).toBe('1000');
  });

  it('reads one vehicle by its integer ID', async () => {
    const requests = serveForTest('get', `${TEST_ECM_BASE_URL}/vehicles/:vehicleId`, () =>
      HttpResponse.json(vehicle),
    );
    await expect(getEcmVehicle(4711)).resolves.toEqual(vehicle);
    expect(new URL(requests[0]!.url).pathname).toBe('/service/ecm/prod2.ph/ecm/vehicles/4711');
  });

  it('maps a 204 odometer to null', async () => {
    serveForTest(
      'get',
      `${TEST_ECM_BASE_URL}/vehicles/:vehicleId/odometer`,
      () => new HttpResponse(null, { status: 204 }),
    );
    await expect(getEcmOdometer(4711)).resolves.toBeNull();
    serveForTest('get', `${TEST_ECM_BASE_URL}/vehicles/:vehicleId/odometer`, () =>
      HttpResponse.json({ vehicleId: 4711, odometer: 99 }),
    );
    await expect(getEcmOdometer(4711)).resolves.toEqual({ vehicleId: 4711, odometer: 99 });
  });

  it('asks for the position closest to a time, or the latest without one', async () => {
    const requests = serveForTest('get', `${TEST_ECM_BASE_URL}/vehicles/:vehicleId/location`, () =>
      HttpResponse.json(vehicle.location),
    );
    await getEcmLocation(4711, new Date(Date.UTC(2024, 9, 1, 8)));
    await getEcmLocation(4711);
    expect(new URL(requests[0]!.url).searchParams.get('time')).toBe('2024-10-01T08:00:00.000Z');
    expect(new URL(requests[1]!.url).searchParams.has('time')).toBe(false);
  });
});
