import { http, HttpResponse } from 'msw';
import { callerAccess, type CallerAccess } from '../access';
import {
  SAMPLE_VEHICLE_ID,
  type DeviceRecord,
  type HibernationDelay,
  type MockDb,
  type VehicleRecord,
} from '../db';
import {
  badRequest,
  conflict,
  forbidden,
  groupAndDescendantIds,
  isGuid,
  notFound,
  pageByNumber,
  readBoolParam,
  readIntParam,
  readJsonBody,
  sameId,
  withAuth,
  type ParsedParam,
} from '../http';
import { toIsoSeconds } from '../seed/fleet';
import {
  DEFAULT_SEATBELT_TYPE,
  DEFAULT_VEHICLE_STATUS,
  DEFAULT_VEHICLE_TYPE,
  DeviceStatus,
} from '../seed/fleet-reference';
import { commitDb } from '../state';

const STYLE = 'bodiless';
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
const SMALL_INT_MAX = 32_767;
const INT32_MAX = 2_147_483_647;
const INT32_MIN = -2_147_483_648;

const hibernationDelays: readonly HibernationDelay[] = [
  'UseDefault',
  'NoHibernation',
  'OneMinute',
  'FifteenMinutes',
  'OneHour',
  'FourHours',
  'EightHours',
  'TwelveHours',
  'EighteenHours',
  'SixtyHours',
];

/** Every field AddVehicleRequest and UpdateVehicleRequest know (additionalProperties: false). */
const writableFields = new Set([
  'name',
  'groupId',
  'type',
  'status',
  'seatbeltType',
  'driverId',
  'deviceId',
  'deviceSerialNumber',
  'licensePlateNumber',
  'countrySubdivisionId',
  'vin',
  'make',
  'model',
  'year',
  'hibernationDelay',
]);

const nameCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A write request, read and checked. Absent keys stay undefined, so PATCH leaves them alone. */
interface VehicleChanges {
  name?: string;
  groupId?: string;
  type?: number;
  status?: number;
  seatbeltType?: number;
  driverId?: string | null;
  licensePlateNumber?: string | null;
  countrySubdivisionId?: number | null;
  vin?: string | null;
  make?: string | null;
  model?: string | null;
  year?: number | null;
  hibernationDelay?: HibernationDelay | null;
  /** null takes the current device out; a record puts that device in. */
  device?: DeviceRecord | null;
}

class InvalidField extends Error {}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads an AddVehicleRequest (`create`) or UpdateVehicleRequest (`update`) against the contract's
 * bounds and the mock's data. In an update, null on a field the vehicle cannot be without (name,
 * group, type, status, seatbelt type) means "unchanged"; null elsewhere clears the field.
 */
function readVehicleChanges(
  db: MockDb,
  body: unknown,
  mode: 'create' | 'update',
): ParsedParam<VehicleChanges> {
  if (!isPlainObject(body))
    return { ok: false, message: 'The request body must be a JSON object.' };
  const unknownField = Object.keys(body).find((key) => !writableFields.has(key));
  if (unknownField !== undefined) {
    return { ok: false, message: `The field '${unknownField}' is not allowed.` };
  }
  try {
    return { ok: true, value: readFields(db, body, mode) };
  } catch (error) {
    if (error instanceof InvalidField) return { ok: false, message: error.message };
    throw error;
  }
}

function readFields(db: MockDb, body: Record<string, unknown>, mode: 'create' | 'update') {
  const present = (key: string) => key in body && (body[key] !== null || mode === 'update');
  const text = (key: string, maxLength: number): string | null => {
    const value = body[key];
    if (value === null) return null;
    if (typeof value !== 'string' || value.trim().length === 0 || value.length > maxLength) {
      throw new InvalidField(`The ${key} must be a string of 1-${maxLength} characters.`);
    }
    return value.trim();
  };
  const integer = (key: string, min: number, max: number): number | null => {
    const value = body[key];
    if (value === null) return null;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      throw new InvalidField(`The ${key} must be a whole number from ${min} to ${max}.`);
    }
    return value;
  };
  const guid = (key: string): string | null => {
    const value = body[key];
    if (value === null) return null;
    if (typeof value !== 'string' || !isGuid(value)) {
      throw new InvalidField(`The ${key} must be a valid GUID.`);
    }
    return value;
  };

  const changes: VehicleChanges = {};
  if (mode === 'create') {
    for (const key of ['name', 'groupId']) {
      if (body[key] === undefined || body[key] === null) {
        throw new InvalidField(`The ${key} field is required.`);
      }
    }
  }

  const name = 'name' in body ? text('name', 50) : null;
  if (name !== null) changes.name = name;

  const groupId = 'groupId' in body ? guid('groupId') : null;
  if (groupId !== null) {
    const group = db.groups.find((candidate) => sameId(candidate.id, groupId));
    if (!group) throw new InvalidField(`The group ${groupId} does not exist.`);
    changes.groupId = group.id;
  }

  const lookups = [
    { key: 'type', min: 0, known: db.vehicleTypes, label: 'vehicle type' },
    { key: 'status', min: 1, known: db.vehicleStatuses, label: 'vehicle status' },
    { key: 'seatbeltType', min: 0, known: db.seatbeltTypes, label: 'seatbelt type' },
  ] as const;
  for (const { key, min, known, label } of lookups) {
    const value = key in body ? integer(key, min, SMALL_INT_MAX) : null;
    if (value === null) continue;
    if (!known.some((entry) => entry.id === value)) {
      throw new InvalidField(`The ${key} ${value} is not a known ${label}.`);
    }
    changes[key] = value;
  }

  if (present('driverId')) {
    const driverId = guid('driverId');
    const driver = driverId && db.users.find((user) => sameId(user.userId, driverId));
    if (driverId && !driver) throw new InvalidField(`The driver ${driverId} does not exist.`);
    changes.driverId = driver ? driver.userId : null;
  }

  if (present('deviceId') || present('deviceSerialNumber')) {
    changes.device = readDevice(db, body, guid, text);
  }

  if (present('licensePlateNumber')) {
    changes.licensePlateNumber = text('licensePlateNumber', 50);
  }

  if (present('countrySubdivisionId')) {
    const id = integer('countrySubdivisionId', 0, INT32_MAX);
    if (id !== null && !db.countrySubdivisions.some((entry) => entry.id === id)) {
      throw new InvalidField(`The countrySubdivisionId ${id} is not a known country subdivision.`);
    }
    changes.countrySubdivisionId = id;
  }

  if (present('vin')) {
    const vin = body.vin;
    if (vin !== null && (typeof vin !== 'string' || !VIN_PATTERN.test(vin))) {
      throw new InvalidField(
        'The vin must be 17 characters: digits and capital letters except I, O and Q.',
      );
    }
    changes.vin = vin;
  }

  if (present('make')) changes.make = text('make', 250);
  if (present('model')) changes.model = text('model', 250);
  if (present('year')) changes.year = integer('year', INT32_MIN, INT32_MAX);

  if (present('hibernationDelay')) {
    const delay = body.hibernationDelay;
    const known = hibernationDelays.find((member) => member === delay);
    if (delay !== null && !known) {
      throw new InvalidField(
        `The hibernationDelay must be one of ${hibernationDelays.join(', ')}.`,
      );
    }
    changes.hibernationDelay = known ?? null;
  }
  return changes;
}

/** The device a request names by deviceId and/or deviceSerialNumber; null when both are null. */
function readDevice(
  db: MockDb,
  body: Record<string, unknown>,
  guid: (key: string) => string | null,
  text: (key: string, maxLength: number) => string | null,
): DeviceRecord | null {
  const deviceId = 'deviceId' in body ? guid('deviceId') : null;
  const serialNumber = 'deviceSerialNumber' in body ? text('deviceSerialNumber', 50) : null;
  const byId = deviceId ? db.devices.find((device) => sameId(device.deviceId, deviceId)) : null;
  if (deviceId && !byId) throw new InvalidField(`The device ${deviceId} does not exist.`);
  const bySerial = serialNumber
    ? db.devices.find((device) => device.serialNumber.toLowerCase() === serialNumber.toLowerCase())
    : null;
  if (serialNumber && !bySerial) {
    throw new InvalidField(`No device has the serial number ${serialNumber}.`);
  }
  if (byId && bySerial && byId !== bySerial) {
    throw new InvalidField('The deviceId and deviceSerialNumber name different devices.');
  }
  return byId ?? bySerial ?? null;
}

/** Names are unique within a group (case-insensitively, as people read them). */
function nameTaken(db: MockDb, name: string, groupId: string, exceptId?: string): boolean {
  const wanted = name.toLowerCase();
  return db.vehicles.some(
    (vehicle) =>
      vehicle.groupId === groupId &&
      vehicle.id !== exceptId &&
      vehicle.name.toLowerCase() === wanted,
  );
}

/**
 * Puts `device` into `vehicle` (null = leaves it without one), writing the assignment changes the
 * device API reports: a removal for a camera taken out, a move when the camera came from another
 * vehicle, an addition when it came from the shelf.
 */
function assignDevice(db: MockDb, vehicle: VehicleRecord, device: DeviceRecord | null, at: string) {
  const current = vehicle.deviceId
    ? db.devices.find((candidate) => candidate.deviceId === vehicle.deviceId)
    : undefined;
  if (current && current === device) return;
  if (current) {
    current.vehicleId = null;
    current.status = DeviceStatus.spare;
    current.updatedDate = at;
    db.vehicleAssignments.push({
      deviceId: current.deviceId,
      vehicleId: SAMPLE_VEHICLE_ID,
      previousVehicleId: vehicle.id,
      vehicleName: null,
      groupId: null,
      previousVehicleName: vehicle.name,
      previousGroupId: vehicle.groupId,
      updatedDate: at,
    });
  }
  vehicle.deviceId = null;
  if (!device) return;

  const previous = device.vehicleId
    ? db.vehicles.find((candidate) => candidate.id === device.vehicleId)
    : undefined;
  if (previous) previous.deviceId = null;
  db.vehicleAssignments.push({
    deviceId: device.deviceId,
    vehicleId: vehicle.id,
    previousVehicleId: previous ? previous.id : SAMPLE_VEHICLE_ID,
    vehicleName: vehicle.name,
    groupId: vehicle.groupId,
    previousVehicleName: previous ? previous.name : null,
    previousGroupId: previous ? previous.groupId : null,
    updatedDate: at,
  });
  device.vehicleId = vehicle.id;
  device.groupId = vehicle.groupId;
  device.status = DeviceStatus.inService;
  device.updatedDate = at;
  vehicle.deviceId = device.deviceId;
  vehicle.lastConnected ??= device.lastConnected;
}

/**
 * Why a vehicle write reaches outside the caller's groups, or null: the vehicle's group (before and
 * after), the group of a camera it would take (a spare belongs to its group as much as an
 * installed one), and any vehicle a camera or driver would be taken from.
 */
function writeOutsideScope(
  db: MockDb,
  access: CallerAccess,
  groupIds: readonly string[],
  links: { device?: DeviceRecord | null; driverId?: string | null } = {},
): string | null {
  if (groupIds.some((groupId) => !access.canWriteIn(groupId)))
    return 'The vehicle is outside your groups.';
  if (links.device && !access.canWriteIn(links.device.groupId))
    return 'The camera belongs to a group outside yours.';
  const others = db.vehicles.filter(
    (other) =>
      (links.device && other.deviceId === links.device.deviceId) ||
      (links.driverId && other.driverId === links.driverId),
  );
  if (others.some((other) => !access.canWriteIn(other.groupId)))
    return 'The camera or driver belongs to a vehicle outside your groups.';
  return null;
}

/** One driver per vehicle: linking a driver here unlinks them from any other vehicle. */
function assignDriver(db: MockDb, vehicle: VehicleRecord, driverId: string | null) {
  if (driverId) {
    for (const other of db.vehicles) {
      if (other.driverId === driverId && other !== vehicle) other.driverId = null;
    }
  }
  vehicle.driverId = driverId;
}

function subdivisionCodes(db: MockDb): Map<number, string> {
  return new Map(db.countrySubdivisions.map((entry) => [entry.id, entry.code]));
}

/**
 * `Vehicle` and `VehicleResponse` require licensePlateNumber, countrySubdivision, vin and
 * lastConnected, each at least one character long. A vehicle created without a plate, state or
 * VIN has none to give, and an empty string would break the schema: such a field is left out.
 * "Never connected" is the platform's zero date.
 */
const NEVER_CONNECTED = '0001-01-01T00:00:00Z';

/** The list item (`Vehicle`): everything but the hibernation delay. */
function vehicleItem(vehicle: VehicleRecord, codes: Map<number, string>) {
  const countrySubdivision =
    vehicle.countrySubdivisionId === null ? undefined : codes.get(vehicle.countrySubdivisionId);
  return {
    id: vehicle.id,
    name: vehicle.name,
    type: vehicle.type,
    status: vehicle.status,
    seatbeltType: vehicle.seatbeltType,
    ...(vehicle.licensePlateNumber && { licensePlateNumber: vehicle.licensePlateNumber }),
    ...(countrySubdivision && { countrySubdivision }),
    lastConnected: vehicle.lastConnected ?? NEVER_CONNECTED,
    groupId: vehicle.groupId,
    ...(vehicle.vin && { vin: vehicle.vin }),
    driverId: vehicle.driverId,
    deviceId: vehicle.deviceId,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
  };
}

/** The single-vehicle body (`VehicleResponse`) adds the hibernation delay. */
function vehicleResponse(db: MockDb, vehicle: VehicleRecord) {
  return {
    ...vehicleItem(vehicle, subdivisionCodes(db)),
    hibernationDelay: vehicle.hibernationDelay,
  };
}

function findVehicle(db: MockDb, id: string | undefined): VehicleRecord | Response {
  if (!isGuid(id)) return badRequest(STYLE, 'The vehicle id must be a valid GUID.');
  return (
    db.vehicles.find((vehicle) => sameId(vehicle.id, id)) ??
    notFound(STYLE, `Vehicle ${id} does not exist.`)
  );
}

/** The lookup lists answer 204 when empty, like the vehicle list. */
function lookupList<T>(items: readonly T[]) {
  return items.length === 0 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(items);
}

const base = '*/v0/vehicles';

export const vehiclesHandlers = [
  http.get(
    `${base}/all`,
    withAuth(STYLE, ({ url, db }) => {
      const groupId = url.searchParams.get('groupId');
      if (groupId !== null && !isGuid(groupId)) {
        return badRequest(STYLE, 'The groupId must be a valid GUID.');
      }
      const name = url.searchParams.get('name');
      if (name !== null && (name.length < 1 || name.length > 50)) {
        return badRequest(STYLE, 'The name filter must be 1-50 characters.');
      }
      const limit = readIntParam(url, 'limit', { min: 1, max: 1000, defaultValue: 100 });
      if (!limit.ok) return badRequest(STYLE, limit.message);
      const page = readIntParam(url, 'page', { min: 1, max: INT32_MAX, defaultValue: 1 });
      if (!page.ok) return badRequest(STYLE, page.message);
      const includeSubgroups = readBoolParam(url, 'includeSubgroups', true);
      if (!includeSubgroups.ok) return badRequest(STYLE, includeSubgroups.message);

      let groupIds: Set<string> | null = null;
      if (groupId !== null) {
        groupIds = includeSubgroups.value
          ? groupAndDescendantIds(db, groupId)
          : new Set(
              db.groups.filter((group) => sameId(group.id, groupId)).map((group) => group.id),
            );
      }
      const needle = name?.toLowerCase();
      const matches = db.vehicles
        .filter(
          (vehicle) =>
            (!groupIds || groupIds.has(vehicle.groupId)) &&
            (!needle || vehicle.name.toLowerCase().includes(needle)),
        )
        .sort((a, b) => nameCollator.compare(a.name, b.name));
      if (matches.length === 0) return new HttpResponse(null, { status: 204 });
      const codes = subdivisionCodes(db);
      return HttpResponse.json({
        vehicles: pageByNumber(matches, limit.value, page.value).map((vehicle) =>
          vehicleItem(vehicle, codes),
        ),
        totalResults: matches.length,
      });
    }),
  ),

  http.post(
    `${base}/all`,
    withAuth(STYLE, async ({ request, db, user }) => {
      const parsed = readVehicleChanges(db, await readJsonBody(request), 'create');
      if (!parsed.ok) return badRequest(STYLE, parsed.message);
      const changes = parsed.value;
      const { name, groupId } = changes;
      // readVehicleChanges already refuses a create without them; this tells the types so.
      if (name === undefined) return badRequest(STYLE, 'The name field is required.');
      if (groupId === undefined) return badRequest(STYLE, 'The groupId field is required.');
      const outside = writeOutsideScope(db, callerAccess(db, user), [groupId], changes);
      if (outside) return forbidden(STYLE, outside);
      if (nameTaken(db, name, groupId)) {
        return conflict(STYLE, `A vehicle named ${name} already exists in this group.`);
      }
      const now = toIsoSeconds(Date.now());
      const vehicle: VehicleRecord = {
        id: crypto.randomUUID(),
        name,
        type: changes.type ?? DEFAULT_VEHICLE_TYPE,
        status: changes.status ?? DEFAULT_VEHICLE_STATUS,
        seatbeltType: changes.seatbeltType ?? DEFAULT_SEATBELT_TYPE,
        licensePlateNumber: changes.licensePlateNumber ?? null,
        countrySubdivisionId: changes.countrySubdivisionId ?? null,
        lastConnected: null,
        groupId,
        vin: changes.vin ?? null,
        driverId: null,
        deviceId: null,
        make: changes.make ?? null,
        model: changes.model ?? null,
        year: changes.year ?? null,
        hibernationDelay: changes.hibernationDelay ?? null,
        legacyVehicleId: db.nextIds.legacyVehicleId++,
        createdDate: now,
      };
      db.vehicles.push(vehicle);
      if (changes.driverId) assignDriver(db, vehicle, changes.driverId);
      if (changes.device) assignDevice(db, vehicle, changes.device, now);
      commitDb();
      return HttpResponse.json({ vehicleId: vehicle.id }, { status: 201 });
    }),
  ),

  http.get(
    `${base}/statuses`,
    withAuth(STYLE, ({ db }) => lookupList(db.vehicleStatuses)),
  ),
  http.get(
    `${base}/types`,
    withAuth(STYLE, ({ db }) => lookupList(db.vehicleTypes)),
  ),
  http.get(
    `${base}/seatbelt-types`,
    withAuth(STYLE, ({ db }) => lookupList(db.seatbeltTypes)),
  ),
  http.get(
    `${base}/country-subdivisions`,
    withAuth(STYLE, ({ url, db }) => {
      const countryCode = url.searchParams.get('countryCode');
      if (countryCode === null || countryCode === '') {
        return badRequest(STYLE, 'The countryCode query parameter is required.');
      }
      if (!COUNTRY_CODE_PATTERN.test(countryCode)) {
        return badRequest(STYLE, 'The countryCode must be two capital letters (ISO 3166-1).');
      }
      const subdivisions = db.countrySubdivisions.filter(
        (entry) => entry.countryCode === countryCode,
      );
      if (subdivisions.length === 0) {
        return notFound(STYLE, `Country with code ${countryCode} does not exist.`);
      }
      return HttpResponse.json(subdivisions.map(({ id, name, code }) => ({ id, name, code })));
    }),
  ),

  http.get<{ id: string }>(
    `${base}/:id`,
    withAuth<{ id: string }>(STYLE, ({ params, db }) => {
      const vehicle = findVehicle(db, params.id);
      if (vehicle instanceof Response) return vehicle;
      return HttpResponse.json(vehicleResponse(db, vehicle));
    }),
  ),

  http.patch<{ id: string }>(
    `${base}/:id`,
    withAuth<{ id: string }>(STYLE, async ({ params, request, db, user }) => {
      const vehicle = findVehicle(db, params.id);
      if (vehicle instanceof Response) return vehicle;
      const access = callerAccess(db, user);
      if (!access.canWriteIn(vehicle.groupId))
        return forbidden(STYLE, 'The vehicle is outside your groups.');
      const parsed = readVehicleChanges(db, await readJsonBody(request), 'update');
      if (!parsed.ok) return badRequest(STYLE, parsed.message);
      const { device, driverId, ...fields } = parsed.value;
      const outside = writeOutsideScope(db, access, [fields.groupId ?? vehicle.groupId], {
        device,
        driverId,
      });
      if (outside) return forbidden(STYLE, outside);
      const name = fields.name ?? vehicle.name;
      const groupId = fields.groupId ?? vehicle.groupId;
      if ((fields.name || fields.groupId) && nameTaken(db, name, groupId, vehicle.id)) {
        return conflict(STYLE, `A vehicle named ${name} already exists in this group.`);
      }
      Object.assign(vehicle, fields);
      const now = toIsoSeconds(Date.now());
      if (driverId !== undefined) assignDriver(db, vehicle, driverId);
      if (device !== undefined) assignDevice(db, vehicle, device, now);
      // The camera belongs to the vehicle's group, so it follows a move.
      const installed = db.devices.find((candidate) => candidate.deviceId === vehicle.deviceId);
      if (installed && installed.groupId !== vehicle.groupId) {
        installed.groupId = vehicle.groupId;
        installed.updatedDate = now;
      }
      commitDb();
      return HttpResponse.json(vehicleResponse(db, vehicle));
    }),
  ),

  http.delete<{ id: string }>(
    `${base}/:id`,
    withAuth<{ id: string }>(STYLE, ({ params, db, user }) => {
      const vehicle = findVehicle(db, params.id);
      if (vehicle instanceof Response) return vehicle;
      if (!callerAccess(db, user).canWriteIn(vehicle.groupId))
        return forbidden(STYLE, 'The vehicle is outside your groups.');
      assignDevice(db, vehicle, null, toIsoSeconds(Date.now()));
      db.vehicles = db.vehicles.filter((candidate) => candidate !== vehicle);
      db.ecmReadings = db.ecmReadings.filter(
        (reading) => reading.legacyVehicleId !== vehicle.legacyVehicleId,
      );
      commitDb();
      return new HttpResponse(null, { status: 204 });
    }),
  ),
];
