// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../state';
import { authHeaders, signInForTest, TEST_API_BASE } from '../test-helpers';
import { GEOFENCE_GROUP_PATH_SEPARATOR } from './geofences';

interface Point {
  latitude: number;
  longitude: number;
}
interface GeofenceBody {
  geofenceId: string;
  name: string;
  rootGroupId: string;
  groupId: string;
  groupName: string | null;
  groupPath: string;
  includeSubGroups: boolean;
  isInside: boolean;
  geofenceGeography: { radius: number; shapeType: number; points: Point[] };
  color: string;
  createdDate: string;
  assets: { assetId: string; assetType: string }[];
}
interface ListBody {
  metadata: {
    limit: number;
    count: number;
    offset: number;
    startDate: string | null;
    endDate: string | null;
  };
  data: GeofenceBody[];
}
interface ActivationBody {
  activationId: string;
  geofenceId: string;
  geofenceName: string;
  activationStartDate: string;
  activationEndDate: string | null;
  endPosition: Point | null;
  userIdentifier: string | null;
  endReason: number;
}
interface VehicleActivationsBody {
  vehicleId: string;
  vehicleName: string | null;
  vin: string | null;
  serialNumber: string | null;
  deviceId: string | null;
  groupId: string | null;
  activations: ActivationBody[];
}
interface ActivationsBody {
  data: {
    metadata: { limit: number; count: number; offset: number };
    data: VehicleActivationsBody[];
  };
}
interface ErrorBody {
  error: string;
  message: string;
}

let token: string;
const get = (path: string, query: Record<string, string> = {}) =>
  fetch(`${TEST_API_BASE}/v1${path}?${new URLSearchParams(query).toString()}`, {
    headers: authHeaders(token),
  });
const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  fetch(`${TEST_API_BASE}/v1${path}`, {
    method,
    headers: authHeaders(token, { 'Content-Type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Port of Everett South Terminal',
  isInside: true,
  colorHex: '#12AB34',
  inclusive: true,
  visible: true,
  geofenceGeography: {
    shapeType: 1,
    radius: 0,
    points: [
      { latitude: 47.98, longitude: -122.23 },
      { latitude: 47.985, longitude: -122.22 },
      { latitude: 47.978, longitude: -122.215 },
    ],
  },
  ...overrides,
});
const shape = (shapeType: number, points: Point[], radius = 0) =>
  validBody({ geofenceGeography: { shapeType, points, radius } });
const rootGroup = () => getDb().groups.find((group) => group.id === group.parentId)!;

beforeEach(async () => {
  token = await signInForTest();
});

describe('auth', () => {
  it('answers 401 with the geofence error body when the bearer is missing', async () => {
    for (const path of [
      '/v1/geofences',
      '/v1/geofence/activations',
      '/v1/geofence/activations/endreason',
    ]) {
      const response = await fetch(`${TEST_API_BASE}${path}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Unauthorized', message: 'Access denied' });
    }
  });
});

describe('GET /v1/geofences', () => {
  it('lists every geofence with metadata, group names and GUID paths from the root', async () => {
    const response = await get('/geofences');
    expect(response.status).toBe(200);
    const body = (await response.json()) as ListBody;
    expect(body.metadata.count).toBe(getDb().geofences.length);
    expect(body.metadata.offset).toBe(0);
    expect(body.data).toHaveLength(getDb().geofences.length);
    const root = rootGroup();
    for (const geofence of body.data) {
      expect(geofence.rootGroupId).toBe(root.id);
      expect(geofence.groupPath.split(GEOFENCE_GROUP_PATH_SEPARATOR)[0]).toBe(root.id);
      expect(geofence.groupPath.endsWith(geofence.groupId)).toBe(true);
      expect(geofence.groupName).toBeTruthy();
      expect(geofence.color).toMatch(/^#[0-9A-F]{6}$/i);
    }
    expect(body.data.map((geofence) => geofence.name)).toEqual(
      [...body.data.map((geofence) => geofence.name)].sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      ),
    );
  });

  it('pages with limit and offset while count stays the total', async () => {
    const body = (await (
      await get('/geofences', { limit: '5', offset: '10', sort: 'creationDate', order: 'desc' })
    ).json()) as ListBody;
    expect(body.data).toHaveLength(5);
    expect(body.metadata).toMatchObject({ limit: 5, offset: 10, count: getDb().geofences.length });
    const dates = body.data.map((geofence) => geofence.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('rejects two identifiers, an unknown sort and a bad order', async () => {
    const vehicle = getDb().vehicles[0]!;
    const two = await get('/geofences', {
      groupIdentifier: rootGroup().id,
      vehicleIdentifier: vehicle.id,
    });
    expect(two.status).toBe(400);
    expect(((await two.json()) as ErrorBody).message).toMatch(
      /Only 0 or 1 identifiers.*groupIdentifier and vehicleIdentifier/,
    );
    const sort = await get('/geofences', { sort: 'GeofenceName' });
    expect(sort.status).toBe(400);
    expect(((await sort.json()) as ErrorBody).message).toContain('creationDate');
    expect((await get('/geofences', { order: 'sideways' })).status).toBe(400);
  });

  it('filters by group, with and without subgroups', async () => {
    const root = rootGroup();
    const own = (await (await get('/geofences', { groupIdentifier: root.id })).json()) as ListBody;
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((geofence) => geofence.groupId === root.id)).toBe(true);
    const all = (await (
      await get('/geofences', { groupIdentifier: root.id, includeSubGroups: 'true' })
    ).json()) as ListBody;
    expect(all.metadata.count).toBe(getDb().geofences.length);
    expect((await get('/geofences', { groupIdentifier: crypto.randomUUID() })).status).toBe(404);
  });

  it('finds the geofences watching a vehicle by VIN, and through its device serial number', async () => {
    const db = getDb();
    const withAsset = db.geofences.find((geofence) => geofence.assets.length > 0)!;
    const vehicle = db.vehicles.find((candidate) => candidate.id === withAsset.assets[0]!.assetId)!;
    expect(vehicle.vin).toBeTruthy();
    const byVin = (await (
      await get('/geofences', { vehicleIdentifier: vehicle.vin! })
    ).json()) as ListBody;
    expect(byVin.data.map((geofence) => geofence.geofenceId)).toContain(withAsset.geofenceId);
    // The root's geofences cover every vehicle below it.
    const rootFences = db.geofences.filter((geofence) => geofence.groupId === rootGroup().id);
    for (const fence of rootFences)
      expect(byVin.data.map((geofence) => geofence.geofenceId)).toContain(fence.geofenceId);

    const device = db.devices.find((candidate) => candidate.deviceId === vehicle.deviceId)!;
    const bySerial = (await (
      await get('/geofences', { deviceIdentifier: device.serialNumber })
    ).json()) as ListBody;
    expect(bySerial.metadata.count).toBe(byVin.metadata.count);
    expect((await get('/geofences', { vehicleIdentifier: 'NO-SUCH-VIN' })).status).toBe(404);
  });

  it('answers 204 when nothing matches and 404 for an unknown geofence ID', async () => {
    const empty = await get('/geofences', { startDate: '2099-01-01' });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    const missing = await get('/geofences', { geofenceIdentifier: crypto.randomUUID() });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not Found', message: 'No information found' });
  });
});

describe('POST /v1/geofences', () => {
  it('creates a geofence (200, not 201), echoes colorHex as color, and lists it', async () => {
    const group = getDb().groups.find((candidate) => candidate.name === 'Seattle Depot')!;
    const response = await send(
      'POST',
      '/geofences',
      validBody({ groupIdentifier: group.id, includeSubGroups: true }),
    );
    expect(response.status).toBe(200);
    const created = (await response.json()) as GeofenceBody;
    expect(created).toMatchObject({
      name: 'Port of Everett South Terminal',
      color: '#12AB34',
      groupId: group.id,
      groupName: 'Seattle Depot',
      includeSubGroups: true,
      geofenceGeography: { shapeType: 1, radius: 0 },
    });
    expect(created).not.toHaveProperty('isActive');
    const listed = (await (
      await get('/geofences', { geofenceIdentifier: created.geofenceId })
    ).json()) as ListBody;
    expect(listed.data).toEqual([created]);
  });

  it('puts a geofence without a group at the company root', async () => {
    const created = (await (await send('POST', '/geofences', validBody())).json()) as GeofenceBody;
    expect(created.groupId).toBe(rootGroup().id);
  });

  it.each([
    [
      'a polygon with two points',
      shape(1, [
        { latitude: 47, longitude: -122 },
        { latitude: 47.1, longitude: -122 },
      ]),
    ],
    [
      'a square with three points',
      shape(2, [
        { latitude: 47, longitude: -122 },
        { latitude: 47.1, longitude: -122 },
        { latitude: 47.1, longitude: -122.1 },
      ]),
    ],
    ['a circle without a radius', shape(3, [{ latitude: 47, longitude: -122 }], 0)],
    [
      'a circle with two points',
      shape(
        3,
        [
          { latitude: 47, longitude: -122 },
          { latitude: 47.1, longitude: -122 },
        ],
        50,
      ),
    ],
    ['an unknown shape type', shape(4, [{ latitude: 47, longitude: -122 }], 50)],
  ])('rejects %s with "Invalid ShapeType"', async (_label, body) => {
    const response = await send('POST', '/geofences', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Bad Request', message: 'Invalid ShapeType' });
  });

  it('rejects a self-intersecting outline with a specific message', async () => {
    const bowtie = [
      { latitude: 47, longitude: -122 },
      { latitude: 47.1, longitude: -121.9 },
      { latitude: 47.1, longitude: -122 },
      { latitude: 47, longitude: -121.9 },
    ];
    for (const shapeType of [1, 2]) {
      const response = await send('POST', '/geofences', shape(shapeType, bowtie));
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).message).toBe(
        'Invalid ShapeType: the outline crosses itself.',
      );
    }
  });

  it('accepts a square with four points and a circle with a centre and radius', async () => {
    const square = shape(2, [
      { latitude: 47.1, longitude: -122.1 },
      { latitude: 47.1, longitude: -122 },
      { latitude: 47, longitude: -122 },
      { latitude: 47, longitude: -122.1 },
    ]);
    expect((await send('POST', '/geofences', square)).status).toBe(200);
    const circle = (await (
      await send('POST', '/geofences', shape(3, [{ latitude: 47, longitude: -122 }], 250))
    ).json()) as GeofenceBody;
    expect(circle.geofenceGeography).toEqual({
      shapeType: 3,
      radius: 250,
      points: [{ latitude: 47, longitude: -122 }],
    });
  });

  it.each([
    ['a missing name', validBody({ name: undefined }), /name is required/],
    ['a name over 100 characters', validBody({ name: 'x'.repeat(101) }), /1 to 100/],
    ['a missing isInside', validBody({ isInside: undefined }), /isInside/],
    ['a bad colour', validBody({ colorHex: 'purple' }), /#RRGGBB/],
    ['a latitude out of range', shape(3, [{ latitude: 91, longitude: -122 }], 50), /Latitude 91/],
    [
      'a longitude out of range',
      shape(3, [{ latitude: 47, longitude: -181 }], 50),
      /Longitude -181/,
    ],
    [
      'an unknown vehicle asset',
      validBody({ assets: [{ assetId: crypto.randomUUID(), assetType: 'vehicle' }] }),
      /does not exist/,
    ],
  ])('rejects %s with 400', async (_label, body, message) => {
    const response = await send('POST', '/geofences', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toMatch(message);
  });

  it('answers 404 for an unknown group', async () => {
    const response = await send(
      'POST',
      '/geofences',
      validBody({ groupIdentifier: crypto.randomUUID() }),
    );
    expect(response.status).toBe(404);
  });
});

describe('PUT and DELETE /v1/geofences/{id}', () => {
  it('replaces the geofence and keeps its ID and creation date', async () => {
    const existing = getDb().geofences[3]!;
    const response = await send(
      'PUT',
      `/geofences/${existing.geofenceId.toUpperCase()}`,
      validBody({ name: 'Renamed site', isInside: false }),
    );
    expect(response.status).toBe(200);
    const updated = (await response.json()) as GeofenceBody;
    expect(updated).toMatchObject({
      geofenceId: existing.geofenceId,
      name: 'Renamed site',
      isInside: false,
      createdDate: existing.createdDate,
    });
    expect(
      getDb().geofences.find((geofence) => geofence.geofenceId === existing.geofenceId)!.name,
    ).toBe('Renamed site');
  });

  it('validates the body and answers 404 for an unknown ID', async () => {
    const existing = getDb().geofences[0]!;
    expect((await send('PUT', `/geofences/${existing.geofenceId}`, shape(3, [], 10))).status).toBe(
      400,
    );
    expect((await send('PUT', `/geofences/${crypto.randomUUID()}`, validBody())).status).toBe(404);
    expect((await send('DELETE', `/geofences/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('deletes with 204 and ends the geofence\'s running activations as "Geofence deleted"', async () => {
    const open = getDb().activations.find((activation) => activation.activationEndDate === null)!;
    const response = await send('DELETE', `/geofences/${open.geofenceId}`);
    expect(response.status).toBe(204);
    expect((await get('/geofences', { geofenceIdentifier: open.geofenceId })).status).toBe(404);
    const body = (await (
      await get('/geofence/activations', { activationIdentifier: open.activationId })
    ).json()) as ActivationsBody;
    const activation = body.data.data[0]!.activations[0]!;
    expect(activation.endReason).toBe(2);
    expect(activation.activationEndDate).not.toBeNull();
    expect(activation.geofenceName).toBe(open.geofenceName);
  });
});

describe('GET /v1/geofence/activations', () => {
  it('double-wraps the activations, grouped per vehicle, with the total as count', async () => {
    const response = await get('/geofence/activations', { limit: '50' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ActivationsBody;
    expect(body.data.metadata).toMatchObject({
      limit: 50,
      offset: 0,
      count: getDb().activations.length,
    });
    const vehicleIds = body.data.data.map((entry) => entry.vehicleId);
    expect(new Set(vehicleIds).size).toBe(vehicleIds.length);
    expect(body.data.data.flatMap((entry) => entry.activations)).toHaveLength(50);
    const first = body.data.data[0]!;
    const vehicle = getDb().vehicles.find((candidate) => candidate.id === first.vehicleId)!;
    expect(first).toMatchObject({
      vehicleName: vehicle.name,
      vin: vehicle.vin,
      deviceId: vehicle.deviceId,
      groupId: vehicle.groupId,
    });
    const withCamera = body.data.data.find((entry) => entry.deviceId !== null);
    expect(withCamera?.serialNumber).toBeTruthy();
  });

  it('filters by geofence, vehicle VIN, driver and date window', async () => {
    const db = getDb();
    const sample = db.activations.find((activation) => activation.userIdentifier !== null)!;
    const byGeofence = (await (
      await get('/geofence/activations', { geofenceIdentifier: sample.geofenceId })
    ).json()) as ActivationsBody;
    const geofenceActivations = byGeofence.data.data.flatMap((entry) => entry.activations);
    expect(geofenceActivations.length).toBe(
      db.activations.filter((activation) => activation.geofenceId === sample.geofenceId).length,
    );
    expect(
      geofenceActivations.every((activation) => activation.geofenceId === sample.geofenceId),
    ).toBe(true);

    const vehicle = db.vehicles.find((candidate) => candidate.id === sample.vehicleId)!;
    const byVin = (await (
      await get('/geofence/activations', { vehicleIdentifier: vehicle.vin! })
    ).json()) as ActivationsBody;
    expect(byVin.data.data.map((entry) => entry.vehicleId)).toEqual([vehicle.id]);

    const byDriver = (await (
      await get('/geofence/activations', { userIdentifier: sample.userIdentifier! })
    ).json()) as ActivationsBody;
    expect(
      byDriver.data.data
        .flatMap((entry) => entry.activations)
        .every((activation) => activation.userIdentifier === sample.userIdentifier),
    ).toBe(true);

    const past = await get('/geofence/activations', {
      startDate: '2001-01-01',
      endDate: '2001-01-31',
    });
    expect(past.status).toBe(204);
    expect((await get('/geofence/activations', { vehicleIdentifier: 'NO-SUCH-VIN' })).status).toBe(
      404,
    );
    expect((await get('/geofence/activations', { startDate: 'yesterday' })).status).toBe(400);
  });

  it('sorts on activationStartDate by default, in the order asked', async () => {
    const body = (await (
      await get('/geofence/activations', { order: 'desc', limit: '30' })
    ).json()) as ActivationsBody;
    const starts = body.data.data
      .flatMap((entry) => entry.activations)
      .map((activation) => activation.activationStartDate);
    const latest = [...getDb().activations]
      .map((activation) => activation.activationStartDate)
      .sort()
      .reverse();
    expect([...starts].sort().reverse()).toEqual(latest.slice(0, 30));
  });

  it('lists the end reasons double-wrapped, with the documented "Not Deleted"', async () => {
    const response = await get('/geofence/activations/endreason');
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: {
        metadata: { limit: number; count: number };
        data: { reasonId: number; description: string; creationDate: string }[];
      };
    };
    expect(body.data.metadata.count).toBe(body.data.data.length);
    expect(body.data.data[0]).toEqual({
      reasonId: 0,
      description: 'Not Deleted',
      creationDate: '23-Jun-2024',
    });
    expect(body.data.data.map((reason) => reason.description)).toContain('Geofence deleted');
  });
});

describe('writes outside the caller’s groups', () => {
  const portland = () => getDb().groups.find((group) => group.name === 'Portland Depot')!;

  beforeEach(async () => {
    token = await signInForTest('dan.okafor');
  });

  it('answers the dispatcher 403 {error, message} outside his depot, and lets him write inside it', async () => {
    const other = getDb().geofences.find((geofence) => geofence.groupId !== portland().id)!;
    const before = structuredClone(other);
    for (const response of [
      await send('POST', '/geofences', validBody({ groupIdentifier: rootGroup().id })),
      await send(
        'PUT',
        `/geofences/${other.geofenceId}`,
        validBody({ groupIdentifier: other.groupId }),
      ),
      await send('DELETE', `/geofences/${other.geofenceId}`),
    ]) {
      expect(response.status).toBe(403);
      expect(((await response.json()) as ErrorBody).error).toBe('Forbidden');
    }
    expect(getDb().geofences.find((geofence) => geofence.geofenceId === other.geofenceId)).toEqual(
      before,
    );
    const own = await send('POST', '/geofences', validBody({ groupIdentifier: portland().id }));
    expect(own.status).toBe(200);
  });
});
