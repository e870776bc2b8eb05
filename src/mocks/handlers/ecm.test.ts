import { describe, expect, it } from 'vitest';
import { demoEcmApiKey } from '@/config/demo-accounts';
import type { VehicleRecord } from '../db';
import { getDb } from '../state';

const ECM = 'http://localhost/service/ecm/prod2.ph/ecm';
const withKey = { headers: { 'X-APIKey': demoEcmApiKey } };

interface LocationBody {
  latitude: number;
  longitude: number;
  gpsDateTime: string;
  direction: number | null;
  speed: number | null;
}
interface VehicleLocationBody {
  vehicleId: number;
  vin: string | null;
  deviceVin: string | null;
  odometer: number | null;
  location: LocationBody | null;
}
interface PageBody {
  currentPage: number;
  pageSize: number;
  totalRecords: number;
  vehicles: VehicleLocationBody[];
}

const get = (path: string, init: RequestInit = withKey) => fetch(`${ECM}${path}`, init);
const readingsOf = (vehicle: VehicleRecord) =>
  getDb().ecmReadings.filter((reading) => reading.legacyVehicleId === vehicle.legacyVehicleId);
const vehicleOnTheRoad = () =>
  getDb().vehicles.find(
    (vehicle) => new Set(readingsOf(vehicle).map((reading) => reading.latitude)).size > 2,
  )!;

async function expectJsonStringError(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toContain('application/json');
  expect(typeof (await response.json())).toBe('string');
}

describe('API key', () => {
  it('answers 401 with a JSON string without the right X-APIKey', async () => {
    const missing = await get('/vehicles', {});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toBe('Invalid key, or invalid pod');
    await expectJsonStringError(await get('/vehicles', { headers: { 'X-APIKey': 'wrong' } }), 401);
    const bearer = await get('/vehicles/500100/odometer', {
      headers: { Authorization: 'Bearer whatever' },
    });
    expect(bearer.status).toBe(401);
  });

  it('sends the error as octet-stream on GET /vehicles/{vehicleId}', async () => {
    const response = await get('/vehicles/500100', {});
    expect(response.status).toBe(401);
    expect(response.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(await response.text()).toBe('Invalid key, or invalid pod');
  });

  it('answers on every regional deployment and on the real hosts', async () => {
    const bases = [
      ...['prod2.ph', 'prod5.ph', 'prod6.lv', 'prod7.lv', 'prod8.lv'].map(
        (pod) => `http://localhost/service/ecm/${pod}/ecm`,
      ),
      'https://lytx-api.prod7.lv.lytx.com/ecm',
    ];
    for (const base of bases) {
      const response = await fetch(`${base}/vehicles?pageSize=2`, withKey);
      expect(response.status).toBe(200);
      expect(((await response.json()) as PageBody).vehicles).toHaveLength(2);
    }
  });
});

describe('GET /vehicles', () => {
  it('pages the company vehicles with the declared default page size of 1', async () => {
    const body = (await (await get('/vehicles')).json()) as PageBody;
    expect(body).toMatchObject({
      currentPage: 1,
      pageSize: 1,
      totalRecords: getDb().vehicles.length,
    });
    expect(body.vehicles).toHaveLength(1);
    const [first] = body.vehicles;
    expect(Object.keys(first!).sort()).toEqual([
      'deviceVin',
      'location',
      'odometer',
      'vehicleId',
      'vin',
    ]);
  });

  it('pages by page and pageSize in legacy ID order', async () => {
    const all = ((await (await get('/vehicles?pageSize=1000')).json()) as PageBody).vehicles;
    expect(all).toHaveLength(getDb().vehicles.length);
    const ids = all.map((vehicle) => vehicle.vehicleId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const second = (await (await get('/vehicles?page=2&pageSize=50')).json()) as PageBody;
    expect(second).toMatchObject({ currentPage: 2, pageSize: 50 });
    expect(second.vehicles).toEqual(all.slice(50, 100));
    const beyond = (await (await get('/vehicles?page=99&pageSize=50')).json()) as PageBody;
    expect(beyond.vehicles).toEqual([]);
  });

  it('shares the VIN with the modern vehicle record', async () => {
    const all = ((await (await get('/vehicles?pageSize=1000')).json()) as PageBody).vehicles;
    const modern = new Map(getDb().vehicles.map((vehicle) => [vehicle.legacyVehicleId, vehicle]));
    for (const legacy of all) expect(legacy.vin).toBe(modern.get(legacy.vehicleId)!.vin);
    expect(all.some((vehicle) => vehicle.location === null)).toBe(true);
  });

  it('rejects a page below 1 or a page size outside 1-1000', async () => {
    for (const query of ['page=0', 'pageSize=0', 'pageSize=1001', 'pageSize=ten']) {
      await expectJsonStringError(await get(`/vehicles?${query}`), 400);
    }
  });
});

describe('GET /vehicles/{vehicleId}', () => {
  it("returns the vehicle's latest ECM data", async () => {
    const vehicle = vehicleOnTheRoad();
    const latest = readingsOf(vehicle).at(-1)!;
    const body = (await (
      await get(`/vehicles/${vehicle.legacyVehicleId}`)
    ).json()) as VehicleLocationBody;
    expect(body).toEqual({
      vehicleId: vehicle.legacyVehicleId,
      vin: vehicle.vin,
      deviceVin: latest.deviceVin,
      odometer: latest.odometerKm,
      location: {
        latitude: latest.latitude,
        longitude: latest.longitude,
        gpsDateTime: latest.gpsDateTime,
        direction: latest.direction,
        speed: latest.speed,
      },
    });
    expect(body.location!.gpsDateTime).toBe(vehicle.lastConnected);
  });

  it('accepts integer IDs only and answers 404 in octet-stream for an unknown one', async () => {
    for (const id of ['abc', '12.5']) {
      const response = await get(`/vehicles/${id}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('Content-Type')).toBe('application/octet-stream');
    }
    const missing = await get('/vehicles/42');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(await missing.text()).toContain('does not exist');
  });
});

describe('GET /vehicles/{vehicleId}/odometer', () => {
  it('returns the odometer in km', async () => {
    const vehicle = getDb().vehicles.find((candidate) => readingsOf(candidate).at(-1)?.odometerKm)!;
    const body = (await (
      await get(`/vehicles/${vehicle.legacyVehicleId}/odometer`)
    ).json()) as VehicleLocationBody;
    expect(body.odometer).toBe(readingsOf(vehicle).at(-1)!.odometerKm);
    expect(body.odometer).toBeGreaterThan(1000);
  });

  it('answers 204 with no body for a vehicle without ECM data', async () => {
    const noEngineLink = getDb().vehicles.find(
      (vehicle) =>
        readingsOf(vehicle).length > 0 && readingsOf(vehicle).at(-1)!.odometerKm === null,
    )!;
    const neverConnected = getDb().vehicles.find((vehicle) => readingsOf(vehicle).length === 0)!;
    for (const vehicle of [noEngineLink, neverConnected]) {
      const response = await get(`/vehicles/${vehicle.legacyVehicleId}/odometer`);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
    }
  });

  it('answers 400 and 404 with JSON strings', async () => {
    await expectJsonStringError(await get('/vehicles/abc/odometer'), 400);
    await expectJsonStringError(await get('/vehicles/42/odometer'), 404);
  });
});

describe('GET /vehicles/{vehicleId}/location', () => {
  it('returns the latest position, or the one closest to `time`', async () => {
    const vehicle = vehicleOnTheRoad();
    const readings = readingsOf(vehicle);
    const latest = (await (
      await get(`/vehicles/${vehicle.legacyVehicleId}/location`)
    ).json()) as LocationBody;
    expect(latest.gpsDateTime).toBe(readings.at(-1)!.gpsDateTime);
    expect(Object.keys(latest).sort()).toEqual([
      'direction',
      'gpsDateTime',
      'latitude',
      'longitude',
      'speed',
    ]);

    const target = readings[1]!;
    const nearTarget = new Date(Date.parse(target.gpsDateTime) + 4 * 60_000).toISOString();
    const closest = (await (
      await get(`/vehicles/${vehicle.legacyVehicleId}/location?time=${nearTarget}`)
    ).json()) as LocationBody;
    expect(closest).toMatchObject({ latitude: target.latitude, gpsDateTime: target.gpsDateTime });
  });

  it('answers 400 for a bad time and 404 for a vehicle that never reported', async () => {
    const vehicle = vehicleOnTheRoad();
    await expectJsonStringError(
      await get(`/vehicles/${vehicle.legacyVehicleId}/location?time=noon`),
      400,
    );
    const neverConnected = getDb().vehicles.find(
      (candidate) => readingsOf(candidate).length === 0,
    )!;
    await expectJsonStringError(
      await get(`/vehicles/${neverConnected.legacyVehicleId}/location`),
      404,
    );
  });
});
