import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { listDevices } from '@/api/devices';
import { listVehicles } from '@/api/vehicles';
import { mockServer } from '@/mocks/node';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient, TEST_SERVICE_BASE_URL } from '@/test/test-client';
import { readCameraHealth, type CameraHealthRead } from './camera-health-queries';

beforeEach(async () => {
  const token = await signInForTest();
  configureTestApiClient({ getAccessToken: () => token });
});

async function readAll(options: { pageSize: number; maxPages?: number }) {
  const reads: CameraHealthRead[] = [];
  for await (const read of readCameraHealth({}, { maxPages: 100, ...options })) reads.push(read);
  return reads;
}

const onePage = { pageIndex: 0, pageSize: 1 };

describe('readCameraHealth', () => {
  it('reads every camera and vehicle, showing what has arrived after every page', async () => {
    const [deviceCount, vehicleCount] = await Promise.all([
      listDevices({ page: onePage }).then((page) => page.total!),
      listVehicles({ page: onePage }).then((page) => page.total!),
    ]);
    const reads = await readAll({ pageSize: 50 });
    const last = reads.at(-1)!;
    expect(last).toMatchObject({
      complete: true,
      truncated: false,
      expectedDevices: deviceCount,
      expectedVehicles: vehicleCount,
    });
    expect(last.devices).toHaveLength(deviceCount);
    expect(new Set(last.devices.map((device) => device.deviceId)).size).toBe(deviceCount);
    expect(last.vehicles).toHaveLength(vehicleCount);
    // One read per page of either list; only the last is complete, and the first holds one page.
    expect(reads).toHaveLength(Math.ceil(deviceCount / 50) + Math.ceil(vehicleCount / 50));
    expect(reads.filter((read) => read.complete)).toHaveLength(1);
    expect(reads[0]!.devices.length + reads[0]!.vehicles.length).toBe(50);
  });

  it('stops at the page cap and says the read was cut short', async () => {
    const reads = await readAll({ pageSize: 20, maxPages: 2 });
    expect(reads.at(-1)).toMatchObject({ complete: true, truncated: true });
    expect(reads.at(-1)!.devices).toHaveLength(40);
    expect(reads.at(-1)!.vehicles).toHaveLength(40);
  });

  it('fails when a page fails', async () => {
    mockServer.use(
      http.get(`${TEST_SERVICE_BASE_URL}/v0/vehicles/all`, () =>
        HttpResponse.json({ message: 'Nope' }, { status: 403 }),
      ),
    );
    await expect(readAll({ pageSize: 50 })).rejects.toThrow();
  });
});
