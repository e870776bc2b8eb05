import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockServer } from '@/mocks/node';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient, serveForTest, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import {
  deviceGroupPathsQueryOptions,
  deviceSearchIndexQueryOptions,
  deviceSerialIndexQueryOptions,
} from './devices';
import { PAGES_READ_AHEAD } from './paging';
import { createQueryClient } from './query-client';
import { userSearchIndexQueryOptions } from './users';
import { vehicleNameIndexQueryOptions, vehicleSearchIndexQueryOptions } from './vehicles';

const vehiclesUrl = `${TEST_SERVICE_BASE_URL}/v0/vehicles/all`;

function vehicle(index: number) {
  return {
    id: `v-${index}`,
    name: `Truck ${index}`,
    type: 0,
    status: 2,
    seatbeltType: 1,
    groupId: 'g',
    licensePlateNumber: `ABC ${index}`,
    vin: null,
  };
}

beforeEach(() => configureTestApiClient());

describe('vehicleSearchIndexQueryOptions', () => {
  it('reads pages a few at a time after the first, up to the cap, and says the index is partial', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const requests: Request[] = [];
    mockServer.use(
      http.get(vehiclesUrl, async ({ request }) => {
        requests.push(request);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        // A slow answer, so overlapping requests would show.
        await delay(5);
        inFlight -= 1;
        const page = Number(new URL(request.url).searchParams.get('page'));
        const vehicles = Array.from({ length: 1000 }, (_, index) =>
          vehicle((page - 1) * 1000 + index),
        );
        return HttpResponse.json({ vehicles, totalResults: 20_000 });
      }),
    );

    const index = await createQueryClient().fetchQuery(vehicleSearchIndexQueryOptions());
    expect(requests.map((request) => new URL(request.url).searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(PAGES_READ_AHEAD);
    expect(index.complete).toBe(false);
    expect(index.vehicles).toHaveLength(5000);
    // Whole records: the vehicle list shows its search results with every column.
    expect(index.vehicles[3]).toEqual(vehicle(3));
  });

  it('serves the event queue its names from the same cache entry', async () => {
    const requests = serveForTest('get', vehiclesUrl, () =>
      HttpResponse.json({ vehicles: [vehicle(1)], totalResults: 1 }),
    );
    const queryClient = createQueryClient();
    await queryClient.fetchQuery(vehicleSearchIndexQueryOptions({}));
    expect(vehicleNameIndexQueryOptions({}).queryKey).toEqual(
      vehicleSearchIndexQueryOptions({}).queryKey,
    );
    const select = vehicleNameIndexQueryOptions({}).select!;
    const cached = queryClient.getQueryData(vehicleSearchIndexQueryOptions({}).queryKey)!;
    expect(select(cached)).toEqual({ nameById: { 'v-1': 'Truck 1' }, complete: true });
    expect(requests).toHaveLength(1);
  });
});

describe('search indexes against the demo service', () => {
  beforeEach(async () => {
    const token = await signInForTest();
    configureTestApiClient({ getAccessToken: () => token });
  });

  it('index every device with its serial, and derive the serial lookup from it', async () => {
    const queryClient = createQueryClient();
    const index = await queryClient.fetchQuery(deviceSearchIndexQueryOptions());
    expect(index.complete).toBe(true);
    expect(index.devices.length).toBeGreaterThan(100);
    const first = index.devices[0]!;
    expect(first.serialNumber).toMatch(/^[A-Z]{2}\d{6,}$/);
    const serials = deviceSerialIndexQueryOptions({}).select!(index);
    expect(serials.serialById[first.deviceId.toLowerCase()]).toBe(first.serialNumber);
  });

  it('reads the group paths device records carry, below the root, for users without the group routes', async () => {
    const index = await createQueryClient().fetchQuery(deviceSearchIndexQueryOptions());
    const paths = deviceGroupPathsQueryOptions({}).select!(index);
    const portland = index.devices.find(
      (device) => device.groupName === 'Long Haul' && device.groupPath?.includes('Portland'),
    )!;
    expect(paths.get(portland.groupId!.toLowerCase())).toEqual([
      'Northwest Region',
      'Portland Depot',
      'Long Haul',
    ]);
  });

  it('index every user with the email the service search does not match', async () => {
    const index = await createQueryClient().fetchQuery(userSearchIndexQueryOptions());
    expect(index.complete).toBe(true);
    expect(index.users.find((user) => user.username === 'maria.lopez')).toMatchObject({
      email: 'maria.lopez@cascadefreight.com',
      employeeId: 'CF1001',
    });
  });
});
