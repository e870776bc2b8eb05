// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_VEHICLE_ID } from '../db';
import { groupAndDescendantIds } from '../http';
import { getDb } from '../state';
import { authHeaders, signInForTest, TEST_API_BASE } from '../test-helpers';

const DEVICES = `${TEST_API_BASE}/v1/devices`;
const DAY_MS = 86_400_000;

interface DeviceBody {
  deviceId: string;
  serialNumber: string;
  deviceModel: string;
  firmwareVersion: string;
  build: number;
  groupId: string;
  groupName: string | null;
  groupPath: string | null;
  initialConnection: string;
  lastConnected?: string | null;
  status: string;
  vehicleId: string | null;
  vehicleName: string | null;
  vin: string | null;
  createdDate?: string;
  updatedDate?: string;
}
interface AssignmentBody {
  deviceId: string;
  serialNumber: string;
  deviceModel: string;
  vehicleId: string;
  vehicleName: string | null;
  groupId: string | null;
  groupName: string | null;
  groupPath: string | null;
  previousVehicleId: string;
  previousVehicleName: string | null;
  previousGroupId: string | null;
  previousGroupName: string | null;
  previousGroupPath: string | null;
  updatedDate: string;
}
interface ListBody<T> {
  data: T[];
  metadata: { count: number; limit: number; offset: number };
}
interface ErrorBody {
  error: string;
  message: string;
}

let token: string;
const call = (path: string) => fetch(`${DEVICES}${path}`, { headers: authHeaders(token) });
const list = async (query = '') => (await (await call(query)).json()) as ListBody<DeviceBody>;
const changes = async (query = '') =>
  (await (await call(`/vehicleAssignments${query}`)).json()) as ListBody<AssignmentBody>;
/** A window that ends now and covers the whole seeded history (7 days at most per query). */
const lastWeek = () => {
  const end = new Date();
  const start = new Date(end.getTime() - 7 * DAY_MS);
  return `?startDate=${start.toISOString()}&endDate=${end.toISOString()}&limit=1000`;
};

async function expectBadRequest(response: Response, message: string) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: 'Bad Request Error', message });
}

beforeEach(async () => {
  token = await signInForTest();
});

describe('authentication', () => {
  it('answers 401 with an empty text/plain body without a valid token', async () => {
    for (const path of ['', '/vehicleAssignments', `/${getDb().devices[0]!.serialNumber}`]) {
      const response = await fetch(`${DEVICES}${path}`);
      expect(response.status).toBe(401);
      expect(response.headers.get('Content-Type')).toContain('text/plain');
      expect(await response.text()).toBe('');
    }
  });
});

describe('GET /devices', () => {
  it('wraps devices in {data, metadata} with group, path, vehicle and lastConnected', async () => {
    const body = await list();
    expect(body.metadata).toEqual({ count: getDb().devices.length, limit: 100, offset: 0 });
    expect(body.data).toHaveLength(100);
    const installed = body.data.find((device) => device.vehicleId !== null)!;
    const vehicle = getDb().vehicles.find((candidate) => candidate.id === installed.vehicleId)!;
    expect(installed).toMatchObject({ vehicleName: vehicle.name, vin: vehicle.vin });
    expect(installed).toHaveProperty('lastConnected');
    expect(installed.groupName).toBeTruthy();
    expect(installed.groupPath).toMatch(/^Cascade%20Freight%20Root\/[^/]+%20Region\/[^/]+%20Depot/);
    expect(installed.groupPath!.endsWith(encodeURIComponent(installed.groupName!))).toBe(true);
    const serials = body.data.map((device) => device.serialNumber);
    expect(serials).toEqual(
      [...serials].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });

  it('pages by limit and offset and counts every match', async () => {
    const everything = (await list('?limit=1000')).data.map((device) => device.deviceId);
    const page = await list('?limit=10&offset=25');
    expect(page.metadata).toEqual({ count: everything.length, limit: 10, offset: 25 });
    expect(page.data.map((device) => device.deviceId)).toEqual(everything.slice(25, 35));
  });

  it('filters by status and group, and sorts on request', async () => {
    const spares = await list('?status=spare&limit=1000');
    expect(spares.data.length).toBeGreaterThan(0);
    expect(spares.data.every((device) => device.status === 'Spare')).toBe(true);

    const depot = getDb().groups.find((group) => group.name === 'Seattle Depot')!;
    const withTeams = await list(`?groupId=${depot.id}&limit=1000`);
    const depotOnly = await list(`?groupId=${depot.id}&includeSubgroups=false&limit=1000`);
    expect(withTeams.data.length).toBeGreaterThan(depotOnly.data.length);
    expect(depotOnly.data.every((device) => device.groupId === depot.id)).toBe(true);

    const newest = await list('?sort=lastConnected&order=desc&limit=5');
    const times = newest.data.map((device) => device.lastConnected!);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('rejects bad parameters with the device API error body', async () => {
    const invalid = async (query: string) => {
      const response = await call(query);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error).toBe('Bad Request Error');
    };
    await invalid('?limit=0');
    await invalid('?offset=-1');
    await invalid('?sort=colour');
    await invalid('?order=sideways');
    await invalid('?groupId=abc');
    await invalid('?groupId=5100ffff-60b6-d7cd-3fa2-22ca712b0000&includeSubgroups=perhaps');
  });
});

describe('GET /devices/{deviceIdentifier}', () => {
  it('resolves a device ID, a serial number or an IMEI to the same {data: Device}', async () => {
    const seeded = getDb().devices.find((device) => device.vehicleId !== null)!;
    for (const identifier of [
      seeded.deviceId.toUpperCase(),
      seeded.serialNumber.toLowerCase(),
      seeded.imei,
    ]) {
      const response = await call(`/${identifier}`);
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: DeviceBody };
      expect(data).toMatchObject({
        deviceId: seeded.deviceId,
        serialNumber: seeded.serialNumber,
        createdDate: seeded.createdDate,
        updatedDate: seeded.updatedDate,
        vehicleId: seeded.vehicleId,
      });
      expect(data).not.toHaveProperty('lastConnected');
    }
  });

  it('answers 404 with the device API error body for an unknown device', async () => {
    const response = await call('/SF00000000');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'Not Found Error',
      message: "The requested resource doesn't exist.",
    });
  });
});

describe('GET /devices/vehicleAssignments', () => {
  it('lists moves, additions and removals with names and paths, newest first', async () => {
    const body = await changes(lastWeek());
    expect(body.metadata.count).toBe(body.data.length);
    expect(body.data.length).toBeGreaterThan(0);
    const dates = body.data.map((change) => change.updatedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const change of body.data) {
      const device = getDb().devices.find((candidate) => candidate.deviceId === change.deviceId)!;
      expect(change).toMatchObject({
        serialNumber: device.serialNumber,
        deviceModel: device.deviceModel,
      });
      if (change.vehicleId === SAMPLE_VEHICLE_ID) {
        expect(change).toMatchObject({ vehicleName: null, groupName: null });
        expect(change.previousGroupPath).toMatch(/^Cascade%20Freight%20Root\//);
      } else {
        expect(change.vehicleName).toBeTruthy();
        expect(change.groupPath).toMatch(/^Cascade%20Freight%20Root\//);
      }
    }
  });

  it('defaults to the last 24 hours', async () => {
    const since = Date.now() - DAY_MS;
    const body = await changes();
    expect(body.metadata).toMatchObject({ limit: 100, offset: 0 });
    expect(body.data.every((change) => Date.parse(change.updatedDate) >= since)).toBe(true);
    const expected = getDb().vehicleAssignments.filter(
      (change) => Date.parse(change.updatedDate) >= since,
    ).length;
    expect(body.metadata.count).toBe(expected);
  });

  it('shows a change made through the vehicles API at once', async () => {
    const vehicle = getDb().vehicles.find((candidate) => candidate.deviceId !== null)!;
    const deviceId = vehicle.deviceId;
    await fetch(`${TEST_API_BASE}/v0/vehicles/${vehicle.id}`, {
      method: 'PATCH',
      headers: authHeaders(token, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ deviceId: null }),
    });
    const [latest] = (await changes()).data;
    expect(latest).toMatchObject({
      deviceId,
      vehicleId: SAMPLE_VEHICLE_ID,
      previousVehicleId: vehicle.id,
      previousVehicleName: vehicle.name,
    });
  });

  it('reads limit, offset and includeSubgroups from strings and filters by group', async () => {
    const all = await changes(lastWeek());
    const page = await changes(`${lastWeek().replace('limit=1000', 'limit=2')}&offset=1`);
    expect(page.metadata).toEqual({ count: all.metadata.count, limit: 2, offset: 1 });
    expect(page.data).toEqual(all.data.slice(1, 3));

    const region = getDb().groups.find((group) => group.name === 'California Region')!;
    const regional = await changes(
      `${lastWeek()}&groupId=urn:uuid:${region.id}&includeSubgroups=true`,
    );
    const inRegion = groupAndDescendantIds(getDb(), region.id);
    expect(regional.data.length).toBeGreaterThan(0);
    expect(regional.data.length).toBeLessThan(all.data.length);
    for (const change of regional.data) {
      expect(inRegion.has(change.groupId ?? '') || inRegion.has(change.previousGroupId ?? '')).toBe(
        true,
      );
    }
    const regionOnly = await changes(`${lastWeek()}&groupId=${region.id}&includeSubgroups=false`);
    expect(regionOnly.data).toEqual([]);
  });

  it('enforces the date window rules with the contract messages', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    await expectBadRequest(
      await call(`/vehicleAssignments?startDate=${iso(now - DAY_MS)}`),
      'The endDate is required with the startDate. The endDate must be within 7 days after the startDate.',
    );
    await expectBadRequest(
      await call(`/vehicleAssignments?endDate=${iso(now)}`),
      'The startDate is required with the endDate. The startDate must be within 7 days before the endDate.',
    );
    await expectBadRequest(
      await call(`/vehicleAssignments?startDate=${iso(now - 8 * DAY_MS)}&endDate=${iso(now)}`),
      'The endDate must be within 7 days after the startDate.',
    );
    await expectBadRequest(
      await call(
        `/vehicleAssignments?startDate=${iso(now - DAY_MS)}&endDate=${iso(now - 2 * DAY_MS)}`,
      ),
      'The endDate must be after the startDate.',
    );
    await expectBadRequest(
      await call(
        `/vehicleAssignments?startDate=${iso(now + DAY_MS)}&endDate=${iso(now + 2 * DAY_MS)}`,
      ),
      'The startDate cannot be in the future.',
    );
    const garbage = await call(`/vehicleAssignments?startDate=yesterday&endDate=${iso(now)}`);
    expect(garbage.status).toBe(400);
  });
});
