import { http, HttpResponse } from 'msw';
import { callerAccess } from '../access';
import type {
  ActivationRecord,
  DeviceRecord,
  GeofenceRecord,
  GeoPoint,
  MockDb,
  UserRecord,
  VehicleRecord,
} from '../db';
import { hasArea, selfIntersects } from '../geofence-geometry';
import { indexGroups, type GroupIndex } from '../group-tree';
import {
  badRequest,
  forbidden,
  groupAndDescendantIds,
  isGuid,
  notFound,
  pageByOffset,
  readJsonBody,
  sameId,
  withAuth,
} from '../http';
import { END_REASON } from '../seed/geofences';
import { commitDb } from '../state';
import {
  findVehicle,
  overlapsWindow,
  readText,
  readWindowedListQuery,
  sortBy,
  type DateWindow,
} from './list-query';

/**
 * Geofence `groupPath` joins GUIDs with `\\` (two characters), unlike the groups API's
 * `fullPathId` (one): the published examples (Geofences API `groupPath`, Groups API `fullPathId`)
 * keep the two apart.
 */
export const GEOFENCE_GROUP_PATH_SEPARATOR = '\\\\';

const INVALID_SHAPE = 'Invalid ShapeType';
/** The service's own words for a 403 (its published example). */
const NOT_PERMITTED = 'Non-permitted user';
const IDENTIFIER_FILTERS = [
  'geofenceIdentifier',
  'deviceIdentifier',
  'groupIdentifier',
  'vehicleIdentifier',
] as const;
const SORT_KEYS: Record<
  string,
  (geofence: GeofenceRecord, groups: GroupIndex) => string | boolean | null
> = {
  name: (geofence) => geofence.name,
  groupid: (geofence) => geofence.groupId,
  groupname: (geofence, groups) => groups.byId(geofence.groupId)?.name ?? null,
  isinside: (geofence) => geofence.isInside,
  creationdate: (geofence) => geofence.createdDate,
};

type Failure = { ok: false; response: Response };
const fail = (response: Response): Failure => ({ ok: false, response });

export const geofencesHandlers = [
  http.get(
    '*/v1/geofences',
    withAuth('geofence', ({ url, db }) => {
      const given = IDENTIFIER_FILTERS.filter((name) => readText(url, name) !== undefined);
      if (given.length > 1) {
        return badRequest(
          'geofence',
          `Only 0 or 1 identifiers are allowed in a query; got ${given.join(' and ')}.`,
        );
      }
      const query = readWindowedListQuery(url, 'includeSubGroups');
      if (!query.ok) return badRequest('geofence', query.message);
      const { limit, offset, includeSubgroups, window, order } = query.value;
      const sortName = readText(url, 'sort') ?? 'name';
      const sortKey = SORT_KEYS[sortName.toLowerCase()];
      if (!sortKey) {
        return badRequest(
          'geofence',
          'Sort field must be either "name", "groupId", "groupName", "isInside", or "creationDate".',
        );
      }

      const groups = indexGroups(db.groups);
      const selected = selectGeofences(db, groups, url, includeSubgroups);
      if (!selected.ok) return selected.response;
      const matches = selected.geofences.filter((geofence) =>
        inWindow(window, geofence.createdDate),
      );
      const page = pageByOffset(
        sortBy(matches, (geofence) => sortKey(geofence, groups), order),
        limit,
        offset,
      );
      if (page.length === 0) return new HttpResponse(null, { status: 204 });
      return HttpResponse.json({
        metadata: {
          limit: limit ?? matches.length,
          count: matches.length,
          offset: offset ?? 0,
          startDate: window.startDate,
          endDate: window.endDate,
        },
        data: page.map((geofence) => geofenceResponse(geofence, groups)),
      });
    }),
  ),

  http.post(
    '*/v1/geofences',
    withAuth('geofence', async ({ request, db, user }) => {
      const parsed = parseGeofenceBody(await readJsonBody(request), db, defaultGroupId(db, user));
      if (!parsed.ok) return parsed.response;
      if (!callerAccess(db, user).canWriteIn(parsed.value.groupId))
        return forbidden('geofence', NOT_PERMITTED);
      const geofence: GeofenceRecord = {
        geofenceId: crypto.randomUUID(),
        ...parsed.value,
        effectiveDaysOfWeek: '',
        effectiveStartTime: '',
        effectiveEndTime: '',
        effectiveTimezoneOffset: '',
        createdDate: new Date().toISOString(),
        assetGroupId: null,
        assetIncludeSubGroups: false,
      };
      db.geofences.push(geofence);
      commitDb();
      return HttpResponse.json(geofenceResponse(geofence, indexGroups(db.groups)), { status: 200 });
    }),
  ),

  http.put<{ geofenceIdentifier: string }>(
    '*/v1/geofences/:geofenceIdentifier',
    withAuth('geofence', async ({ request, db, params, user }) => {
      const found = findGeofence(db, params.geofenceIdentifier);
      if (!found.ok) return found.response;
      const geofence = found.geofence;
      const access = callerAccess(db, user);
      if (!access.canWriteIn(geofence.groupId)) return forbidden('geofence', NOT_PERMITTED);
      const parsed = parseGeofenceBody(await readJsonBody(request), db, geofence.groupId);
      if (!parsed.ok) return parsed.response;
      if (!access.canWriteIn(parsed.value.groupId)) return forbidden('geofence', NOT_PERMITTED);
      const wasActive = geofence.isActive;
      // PUT replaces what the request can set; effective times and the asset group are not settable.
      Object.assign(geofence, parsed.value);
      if (wasActive && !geofence.isActive)
        endOpenActivations(db, geofence.geofenceId, END_REASON.geofenceDeactivated);
      commitDb();
      return HttpResponse.json(geofenceResponse(geofence, indexGroups(db.groups)));
    }),
  ),

  http.delete<{ geofenceIdentifier: string }>(
    '*/v1/geofences/:geofenceIdentifier',
    withAuth('geofence', ({ db, params, user }) => {
      const found = findGeofence(db, params.geofenceIdentifier);
      if (!found.ok) return found.response;
      if (!callerAccess(db, user).canWriteIn(found.geofence.groupId))
        return forbidden('geofence', NOT_PERMITTED);
      db.geofences = db.geofences.filter((geofence) => geofence !== found.geofence);
      endOpenActivations(db, found.geofence.geofenceId, END_REASON.geofenceDeleted);
      commitDb();
      return new HttpResponse(null, { status: 204 });
    }),
  ),

  // Literal sub-path first, so nothing broader can ever take it.
  http.get(
    '*/v1/geofence/activations/endreason',
    withAuth('geofence', ({ db }) =>
      HttpResponse.json({
        data: {
          metadata: { limit: db.endReasons.length, count: db.endReasons.length },
          data: db.endReasons.map((reason) => ({ ...reason })),
        },
      }),
    ),
  ),

  http.get(
    '*/v1/geofence/activations',
    withAuth('geofence', ({ url, db }) => {
      const query = readWindowedListQuery(url, 'includeSubGroups');
      if (!query.ok) return badRequest('geofence', query.message);
      const { limit, offset, includeSubgroups, window, order } = query.value;
      // "Default Sort on ActivationStartDate only otherwise LastUpdateDateTime" (the published text).
      const sortName = readText(url, 'sort');
      const sortKey: 'activationStartDate' | 'lastUpdateDateTime' =
        sortName === undefined || sortName.toLowerCase() === 'activationstartdate'
          ? 'activationStartDate'
          : 'lastUpdateDateTime';

      const filter = activationFilter(db, url, includeSubgroups);
      if (!filter.ok) return filter.response;
      const matches = db.activations.filter(
        (activation) =>
          filter.test(activation) &&
          overlapsWindow(window, activation.activationStartDate, activation.activationEndDate),
      );
      const page = pageByOffset(
        sortBy(matches, (activation) => activation[sortKey], order),
        limit,
        offset,
      );
      if (page.length === 0) return new HttpResponse(null, { status: 204 });
      return HttpResponse.json({
        data: {
          metadata: {
            limit: limit ?? matches.length,
            count: matches.length,
            offset: offset ?? 0,
            startDate: window.startDate,
            endDate: window.endDate,
          },
          data: groupByVehicle(db, page),
        },
      });
    }),
  ),
];

function inWindow(window: DateWindow, date: string): boolean {
  const at = Date.parse(date);
  return (
    (window.from === undefined || at >= window.from) && (window.to === undefined || at < window.to)
  );
}

function findGeofence(db: MockDb, id: string): { ok: true; geofence: GeofenceRecord } | Failure {
  if (!isGuid(id)) return fail(badRequest('geofence', 'The geofenceIdentifier must be a GUID.'));
  const geofence = db.geofences.find((candidate) => sameId(candidate.geofenceId, id));
  return geofence ? { ok: true, geofence } : fail(notFound('geofence'));
}

function findDevice(db: MockDb, identifier: string): DeviceRecord | undefined {
  const lower = identifier.toLowerCase();
  return db.devices.find(
    (device) => sameId(device.deviceId, identifier) || device.serialNumber.toLowerCase() === lower,
  );
}

function vehicleOfDevice(db: MockDb, device: DeviceRecord): VehicleRecord | undefined {
  return (
    db.vehicles.find((vehicle) => sameId(vehicle.id, device.vehicleId)) ??
    db.vehicles.find((vehicle) => sameId(vehicle.deviceId, device.deviceId))
  );
}

/** The geofences the single identifier filter (if any) selects. */
function selectGeofences(
  db: MockDb,
  groups: GroupIndex,
  url: URL,
  includeSubGroups: boolean,
): { ok: true; geofences: GeofenceRecord[] } | Failure {
  const geofenceId = readText(url, 'geofenceIdentifier');
  if (geofenceId !== undefined) {
    const found = findGeofence(db, geofenceId);
    return found.ok ? { ok: true, geofences: [found.geofence] } : found;
  }
  const groupId = readText(url, 'groupIdentifier');
  if (groupId !== undefined) {
    const group = groups.byId(groupId);
    if (!group) return fail(notFound('geofence', `No information found for group ${groupId}.`));
    const ids = includeSubGroups ? groupAndDescendantIds(db, group.id) : new Set([group.id]);
    return { ok: true, geofences: db.geofences.filter((geofence) => ids.has(geofence.groupId)) };
  }
  const vehicleId = readText(url, 'vehicleIdentifier');
  if (vehicleId !== undefined) {
    const vehicle = findVehicle(db, vehicleId);
    if (!vehicle)
      return fail(notFound('geofence', `No information found for vehicle ${vehicleId}.`));
    return { ok: true, geofences: geofencesCovering(db, groups, vehicle.groupId, vehicle.id) };
  }
  const deviceId = readText(url, 'deviceIdentifier');
  if (deviceId !== undefined) {
    const device = findDevice(db, deviceId);
    if (!device) return fail(notFound('geofence', `No information found for device ${deviceId}.`));
    const vehicle = vehicleOfDevice(db, device);
    return {
      ok: true,
      geofences: geofencesCovering(
        db,
        groups,
        vehicle?.groupId ?? device.groupId,
        vehicle?.id ?? null,
      ),
    };
  }
  return { ok: true, geofences: db.geofences };
}

/** Geofences that watch a vehicle: listed as an asset, or its group is covered by the geofence's (or asset) group. */
function geofencesCovering(
  db: MockDb,
  groups: GroupIndex,
  groupId: string,
  vehicleId: string | null,
): GeofenceRecord[] {
  const group = groups.byId(groupId);
  const ancestors = new Set(
    group ? groups.ancestry(group).map((member) => member.id.toLowerCase()) : [],
  );
  const covers = (coveringGroupId: string | null, withSubGroups: boolean) =>
    !!coveringGroupId &&
    (sameId(coveringGroupId, groupId) ||
      (withSubGroups && ancestors.has(coveringGroupId.toLowerCase())));
  return db.geofences.filter(
    (geofence) =>
      (vehicleId !== null &&
        geofence.assets.some(
          (asset) => asset.assetType === 'vehicle' && sameId(asset.assetId, vehicleId),
        )) ||
      covers(geofence.groupId, geofence.includeSubGroups) ||
      covers(geofence.assetGroupId, geofence.assetIncludeSubGroups),
  );
}

function geofenceResponse(geofence: GeofenceRecord, groups: GroupIndex) {
  const group = groups.byId(geofence.groupId);
  return {
    geofenceId: geofence.geofenceId,
    name: geofence.name,
    rootGroupId: group?.rootGroupId ?? geofence.groupId,
    groupId: geofence.groupId,
    groupName: group?.name ?? null,
    groupPath: group
      ? groups
          .ancestry(group)
          .map((member) => member.id)
          .join(GEOFENCE_GROUP_PATH_SEPARATOR)
      : geofence.groupId,
    includeSubGroups: geofence.includeSubGroups,
    isInside: geofence.isInside,
    geofenceGeography: {
      radius: geofence.radius,
      shapeType: geofence.shapeType,
      points: geofence.points.map((point) => ({ ...point })),
    },
    color: geofence.color,
    effectiveDaysOfWeek: geofence.effectiveDaysOfWeek,
    effectiveStartTime: geofence.effectiveStartTime,
    effectiveEndTime: geofence.effectiveEndTime,
    effectiveTimezoneOffset: geofence.effectiveTimezoneOffset,
    createdDate: geofence.createdDate,
    assetGroupId: geofence.assetGroupId,
    assetIncludeSubGroups: geofence.assetIncludeSubGroups,
    assets: geofence.assets.map((asset) => ({ ...asset })),
  };
}

/** The caller's company root: where a geofence goes when the request names no group. */
function defaultGroupId(db: MockDb, user: UserRecord): string {
  const primary = db.groups.find((group) => sameId(group.id, user.primaryGroupId));
  return (
    primary?.rootGroupId ??
    db.groups.find((group) => group.id === group.parentId)?.id ??
    user.primaryGroupId
  );
}

type SettableFields = Pick<
  GeofenceRecord,
  | 'name'
  | 'groupId'
  | 'includeSubGroups'
  | 'isInside'
  | 'isActive'
  | 'shapeType'
  | 'points'
  | 'radius'
  | 'color'
  | 'inclusive'
  | 'visible'
  | 'assets'
>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates an AddGeofenceRequest (POST and PUT send the full object). */
function parseGeofenceBody(
  body: unknown,
  db: MockDb,
  fallbackGroupId: string,
): { ok: true; value: SettableFields } | Failure {
  const bad = (message: string) => fail(badRequest('geofence', message));
  if (!isObject(body)) return bad('Invalid request data');
  const {
    name,
    isInside,
    colorHex,
    inclusive,
    visible,
    includeSubGroups,
    isActive,
    groupIdentifier,
    assets,
  } = body;
  if (typeof name !== 'string' || name.trim().length < 1 || name.trim().length > 100) {
    return bad('The name is required and must be 1 to 100 characters long.');
  }
  if (typeof isInside !== 'boolean') return bad('isInside is required and must be true or false.');
  // AddGeofenceRequest lists colorHex, inclusive and visible as required (without defining them).
  if (typeof colorHex !== 'string' || !/^#[0-9A-Fa-f]{6}$/.test(colorHex)) {
    return bad('colorHex is required and must be a colour like #RRGGBB.');
  }
  if (typeof inclusive !== 'boolean')
    return bad('inclusive is required and must be true or false.');
  if (typeof visible !== 'boolean') return bad('visible is required and must be true or false.');
  for (const [field, value] of [
    ['includeSubGroups', includeSubGroups],
    ['isActive', isActive],
  ] as const) {
    if (value !== undefined && value !== null && typeof value !== 'boolean')
      return bad(`${field} must be true or false.`);
  }

  let groupId = fallbackGroupId;
  if (groupIdentifier !== undefined && groupIdentifier !== null) {
    if (typeof groupIdentifier !== 'string') return bad('groupIdentifier must be a group ID.');
    const group = db.groups.find((candidate) => sameId(candidate.id, groupIdentifier));
    if (!group)
      return fail(notFound('geofence', `No information found for group ${groupIdentifier}.`));
    groupId = group.id;
  }

  const shape = parseGeography(body.geofenceGeography);
  if (typeof shape === 'string') return bad(shape);

  const parsedAssets: GeofenceRecord['assets'] = [];
  if (assets !== undefined && assets !== null) {
    if (!Array.isArray(assets)) return bad('assets must be an array.');
    for (const asset of assets as unknown[]) {
      if (
        !isObject(asset) ||
        typeof asset.assetId !== 'string' ||
        asset.assetId.trim() === '' ||
        (asset.assetType !== 'vehicle' && asset.assetType !== 'equipment')
      ) {
        return bad('Each asset needs an assetId and an assetType of "vehicle" or "equipment".');
      }
      if (
        asset.assetType === 'vehicle' &&
        !db.vehicles.some((vehicle) => sameId(vehicle.id, asset.assetId as string))
      ) {
        return bad(`The vehicle asset ${asset.assetId} does not exist.`);
      }
      parsedAssets.push({ assetId: asset.assetId, assetType: asset.assetType });
    }
  }

  return {
    ok: true,
    value: {
      name: name.trim(),
      groupId,
      includeSubGroups: includeSubGroups === true,
      isInside,
      isActive: isActive !== false,
      ...shape,
      color: colorHex,
      inclusive,
      visible,
      assets: parsedAssets,
    },
  };
}

/** The shape, or the 400 message. Shape-rule failures say "Invalid ShapeType", as the service does. */
function parseGeography(
  value: unknown,
): Pick<GeofenceRecord, 'shapeType' | 'points' | 'radius'> | string {
  if (!isObject(value)) return 'geofenceGeography is required.';
  const { shapeType, points, radius } = value;
  if (shapeType !== 1 && shapeType !== 2 && shapeType !== 3) return INVALID_SHAPE;
  if (!Array.isArray(points)) return INVALID_SHAPE;
  const parsed: GeoPoint[] = [];
  for (const point of points as unknown[]) {
    if (!isObject(point) || !Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) {
      return 'Each point needs a numeric latitude and longitude.';
    }
    const latitude = point.latitude as number;
    const longitude = point.longitude as number;
    if (latitude < -90 || latitude > 90) return `Latitude ${latitude} is out of range (-90 to 90).`;
    if (longitude < -180 || longitude > 180)
      return `Longitude ${longitude} is out of range (-180 to 180).`;
    parsed.push({ latitude, longitude });
  }
  if (shapeType === 3) {
    if (
      parsed.length !== 1 ||
      typeof radius !== 'number' ||
      !Number.isFinite(radius) ||
      radius <= 0
    )
      return INVALID_SHAPE;
    return { shapeType, points: parsed, radius };
  }
  if (shapeType === 1 ? parsed.length < 3 : parsed.length !== 4) return INVALID_SHAPE;
  if (radius !== undefined && radius !== null && typeof radius !== 'number') return INVALID_SHAPE;
  if (selfIntersects(parsed)) return `${INVALID_SHAPE}: the outline crosses itself.`;
  if (!hasArea(parsed)) return `${INVALID_SHAPE}: the points do not enclose an area.`;
  // Only circles carry a radius; the service reports 0 for the other shapes.
  return { shapeType, points: parsed, radius: 0 };
}

/** Ends the geofence's running activations where the vehicle stands (its position is unknown: null). */
function endOpenActivations(db: MockDb, geofenceId: string, endReason: number): void {
  const now = new Date().toISOString();
  for (const activation of db.activations) {
    if (activation.geofenceId !== geofenceId || activation.activationEndDate !== null) continue;
    activation.activationEndDate = now;
    activation.endReason = endReason;
    activation.lastUpdateDateTime = now;
  }
}

/** Builds the activation filter from the identifier parameters (all optional, combinable). */
function activationFilter(
  db: MockDb,
  url: URL,
  includeSubGroups: boolean,
): { ok: true; test: (activation: ActivationRecord) => boolean } | Failure {
  const tests: ((activation: ActivationRecord) => boolean)[] = [];
  const activationId = readText(url, 'activationIdentifier');
  if (activationId !== undefined)
    tests.push((activation) => sameId(activation.activationId, activationId));
  const geofenceId = readText(url, 'geofenceIdentifier');
  if (geofenceId !== undefined)
    tests.push((activation) => sameId(activation.geofenceId, geofenceId));
  const userId = readText(url, 'userIdentifier');
  if (userId !== undefined) {
    if (!db.users.some((user) => sameId(user.userId, userId))) {
      return fail(notFound('geofence', `No information found for user ${userId}.`));
    }
    tests.push((activation) => sameId(activation.userIdentifier, userId));
  }
  const vehicleId = readText(url, 'vehicleIdentifier');
  if (vehicleId !== undefined) {
    const vehicle = findVehicle(db, vehicleId);
    if (!vehicle)
      return fail(notFound('geofence', `No information found for vehicle ${vehicleId}.`));
    tests.push((activation) => sameId(activation.vehicleId, vehicle.id));
  }
  const deviceId = readText(url, 'deviceIdentifier');
  if (deviceId !== undefined) {
    const device = findDevice(db, deviceId);
    if (!device) return fail(notFound('geofence', `No information found for device ${deviceId}.`));
    const vehicle = vehicleOfDevice(db, device);
    tests.push((activation) => !!vehicle && sameId(activation.vehicleId, vehicle.id));
  }
  const groupId = readText(url, 'groupIdentifier');
  if (groupId !== undefined) {
    const group = db.groups.find((candidate) => sameId(candidate.id, groupId));
    if (!group) return fail(notFound('geofence', `No information found for group ${groupId}.`));
    const ids = includeSubGroups ? groupAndDescendantIds(db, group.id) : new Set([group.id]);
    const inGroup = new Set(
      db.vehicles.filter((vehicle) => ids.has(vehicle.groupId)).map((vehicle) => vehicle.id),
    );
    tests.push((activation) => inGroup.has(activation.vehicleId));
  }
  return { ok: true, test: (activation) => tests.every((test) => test(activation)) };
}

/** VehicleActivations in the order each vehicle first appears on the (already sorted) page. */
function groupByVehicle(db: MockDb, page: ActivationRecord[]) {
  const vehicles = new Map(db.vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const devices = new Map(db.devices.map((device) => [device.deviceId, device]));
  const geofenceNames = new Map(
    db.geofences.map((geofence) => [geofence.geofenceId, geofence.name]),
  );
  const grouped = new Map<
    string,
    { vehicle: VehicleRecord | undefined; activations: ActivationRecord[] }
  >();
  for (const activation of page) {
    const entry = grouped.get(activation.vehicleId);
    if (entry) entry.activations.push(activation);
    else
      grouped.set(activation.vehicleId, {
        vehicle: vehicles.get(activation.vehicleId),
        activations: [activation],
      });
  }
  return [...grouped].map(([vehicleId, { vehicle, activations }]) => {
    const deviceId = vehicle?.deviceId ?? null;
    return {
      vehicleId,
      vehicleName: vehicle?.name ?? null,
      vin: vehicle?.vin ?? null,
      deviceId,
      serialNumber: (deviceId && devices.get(deviceId)?.serialNumber) ?? null,
      groupId: vehicle?.groupId ?? null,
      activations: activations.map((activation) => ({
        activationId: activation.activationId,
        geofenceName: geofenceNames.get(activation.geofenceId) ?? activation.geofenceName,
        geofenceId: activation.geofenceId,
        startPosition: { ...activation.startPosition },
        activationStartDate: activation.activationStartDate,
        activationEndDate: activation.activationEndDate,
        endPosition: activation.endPosition ? { ...activation.endPosition } : null,
        userIdentifier: activation.userIdentifier,
        endReason: activation.endReason,
        lastUpdateDateTime: activation.lastUpdateDateTime,
      })),
    };
  });
}
