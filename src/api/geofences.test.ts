import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockServer } from '@/mocks/node';
import {
  configureTestApiClient,
  searchParamsOf,
  serveForTest,
  TEST_SERVICE_BASE_URL,
} from '@/test/test-client';
import {
  createGeofence,
  deleteGeofence,
  GEOFENCE_SHAPE_TYPE,
  geofenceGeographyRequestSchema,
  getGeofence,
  readGeofenceCollection,
  addCollectionPage,
  collectionGeofences,
  emptyGeofenceCollection,
  type GeofenceCollectionPage,
  listActivationEndReasons,
  listGeofenceActivations,
  listGeofences,
  updateGeofence,
  type GeofenceListParams,
  type GeofenceRequest,
} from './geofences';

const geofencesUrl = `${TEST_SERVICE_BASE_URL}/v1/geofences`;
const activationsUrl = `${TEST_SERVICE_BASE_URL}/v1/geofence/activations`;
const identifierParams = [
  'geofenceIdentifier',
  'deviceIdentifier',
  'groupIdentifier',
  'vehicleIdentifier',
];
const depot = {
  geofenceId: '2CB2D9B4-C801-E111-81CE-E61F13277AAB',
  name: 'North Depot',
  includeSubGroups: true,
  isInside: true,
  color: '#800080',
  geofenceGeography: {
    shapeType: 3,
    radius: 25,
    points: [{ latitude: 32.78, longitude: -96.8 }],
  },
};
const request: GeofenceRequest = {
  name: 'North Depot',
  isInside: true,
  geofenceGeography: {
    shapeType: GEOFENCE_SHAPE_TYPE.circle,
    points: [{ latitude: 32.78, longitude: -96.8 }],
    radius: 25,
  },
  includeSubGroups: true,
  colorHex: '#800080',
  inclusive: true,
  visible: true,
};

beforeEach(() => configureTestApiClient());

describe('listGeofences', () => {
  it('decodes {metadata, data} and sends includeSubGroups with a capital G', async () => {
    const requests = serveForTest('get', geofencesUrl, () =>
      HttpResponse.json({ metadata: { limit: 10, count: 1, offset: 0 }, data: [depot] }),
    );
    const page = await listGeofences({
      page: { pageIndex: 0, pageSize: 10 },
      by: { kind: 'vehicle', id: '1HGCM82633A004352' },
      includeSubGroups: true,
    });
    expect(page.items).toEqual([depot]);
    const query = searchParamsOf(requests);
    expect(query.get('vehicleIdentifier')).toBe('1HGCM82633A004352');
    expect(query.get('includeSubGroups')).toBe('true');
    expect(identifierParams.filter((name) => query.has(name))).toEqual(['vehicleIdentifier']);
  });

  it('maps a 204 to an empty page', async () => {
    serveForTest('get', geofencesUrl, () => new HttpResponse(null, { status: 204 }));
    await expect(listGeofences({ page: { pageIndex: 0, pageSize: 10 } })).resolves.toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('never sends two identifiers, even when a caller smuggles one in', async () => {
    const requests = serveForTest('get', geofencesUrl, () => HttpResponse.json({ data: [] }));
    const withStrayIdentifier = {
      page: { pageIndex: 0, pageSize: 10 },
      by: { kind: 'group' as const, id: 'g-1' },
      deviceIdentifier: 'SF80008823',
    };
    await listGeofences(withStrayIdentifier);
    const query = searchParamsOf(requests);
    expect(identifierParams.filter((name) => query.has(name))).toEqual(['groupIdentifier']);
  });

  it('has one identifier slot in its type', () => {
    const twoIdentifiers: GeofenceListParams = {
      page: { pageIndex: 0, pageSize: 10 },
      by: { kind: 'device', id: 'SF80008823' },
      // @ts-expect-error identifiers go through `by`, which holds exactly one
      groupIdentifier: 'g-1',
    };
    // @ts-expect-error `kind` is one of the four identifier kinds
    const unknownKind: GeofenceListParams['by'] = { kind: 'driver', id: 'x' };
    expect([twoIdentifiers, unknownKind]).toHaveLength(2);
  });
});

describe('geofence writes', () => {
  it('creates with a 200 and updates with PUT, both returning the geofence', async () => {
    const created = serveForTest('post', geofencesUrl, () => HttpResponse.json(depot));
    await expect(createGeofence(request)).resolves.toEqual(depot);
    expect(await created[0]!.json()).toEqual(request);

    const updated = serveForTest('put', `${geofencesUrl}/:geofenceId`, () =>
      HttpResponse.json({ ...depot, name: 'Depot N' }),
    );
    await expect(
      updateGeofence(depot.geofenceId, { ...request, name: 'Depot N' }),
    ).resolves.toMatchObject({
      name: 'Depot N',
    });
    expect(updated[0]!.method).toBe('PUT');
  });

  it('deletes with a 204', async () => {
    serveForTest(
      'delete',
      `${geofencesUrl}/:geofenceId`,
      () => new HttpResponse(null, { status: 204 }),
    );
    await expect(deleteGeofence(depot.geofenceId)).resolves.toBeUndefined();
  });

  it('checks shapes the way the service does', () => {
    const square = { latitude: 1, longitude: 1 };
    expect(
      geofenceGeographyRequestSchema.safeParse({
        shapeType: 2,
        points: [square, square, square],
        radius: 0,
      }).success,
    ).toBe(false);
    expect(
      geofenceGeographyRequestSchema.safeParse({ shapeType: 3, points: [square], radius: 0 })
        .success,
    ).toBe(false);
    expect(
      geofenceGeographyRequestSchema.safeParse({
        shapeType: 1,
        points: [square, square, square],
        radius: 0,
      }).success,
    ).toBe(true);
  });
});

describe('activations', () => {
  it('unwraps the double data envelope', async () => {
    const requests = serveForTest('get', activationsUrl, () =>
      HttpResponse.json({
        data: {
          metadata: { limit: 10, count: 1, offset: 0 },
          data: [
            {
              vehicleId: 'v-1',
              vehicleName: 'Truck 12',
              activations: [
                {
                  activationId: 'a-1',
                  geofenceId: depot.geofenceId,
                  activationStartDate: '2024-10-01T08:00:00Z',
                  activationEndDate: null,
                  endReason: 0,
                },
              ],
            },
          ],
        },
      }),
    );
    const page = await listGeofenceActivations({
      page: { pageIndex: 0, pageSize: 10 },
      geofenceIdentifier: depot.geofenceId,
      includeSubGroups: false,
    });
    expect(page.total).toBe(1);
    expect(page.items[0]!.activations[0]).toMatchObject({
      activationId: 'a-1',
      activationEndDate: null,
    });
    expect(searchParamsOf(requests).get('includeSubGroups')).toBe('false');
  });

  it('maps a 204 to an empty page', async () => {
    serveForTest('get', activationsUrl, () => new HttpResponse(null, { status: 204 }));
    await expect(
      listGeofenceActivations({ page: { pageIndex: 0, pageSize: 10 } }),
    ).resolves.toMatchObject({
      items: [],
    });
  });

  it('unwraps the end reasons, keeping the non-ISO creation date as text', async () => {
    serveForTest('get', `${activationsUrl}/endreason`, () =>
      HttpResponse.json({
        data: {
          metadata: { limit: 10, count: 1 },
          data: [{ reasonId: 0, description: 'Not Deleted', creationDate: '23-Jun-2024' }],
        },
      }),
    );
    await expect(listActivationEndReasons()).resolves.toEqual([
      { reasonId: 0, description: 'Not Deleted', creationDate: '23-Jun-2024' },
    ]);
  });
});

describe('the whole collection and one geofence', () => {
  it('fetches every page of a group, sending the group as the only identifier', async () => {
    const seen: URLSearchParams[] = [];
    mockServer.use(
      http.get(geofencesUrl, ({ request }) => {
        const query = new URL(request.url).searchParams;
        seen.push(query);
        const offset = Number(query.get('offset'));
        return HttpResponse.json({
          metadata: { limit: 1000, count: 2500, offset },
          data: Array.from({ length: offset === 2000 ? 500 : 1000 }, (_, index) => ({
            geofenceId: `g-${offset + index}`,
          })),
        });
      }),
    );
    const arrived: GeofenceCollectionPage[] = [];
    for await (const page of readGeofenceCollection({ groupId: 'group-7' })) arrived.push(page);
    const collection = arrived.reduce(addCollectionPage, emptyGeofenceCollection);
    expect(collection.complete).toBe(true);
    expect(collectionGeofences(collection).map((geofence) => geofence.geofenceId)).toEqual(
      Array.from({ length: 2500 }, (_, index) => `g-${index}`),
    );
    expect(seen.map((query) => query.get('offset')).sort()).toEqual(['0', '1000', '2000']);
    for (const query of seen) {
      expect(identifierParams.filter((name) => query.has(name))).toEqual(['groupIdentifier']);
      expect(query.get('includeSubGroups')).toBe('true');
    }
  });

  it('hands over each page as it arrives, in any order, and marks only the last complete', async () => {
    let releaseSecondPage = () => {};
    const secondPageHeld = new Promise<void>((resolve) => (releaseSecondPage = resolve));
    mockServer.use(
      http.get(geofencesUrl, async ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        if (offset === 1000) await secondPageHeld;
        return HttpResponse.json({
          metadata: { limit: 1000, count: 2500, offset },
          data: Array.from({ length: offset === 2000 ? 500 : 1000 }, (_, index) => ({
            geofenceId: `g-${offset + index}`,
          })),
        });
      }),
    );
    const stream = readGeofenceCollection({});
    const first = await stream.next();
    expect(first.value).toMatchObject({ pageIndex: 0, expected: 2500, complete: false });
    const third = await stream.next();
    expect(third.value).toMatchObject({ pageIndex: 2, complete: false });
    const soFar = [first.value, third.value].reduce(addCollectionPage, emptyGeofenceCollection);
    expect(collectionGeofences(soFar)).toHaveLength(1500);
    expect(collectionGeofences(soFar)[1000]?.geofenceId).toBe('g-2000');

    releaseSecondPage();
    const second = await stream.next();
    expect(second.value).toMatchObject({ pageIndex: 1, complete: true });
    expect((await stream.next()).done).toBe(true);
  });

  it('asks for the pages one after another when the count is past any fleet, and stops at its limit', async () => {
    let requests = 0;
    mockServer.use(
      http.get(geofencesUrl, ({ request }) => {
        requests += 1;
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        // As Prism's random answers: a count of 1.7e9 and every page full.
        return HttpResponse.json({
          metadata: { limit: 1000, count: 1_700_000_000, offset },
          data: Array.from({ length: 1000 }, (_, index) => ({ geofenceId: `g-${offset + index}` })),
        });
      }),
    );
    const arrived: GeofenceCollectionPage[] = [];
    for await (const page of readGeofenceCollection({})) arrived.push(page);
    expect(requests).toBe(200);
    expect(arrived.at(-1)).toMatchObject({ pageIndex: 199, complete: true });
  });

  it('offers a geofence the service lists twice once', () => {
    const twice = { geofenceId: '3F136C14-79C8-4BAA-B9DE-ADA9C0C68EBC', name: 'San Diego' };
    const collection = { pages: [[twice, twice]], expected: 2, complete: true };
    expect(collectionGeofences(collection)).toEqual([twice]);
  });

  it('without a count, reads page after page until a short one', async () => {
    const offsets: string[] = [];
    mockServer.use(
      http.get(geofencesUrl, ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        offsets.push(String(offset));
        return HttpResponse.json({
          metadata: { limit: 1000, offset },
          data: Array.from({ length: offset === 1000 ? 3 : 1000 }, (_, index) => ({
            geofenceId: `g-${offset + index}`,
          })),
        });
      }),
    );
    const arrived: GeofenceCollectionPage[] = [];
    for await (const page of readGeofenceCollection({})) arrived.push(page);
    expect(arrived.map((page) => [page.pageIndex, page.complete])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(offsets).toEqual(['0', '1000']);
  });

  it('reads one geofence by geofenceIdentifier alone', async () => {
    const requests = serveForTest('get', geofencesUrl, () =>
      HttpResponse.json({ metadata: { limit: 1, count: 1, offset: 0 }, data: [depot] }),
    );
    await expect(getGeofence(depot.geofenceId)).resolves.toEqual(depot);
    const query = searchParamsOf(requests);
    expect(identifierParams.filter((name) => query.has(name))).toEqual(['geofenceIdentifier']);
    expect(query.get('geofenceIdentifier')).toBe(depot.geofenceId);
  });

  it('reports a geofence that is gone as not found', async () => {
    serveForTest('get', geofencesUrl, () => new HttpResponse(null, { status: 204 }));
    await expect(getGeofence(depot.geofenceId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
