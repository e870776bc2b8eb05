import { beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_VEHICLE_ID, type GroupRecord, type VehicleRecord } from '../db';
import { groupAndDescendantIds } from '../http';
import { getDb, resetMockService } from '../state';
import { authHeaders, signInForTest, TEST_API_BASE } from '../test-helpers';

const VEHICLES = `${TEST_API_BASE}/v0/vehicles`;
const ECM = 'http://localhost/service/ecm/prod2.ph/ecm';

interface VehicleBody {
  id: string;
  name: string;
  type: number;
  status: number;
  seatbeltType: number;
  /** Left out when the vehicle has none (the schema allows no empty string). */
  licensePlateNumber?: string;
  countrySubdivision?: string;
  lastConnected: string | null;
  groupId: string;
  vin?: string;
  driverId: string | null;
  deviceId: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  hibernationDelay?: string | null;
}
interface ListBody {
  vehicles: VehicleBody[];
  totalResults: number;
}
interface ErrorBody {
  error: string;
  message: string;
}

let token: string;
const call = (path: string, init: RequestInit = {}) =>
  fetch(`${VEHICLES}${path}`, {
    ...init,
    headers: authHeaders(token, init.body ? { 'Content-Type': 'application/json' } : {}),
  });
const send = (method: string, path: string, body: unknown) =>
  call(path, { method, body: JSON.stringify(body) });
const list = async (query = '') => (await (await call(`/all${query}`)).json()) as ListBody;

const groupNamed = (name: string, parentName?: string): GroupRecord => {
  const groups = getDb().groups;
  const parent = parentName ? groups.find((group) => group.name === parentName) : undefined;
  return groups.find((group) => group.name === name && (!parent || group.parentId === parent.id))!;
};
const portlandLongHaul = () => groupNamed('Long Haul', 'Portland Depot');
const vehicleWithDevice = () => getDb().vehicles.find((vehicle) => vehicle.deviceId !== null)!;
const spareDevice = () => getDb().devices.find((device) => device.vehicleId === null)!;

async function expectBadRequest(response: Response, mentioning: string) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as ErrorBody;
  expect(body.error).toBe('Bad Request');
  expect(body.message).toContain(mentioning);
}

beforeEach(async () => {
  token = await signInForTest();
});

describe('authentication', () => {
  it('answers 401 with no body without a valid bearer token', async () => {
    for (const [method, path] of [
      ['GET', '/all'],
      ['POST', '/all'],
      ['GET', '/statuses'],
      ['GET', `/${getDb().vehicles[0]!.id}`],
      ['DELETE', `/${getDb().vehicles[0]!.id}`],
    ] as const) {
      const response = await fetch(`${VEHICLES}${path}`, {
        method,
        headers: { Authorization: 'Bearer not-a-real-token' },
      });
      expect(response.status).toBe(401);
      expect(await response.text()).toBe('');
    }
  });
});

describe('GET /all', () => {
  it('wraps a page of vehicles in {vehicles, totalResults} with the contract fields', async () => {
    const body = await list();
    expect(body.totalResults).toBe(getDb().vehicles.length);
    expect(body.totalResults).toBeGreaterThan(150);
    expect(body.vehicles).toHaveLength(100);
    const vehicle = body.vehicles.find((candidate) => candidate.deviceId !== null)!;
    expect(Object.keys(vehicle).sort()).toEqual(
      [
        'id',
        'name',
        'type',
        'status',
        'seatbeltType',
        'licensePlateNumber',
        'countrySubdivision',
        'lastConnected',
        'groupId',
        'vin',
        'driverId',
        'deviceId',
        'make',
        'model',
        'year',
      ].sort(),
    );
    expect(vehicle.countrySubdivision).toMatch(/^US-(OR|WA|ID|UT|CA)$/);
    expect(vehicle.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
  });

  it('pages by limit and page over one stable order', async () => {
    const everything = (await list('?limit=1000')).vehicles.map((vehicle) => vehicle.id);
    const third = await list('?limit=7&page=3');
    expect(third.totalResults).toBe(everything.length);
    expect(third.vehicles.map((vehicle) => vehicle.id)).toEqual(everything.slice(14, 21));
    const lastPage = Math.ceil(everything.length / 7);
    const last = await list(`?limit=7&page=${lastPage}`);
    expect(last.vehicles).toHaveLength(everything.length - (lastPage - 1) * 7);
    const beyond = await list(`?limit=7&page=${lastPage + 1}`);
    expect(beyond).toEqual({ vehicles: [], totalResults: everything.length });
  });

  it('matches any part of the name, ignoring case', async () => {
    const body = await list('?name=pdx-t&limit=1000');
    expect(body.vehicles.length).toBeGreaterThan(0);
    expect(body.vehicles.every((vehicle) => vehicle.name.includes('PDX-T'))).toBe(true);
    expect(body.totalResults).toBe(
      getDb().vehicles.filter((vehicle) => vehicle.name.includes('PDX-T')).length,
    );
  });

  it('answers 204 with no body when nothing matches', async () => {
    const response = await call('/all?name=no-such-vehicle');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const unknownGroup = await call('/all?groupId=5100FFFF-60B6-D7CD-3FA2-22CA712B0000');
    expect(unknownGroup.status).toBe(204);
  });

  it('filters by group, with subgroups unless told otherwise', async () => {
    const depot = groupNamed('Portland Depot');
    const teamIds = new Set(
      getDb()
        .groups.filter((g) => g.parentId === depot.id)
        .map((g) => g.id),
    );
    const withTeams = await list(`?groupId=${depot.id}&limit=1000`);
    expect(withTeams.vehicles.some((vehicle) => teamIds.has(vehicle.groupId))).toBe(true);
    expect(withTeams.vehicles.every((v) => v.groupId === depot.id || teamIds.has(v.groupId))).toBe(
      true,
    );
    const depotOnly = await list(`?groupId=${depot.id.toUpperCase()}&includeSubgroups=false`);
    expect(depotOnly.vehicles.length).toBeGreaterThan(0);
    expect(depotOnly.vehicles.every((vehicle) => vehicle.groupId === depot.id)).toBe(true);
  });

  it('rejects malformed query parameters with 400 and a message', async () => {
    await expectBadRequest(await call('/all?groupId=not-a-guid'), 'groupId');
    await expectBadRequest(await call(`/all?name=${'x'.repeat(51)}`), 'name');
    await expectBadRequest(await call('/all?name='), 'name');
    await expectBadRequest(await call('/all?limit=0'), 'limit');
    await expectBadRequest(await call('/all?limit=1001'), 'limit');
    await expectBadRequest(await call('/all?limit=ten'), 'limit');
    await expectBadRequest(await call('/all?page=0'), 'page');
    await expectBadRequest(await call('/all?includeSubgroups=maybe'), 'includeSubgroups');
  });
});

describe('lookups', () => {
  it('lists statuses, types and seatbelt types as bare arrays with the contract defaults', async () => {
    const statuses = (await (await call('/statuses')).json()) as {
      id: number;
      description: string;
    }[];
    expect(statuses).toContainEqual(expect.objectContaining({ id: 2, description: 'In service' }));
    const types = (await (await call('/types')).json()) as { id: number; description: string }[];
    expect(types).toContainEqual(expect.objectContaining({ id: 0, description: 'Unassigned' }));
    const seatbelts = (await (await call('/seatbelt-types')).json()) as {
      id: number;
      name: string;
    }[];
    expect(seatbelts).toContainEqual(expect.objectContaining({ id: 1, name: 'Shoulder harness' }));
    expect(Object.keys(seatbelts[0]!).sort()).toEqual(['creationDate', 'id', 'name']);
  });

  it('lists the subdivisions of the US, Canada and Mexico by country code', async () => {
    const us = (await (await call('/country-subdivisions?countryCode=US')).json()) as {
      id: number;
      name: string;
      code: string;
    }[];
    expect(us).toHaveLength(51);
    expect(us).toContainEqual({ id: expect.any(Number) as number, name: 'Oregon', code: 'US-OR' });
    const canada = (await (await call('/country-subdivisions?countryCode=CA')).json()) as unknown[];
    expect(canada).toHaveLength(13);
    const mexico = (await (await call('/country-subdivisions?countryCode=MX')).json()) as unknown[];
    expect(mexico).toHaveLength(32);
  });

  it('rejects a missing or malformed country code and answers 404 for an unknown country', async () => {
    await expectBadRequest(await call('/country-subdivisions'), 'countryCode');
    await expectBadRequest(await call('/country-subdivisions?countryCode=us'), 'countryCode');
    await expectBadRequest(await call('/country-subdivisions?countryCode=USA'), 'countryCode');
    expect((await call('/country-subdivisions?countryCode=ZZ')).status).toBe(404);
  });
});

describe('GET /{id}', () => {
  it('returns the vehicle with its hibernation delay, whatever the GUID case', async () => {
    const seeded = vehicleWithDevice();
    const response = await call(`/${seeded.id.toUpperCase()}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as VehicleBody;
    expect(body).toMatchObject({ id: seeded.id, name: seeded.name, deviceId: seeded.deviceId });
    expect(body).toHaveProperty('hibernationDelay', seeded.hibernationDelay);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    await expectBadRequest(await call('/not-a-guid'), 'GUID');
    const missing = await call('/5100ffff-60b6-d7cd-3fa2-22ca712b0000');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error).toBe('Not Found');
  });
});

describe('POST /all', () => {
  it('creates a vehicle with the contract defaults and answers 201 {vehicleId}', async () => {
    const group = portlandLongHaul();
    const response = await send('POST', '/all', { name: 'PDX-T999', groupId: group.id });
    expect(response.status).toBe(201);
    const { vehicleId } = (await response.json()) as { vehicleId: string };
    const created = (await (await call(`/${vehicleId}`)).json()) as VehicleBody;
    expect(created).toMatchObject({
      name: 'PDX-T999',
      groupId: group.id,
      type: 0,
      status: 2,
      seatbeltType: 1,
      deviceId: null,
      hibernationDelay: null,
    });
    expect(created).not.toHaveProperty('countrySubdivision');
  });

  it('leaves out the required strings a vehicle created with only a name and a group has no value for, as none may be empty', async () => {
    const group = portlandLongHaul();
    const response = await send('POST', '/all', { name: 'PDX-T998', groupId: group.id });
    const { vehicleId } = (await response.json()) as { vehicleId: string };
    const fetched = (await (await call(`/${vehicleId}`)).json()) as VehicleBody;
    const patched = (await (
      await send('PATCH', `/${vehicleId}`, { make: 'Volvo' })
    ).json()) as VehicleBody;
    const listed = ((await (await call('/all?name=PDX-T998')).json()) as ListBody).vehicles[0]!;
    for (const body of [fetched, patched, listed]) {
      // VehicleResponse and Vehicle mark these required with at least one character.
      for (const key of ['licensePlateNumber', 'countrySubdivision', 'vin']) {
        expect(body).not.toHaveProperty(key);
      }
      expect(body.lastConnected).toBe('0001-01-01T00:00:00Z');
    }
  });

  it('stores every field and reads the subdivision back as its code', async () => {
    const oregon = getDb().countrySubdivisions.find((entry) => entry.code === 'US-OR')!;
    const response = await send('POST', '/all', {
      name: 'PDX-T998',
      groupId: portlandLongHaul().id,
      type: 1,
      status: 3,
      seatbeltType: 2,
      licensePlateNumber: '123 ABC',
      countrySubdivisionId: oregon.id,
      vin: '1XKYD49X5PJ123456',
      make: 'Kenworth',
      model: 'T680',
      year: 2023,
      hibernationDelay: 'OneHour',
    });
    const { vehicleId } = (await response.json()) as { vehicleId: string };
    expect(await (await call(`/${vehicleId}`)).json()).toMatchObject({
      type: 1,
      status: 3,
      seatbeltType: 2,
      licensePlateNumber: '123 ABC',
      countrySubdivision: 'US-OR',
      vin: '1XKYD49X5PJ123456',
      make: 'Kenworth',
      model: 'T680',
      year: 2023,
      hibernationDelay: 'OneHour',
    });
  });

  it('rejects invalid bodies with 400 naming the field', async () => {
    const groupId = portlandLongHaul().id;
    const cases: [unknown, string][] = [
      [{ groupId }, 'name'],
      [{ name: 'X' }, 'groupId'],
      [{ name: 'X', groupId, colour: 'red' }, 'colour'],
      [{ name: 'x'.repeat(51), groupId }, 'name'],
      [{ name: '   ', groupId }, 'name'],
      [{ name: 'X', groupId: 'nope' }, 'groupId'],
      [{ name: 'X', groupId: '5100ffff-60b6-d7cd-3fa2-22ca712b0000' }, 'group'],
      [{ name: 'X', groupId, type: -1 }, 'type'],
      [{ name: 'X', groupId, type: 40_000 }, 'type'],
      [{ name: 'X', groupId, type: 99 }, 'type'],
      [{ name: 'X', groupId, status: 0 }, 'status'],
      [{ name: 'X', groupId, seatbeltType: 1.5 }, 'seatbeltType'],
      [{ name: 'X', groupId, vin: '1xkyd49x5pj123456' }, 'vin'],
      [{ name: 'X', groupId, vin: '1XKYD49X5PJ12345' }, 'vin'],
      [{ name: 'X', groupId, vin: '1XKYD49X5PJ12345I' }, 'vin'],
      [{ name: 'X', groupId, countrySubdivisionId: 99_999 }, 'countrySubdivisionId'],
      [{ name: 'X', groupId, countrySubdivisionId: -1 }, 'countrySubdivisionId'],
      [{ name: 'X', groupId, licensePlateNumber: '' }, 'licensePlateNumber'],
      [{ name: 'X', groupId, make: 'M'.repeat(251) }, 'make'],
      [{ name: 'X', groupId, year: '2020' }, 'year'],
      [{ name: 'X', groupId, hibernationDelay: 'Forever' }, 'hibernationDelay'],
      [{ name: 'X', groupId, deviceId: '5100ffff-60b6-d7cd-3fa2-22ca712b0000' }, 'device'],
      [{ name: 'X', groupId, deviceSerialNumber: 'NOPE123' }, 'serial number'],
      [{ name: 'X', groupId, driverId: 'abc' }, 'driverId'],
      [[{ name: 'X', groupId }], 'JSON object'],
    ];
    for (const [body, mentioning] of cases) {
      await expectBadRequest(await send('POST', '/all', body), mentioning);
    }
    const notJson = await call('/all', { method: 'POST', body: '{name:' });
    await expectBadRequest(notJson, 'JSON object');
  });

  it('answers 409 for a name already used in the same group, in any case', async () => {
    const existing = getDb().vehicles[0]!;
    const duplicate = await send('POST', '/all', {
      name: existing.name.toLowerCase(),
      groupId: existing.groupId,
    });
    expect(duplicate.status).toBe(409);
    const elsewhere = groupNamed('Boise Depot');
    expect(
      (await send('POST', '/all', { name: existing.name, groupId: elsewhere.id })).status,
    ).toBe(201);
  });

  it('installs a spare device named by serial number and records the addition', async () => {
    const spare = spareDevice();
    const response = await send('POST', '/all', {
      name: 'PDX-V990',
      groupId: portlandLongHaul().id,
      deviceSerialNumber: spare.serialNumber.toLowerCase(),
    });
    const { vehicleId } = (await response.json()) as { vehicleId: string };
    expect(((await (await call(`/${vehicleId}`)).json()) as VehicleBody).deviceId).toBe(
      spare.deviceId,
    );
    const db = getDb();
    expect(db.devices.find((device) => device.deviceId === spare.deviceId)).toMatchObject({
      vehicleId,
      groupId: portlandLongHaul().id,
      status: 'In Service',
    });
    expect(db.vehicleAssignments.at(-1)).toMatchObject({
      deviceId: spare.deviceId,
      vehicleId,
      previousVehicleId: SAMPLE_VEHICLE_ID,
      vehicleName: 'PDX-V990',
    });
  });

  it('moves a device that sits in another vehicle and records the move', async () => {
    const donor = vehicleWithDevice();
    const deviceId = donor.deviceId!;
    const response = await send('POST', '/all', {
      name: 'PDX-V991',
      groupId: portlandLongHaul().id,
      deviceId,
    });
    const { vehicleId } = (await response.json()) as { vehicleId: string };
    expect(getDb().vehicles.find((vehicle) => vehicle.id === donor.id)!.deviceId).toBeNull();
    expect(getDb().vehicleAssignments.at(-1)).toMatchObject({
      deviceId,
      vehicleId,
      previousVehicleId: donor.id,
      previousVehicleName: donor.name,
      previousGroupId: donor.groupId,
    });
  });

  it('gives the new vehicle a legacy ECM identity', async () => {
    const response = await send('POST', '/all', {
      name: 'PDX-P990',
      groupId: portlandLongHaul().id,
    });
    const { vehicleId } = (await response.json()) as { vehicleId: string };
    const created = getDb().vehicles.find((vehicle) => vehicle.id === vehicleId)!;
    const legacy = await fetch(`${ECM}/vehicles/${created.legacyVehicleId}`, {
      headers: { 'X-APIKey': 'demo-ecm-key-7f3a9c' },
    });
    expect(await legacy.json()).toMatchObject({
      vehicleId: created.legacyVehicleId,
      location: null,
    });
  });
});

describe('PATCH /{id}', () => {
  it('changes only the fields present and returns the updated vehicle', async () => {
    const seeded = vehicleWithDevice();
    const before = (await (await call(`/${seeded.id}`)).json()) as VehicleBody;
    const response = await send('PATCH', `/${seeded.id}`, {
      licensePlateNumber: 'NEW 123',
      hibernationDelay: 'NoHibernation',
    });
    expect(response.status).toBe(200);
    const after = (await response.json()) as VehicleBody;
    expect(after).toEqual({
      ...before,
      licensePlateNumber: 'NEW 123',
      hibernationDelay: 'NoHibernation',
    });
    expect(await (await call(`/${seeded.id}`)).json()).toEqual(after);
  });

  it('clears optional fields sent as null but keeps required ones', async () => {
    const seeded = vehicleWithDevice();
    const after = (await (
      await send('PATCH', `/${seeded.id}`, { licensePlateNumber: null, make: null, name: null })
    ).json()) as VehicleBody;
    expect(after).toMatchObject({ make: null, name: seeded.name });
    expect(after).not.toHaveProperty('licensePlateNumber');
  });

  it('moves the vehicle and its camera to another group', async () => {
    const seeded = vehicleWithDevice();
    const target = groupNamed('Refrigerated', 'Fresno Depot');
    const after = (await (
      await send('PATCH', `/${seeded.id}`, { groupId: target.id })
    ).json()) as VehicleBody;
    expect(after.groupId).toBe(target.id);
    expect(getDb().devices.find((device) => device.deviceId === seeded.deviceId)!.groupId).toBe(
      target.id,
    );
  });

  it('answers 409 when the new name is taken in the group', async () => {
    const [first, sibling] = getDb().vehicles.filter(
      (vehicle) => vehicle.groupId === getDb().vehicles[0]!.groupId,
    ) as [VehicleRecord, VehicleRecord];
    expect((await send('PATCH', `/${first.id}`, { name: sibling.name })).status).toBe(409);
    expect((await send('PATCH', `/${first.id}`, { name: first.name })).status).toBe(200);
  });

  it('validates like POST and answers 404 for an unknown vehicle', async () => {
    const seeded = vehicleWithDevice();
    await expectBadRequest(await send('PATCH', `/${seeded.id}`, { vin: 'SHORT' }), 'vin');
    await expectBadRequest(await send('PATCH', `/${seeded.id}`, { odometer: 5 }), 'odometer');
    await expectBadRequest(await send('PATCH', `/${seeded.id}`, { status: 40_000 }), 'status');
    const missing = await send('PATCH', '/5100ffff-60b6-d7cd-3fa2-22ca712b0000', { name: 'X' });
    expect(missing.status).toBe(404);
  });

  it('takes the device out when deviceId is null and records a removal', async () => {
    const seeded = vehicleWithDevice();
    const deviceId = seeded.deviceId!;
    const after = (await (
      await send('PATCH', `/${seeded.id}`, { deviceId: null })
    ).json()) as VehicleBody;
    expect(after.deviceId).toBeNull();
    const device = getDb().devices.find((candidate) => candidate.deviceId === deviceId)!;
    expect(device).toMatchObject({ vehicleId: null, status: 'Spare' });
    expect(getDb().vehicleAssignments.at(-1)).toMatchObject({
      deviceId,
      vehicleId: SAMPLE_VEHICLE_ID,
      previousVehicleId: seeded.id,
      previousVehicleName: seeded.name,
    });
  });

  it('swaps cameras: a removal for the old one, an addition for the new one', async () => {
    const seeded = vehicleWithDevice();
    const oldDeviceId = seeded.deviceId!;
    const spare = spareDevice();
    const before = getDb().vehicleAssignments.length;
    await send('PATCH', `/${seeded.id}`, { deviceId: spare.deviceId });
    const written = getDb().vehicleAssignments.slice(before);
    expect(written).toEqual([
      expect.objectContaining({ deviceId: oldDeviceId, vehicleId: SAMPLE_VEHICLE_ID }),
      expect.objectContaining({ deviceId: spare.deviceId, previousVehicleId: SAMPLE_VEHICLE_ID }),
    ]);
  });
});

describe('DELETE /{id}', () => {
  it('answers 204 with no body, releases the device and records a removal', async () => {
    const seeded = vehicleWithDevice();
    const deviceId = seeded.deviceId!;
    const response = await call(`/${seeded.id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await call(`/${seeded.id}`)).status).toBe(404);
    expect(getDb().devices.find((device) => device.deviceId === deviceId)!.vehicleId).toBeNull();
    expect(getDb().vehicleAssignments.at(-1)).toMatchObject({
      deviceId,
      vehicleId: SAMPLE_VEHICLE_ID,
      previousVehicleId: seeded.id,
      previousGroupId: seeded.groupId,
    });
    const legacy = await fetch(`${ECM}/vehicles/${seeded.legacyVehicleId}/location`, {
      headers: { 'X-APIKey': 'demo-ecm-key-7f3a9c' },
    });
    expect(legacy.status).toBe(404);
  });

  it('answers 404 for an unknown vehicle', async () => {
    const response = await call('/5100ffff-60b6-d7cd-3fa2-22ca712b0000', { method: 'DELETE' });
    expect(response.status).toBe(404);
  });
});

describe('scale', () => {
  // Seeding a company a hundred times larger takes seconds of CPU: more on a busy machine.
  it('seeds about 20,000 vehicles at scale 100', { timeout: 60_000 }, async () => {
    resetMockService({ scale: 100 });
    token = await signInForTest();
    const body = await list('?limit=1');
    expect(body.totalResults).toBeGreaterThanOrEqual(19_000);
    expect(body.totalResults).toBeLessThanOrEqual(21_000);
  });
});

describe('writes outside the caller’s groups', () => {
  const root = () => getDb().groups.find((group) => group.mandatory)!;
  /** A vehicle in Seattle: the dispatcher holds his role in Portland Depot only. */
  const seattleVehicle = () => {
    const seattle = groupNamed('Seattle Depot');
    return getDb().vehicles.find((vehicle) =>
      getDb().groups.some((group) => group.id === vehicle.groupId && group.parentId === seattle.id),
    )!;
  };

  beforeEach(async () => {
    token = await signInForTest('dan.okafor');
  });

  it('answers 403 with no body to a dispatcher moving his own vehicle to the root group', async () => {
    const own = getDb().vehicles.find((vehicle) => vehicle.groupId === portlandLongHaul().id)!;
    const response = await send('PATCH', `/${own.id}`, { groupId: root().id });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('');
    expect(getDb().vehicles.find((vehicle) => vehicle.id === own.id)!.groupId).toBe(
      portlandLongHaul().id,
    );
    expect((await send('POST', '/all', { name: 'ROOT-1', groupId: root().id })).status).toBe(403);
  });

  it('refuses editing or deleting a vehicle of another depot, but allows his own', async () => {
    const other = seattleVehicle();
    const before = structuredClone(other);
    expect((await send('PATCH', `/${other.id}`, { name: 'RENAMED' })).status).toBe(403);
    expect((await call(`/${other.id}`, { method: 'DELETE' })).status).toBe(403);
    expect(getDb().vehicles.find((vehicle) => vehicle.id === other.id)).toEqual(before);

    const own = getDb().vehicles.find((vehicle) => vehicle.groupId === portlandLongHaul().id)!;
    expect((await send('PATCH', `/${own.id}`, { name: 'PDX-RENAMED' })).status).toBe(200);
    expect((await call(`/${own.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses taking a camera out of a vehicle of another depot', async () => {
    const portlandTree = groupAndDescendantIds(getDb(), groupNamed('Portland Depot').id);
    const donor = getDb().vehicles.find(
      (vehicle) => vehicle.deviceId !== null && !portlandTree.has(vehicle.groupId),
    )!;
    const own = getDb().vehicles.find((vehicle) => vehicle.groupId === portlandLongHaul().id)!;
    const response = await send('PATCH', `/${own.id}`, { deviceId: donor.deviceId });
    expect(response.status).toBe(403);
    expect(getDb().vehicles.find((vehicle) => vehicle.id === donor.id)!.deviceId).toBe(
      donor.deviceId,
    );
  });

  it('refuses a spare camera of another depot, by serial number or ID, but installs one of his own', async () => {
    const portlandTree = groupAndDescendantIds(getDb(), groupNamed('Portland Depot').id);
    const saltLakeTree = groupAndDescendantIds(getDb(), groupNamed('Salt Lake City Depot').id);
    const spares = getDb().devices.filter((device) => device.vehicleId === null);
    const foreign = spares.find((device) => saltLakeTree.has(device.groupId))!;
    const ownSpare = spares.find((device) => portlandTree.has(device.groupId))!;
    const own = getDb().vehicles.find((vehicle) => vehicle.groupId === portlandLongHaul().id)!;
    const before = structuredClone(foreign);

    const bySerial = await send('PATCH', `/${own.id}`, {
      deviceSerialNumber: foreign.serialNumber,
    });
    expect(bySerial.status).toBe(403);
    expect(await bySerial.text()).toBe('');
    expect((await send('PATCH', `/${own.id}`, { deviceId: foreign.deviceId })).status).toBe(403);
    expect(
      (
        await send('POST', '/all', {
          name: 'PDX-SPARE-1',
          groupId: portlandLongHaul().id,
          deviceSerialNumber: foreign.serialNumber,
        })
      ).status,
    ).toBe(403);
    expect(getDb().devices.find((device) => device.deviceId === foreign.deviceId)).toEqual(before);
    expect(getDb().vehicles.some((vehicle) => vehicle.name === 'PDX-SPARE-1')).toBe(false);

    const installed = await send('PATCH', `/${own.id}`, {
      deviceSerialNumber: ownSpare.serialNumber,
    });
    expect(installed.status).toBe(200);
    expect(((await installed.json()) as VehicleBody).deviceId).toBe(ownSpare.deviceId);
  });
});
