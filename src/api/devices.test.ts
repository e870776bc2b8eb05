// @vitest-environment jsdom
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  configureTestApiClient,
  searchParamsOf,
  serveForTest,
  TEST_SERVICE_BASE_URL,
} from '@/test/test-client';
import {
  classifyVehicleAssignment,
  getDevice,
  listDevices,
  listVehicleAssignments,
  type VehicleAssignment,
} from './devices';

const devicesUrl = `${TEST_SERVICE_BASE_URL}/v1/devices`;
const device = {
  deviceId: 'a1b2c3d4-0000-4000-8000-000000000001',
  serialNumber: 'ER946234',
  deviceModel: 'ER-SF300',
  firmwareVersion: '5.37',
  build: 1204,
  groupPath: '***Root/Smith%20Transportation',
  status: 'In Service',
};

beforeEach(() => configureTestApiClient());

describe('devices', () => {
  it('lists devices from {data, metadata} with the exact query spelling', async () => {
    const requests = serveForTest('get', devicesUrl, () =>
      HttpResponse.json({
        data: [{ ...device, lastConnected: '2024-10-01T08:00:00Z' }],
        metadata: { count: 1, limit: 25, offset: 25 },
      }),
    );
    const page = await listDevices({
      page: { pageIndex: 1, pageSize: 25 },
      status: 'Spare',
      includeSubgroups: true,
      sort: 'SerialNumber',
    });
    expect(page.items[0]).toMatchObject({ ...device, lastConnected: '2024-10-01T08:00:00Z' });
    const query = searchParamsOf(requests);
    expect(query.get('offset')).toBe('25');
    expect(query.get('includeSubgroups')).toBe('true');
    expect(query.get('sort')).toBe('SerialNumber');
  });

  it('unwraps the single device from {data: Device}', async () => {
    const requests = serveForTest('get', `${devicesUrl}/:deviceIdentifier`, () =>
      HttpResponse.json({ data: { ...device, createdDate: '2023-01-01T00:00:00Z' } }),
    );
    await expect(getDevice('SF80008823')).resolves.toMatchObject({ serialNumber: 'ER946234' });
    expect(new URL(requests[0]!.url).pathname).toBe('/service/api/v1/devices/SF80008823');
  });
});

describe('vehicle assignments', () => {
  it('reads metadata sent as strings, under either key casing', async () => {
    serveForTest('get', `${devicesUrl}/vehicleAssignments`, () =>
      HttpResponse.json({
        data: [{ deviceId: device.deviceId, vehicleId: 'v-2', previousVehicleId: 'v-1' }],
        Metadata: { count: '31', limit: '10', offset: '0' },
      }),
    );
    const page = await listVehicleAssignments({ page: { pageIndex: 0, pageSize: 10 } });
    expect(page.total).toBe(31);
    expect(page.hasMore).toBe(true);
  });

  it('sends the window and the subgroup flag', async () => {
    const requests = serveForTest('get', `${devicesUrl}/vehicleAssignments`, () =>
      HttpResponse.json({ data: [], metadata: { count: 0 } }),
    );
    await listVehicleAssignments({
      page: { pageIndex: 0, pageSize: 10 },
      startDate: '2024-10-01T00:00:00Z',
      endDate: '2024-10-07T00:00:00Z',
      includeSubgroups: false,
    });
    const query = searchParamsOf(requests);
    expect(query.get('startDate')).toBe('2024-10-01T00:00:00Z');
    expect(query.get('includeSubgroups')).toBe('false');
    expect(query.get('limit')).toBe('10');
  });

  it('classifies changes by which side holds a real vehicle', () => {
    const realVehicles = new Set(['v-1', 'v-2']);
    const isKnown = (id: string) => realVehicles.has(id);
    const change = (previousVehicleId: string, vehicleId: string): VehicleAssignment => ({
      previousVehicleId,
      vehicleId,
    });
    expect(classifyVehicleAssignment(change('v-1', 'v-2'), isKnown)).toBe('move');
    expect(classifyVehicleAssignment(change('sample', 'v-2'), isKnown)).toBe('addition');
    expect(classifyVehicleAssignment(change('v-1', 'sample'), isKnown)).toBe('removal');
  });
});
