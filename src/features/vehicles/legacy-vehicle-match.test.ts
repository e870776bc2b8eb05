import { QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EcmVehicle } from '@/api/ecm';
import { createQueryClient } from '@/api/query-client';
import { demoEcmApiKey } from '@/config/demo-accounts';
import { mockServer } from '@/mocks/node';
import { getDb } from '@/mocks/state';
import { configureTestApiClient, TEST_ECM_BASE_URL } from '@/test/test-client';
import { findLegacyVehicleByVin, legacyVehicleMatchQueryOptions } from './legacy-vehicle-match';

const legacy = (vehicleId: number, vin: string | null, deviceVin: string | null): EcmVehicle => ({
  vehicleId,
  vin,
  deviceVin,
});

describe('findLegacyVehicleByVin', () => {
  const vehicles = [
    legacy(1, '1FTBR1C80LKA12345', null),
    legacy(2, null, '3AKJHHDR4TU103852'),
    legacy(3, '3AKJHHDR4TU103852', '3AKJHHDR4TU103852'),
  ];

  it('matches the hand-entered VIN first, ignoring case and spaces', () => {
    expect(findLegacyVehicleByVin(vehicles, ' 3akjhhdr4tu103852 ')).toEqual({
      vehicle: vehicles[2],
      matchedBy: 'vin',
    });
  });

  it('falls back to the VIN the camera read from the engine', () => {
    expect(findLegacyVehicleByVin(vehicles.slice(0, 2), '3AKJHHDR4TU103852')).toEqual({
      vehicle: vehicles[1],
      matchedBy: 'deviceVin',
    });
  });

  it('finds nothing for an unknown or empty VIN', () => {
    expect(findLegacyVehicleByVin(vehicles, 'JALC4W16000000000')).toBeNull();
    expect(findLegacyVehicleByVin([legacy(4, null, null)], '')).toBeNull();
  });
});

describe('legacyVehicleMatchQueryOptions', () => {
  let queryClient: QueryClient;
  let listRequests: URL[];

  beforeEach(() => {
    configureTestApiClient({
      getEcmAccess: () => ({ apiKey: demoEcmApiKey, baseUrl: TEST_ECM_BASE_URL }),
    });
    queryClient = createQueryClient();
    listRequests = [];
    mockServer.events.removeAllListeners();
    mockServer.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/ecm/vehicles')) listRequests.push(url);
    });
  });

  it('pages through the legacy list with pageSize 1000 and keeps the pages for the session', async () => {
    const [first, second] = getDb().vehicles;
    const match = await queryClient.fetchQuery(legacyVehicleMatchQueryOptions(first!.vin!));
    expect(match).toMatchObject({
      vehicle: { vehicleId: first!.legacyVehicleId },
      matchedBy: 'vin',
    });
    expect(listRequests.map((url) => url.searchParams.get('pageSize'))).toEqual(['1000']);

    await queryClient.fetchQuery(legacyVehicleMatchQueryOptions(second!.vin!));
    expect(listRequests).toHaveLength(1);
  });

  it('reads every page before saying there is no match', async () => {
    mockServer.use(
      http.get(`${TEST_ECM_BASE_URL}/vehicles`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return Response.json({
          currentPage: page,
          pageSize: 1000,
          totalRecords: 2500,
          vehicles: Array.from({ length: page === 3 ? 500 : 1000 }, (_, index) =>
            legacy(page * 10_000 + index, null, null),
          ),
        });
      }),
    );
    await expect(
      queryClient.fetchQuery(legacyVehicleMatchQueryOptions('JALC4W16000000000')),
    ).resolves.toBeNull();
    expect(listRequests.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
  });
});
