import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResponseCode, UserRecord, VehicleRecord } from '../db';
import { groupAndDescendantIds } from '../http';
import { getDb, resetMockService } from '../state';
import { authHeaders, signInForTest, TEST_API_BASE } from '../test-helpers';
import { SUBMISSION_STATUS } from './driver-assignments';

interface AssignmentBody {
  id: string;
  vehicleName: string | null;
  deviceId: string | null;
  SerialNumber: string | null;
  imei: string | null;
  licensePlate: string | null;
  vin: string | null;
  assignmentStartDate: string;
  assignmentEndDate: string | null;
}
interface DriverBody {
  userId: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  vehicles: AssignmentBody[];
}
interface ListBody {
  metadata: {
    offset: number;
    limit: number;
    count: number;
    startDate: string | null;
    endDate: string | null;
  };
  data: DriverBody[];
}
interface DispatchEntryBody {
  submissionId: number;
  employeeId: string | null;
  driverFirstName: string | null;
  driverLastName: string | null;
  vehicleName: string | null;
  responseCodeId: ResponseCode;
  startDate: string;
  endDate: string;
}
interface DispatchBody {
  data: { submissionBatchId: number; entries: DispatchEntryBody[] };
}
interface ResultBody {
  data: {
    results: (Omit<DispatchEntryBody, 'submissionId'> & {
      submissionId: number;
      assignmentsModified: number;
    })[];
  };
}
interface PascalError {
  Error: string;
  Message: string;
}

let token: string;
const base = `${TEST_API_BASE}/v1/driver-assignments`;
const get = (path: string, query: Record<string, string> = {}) =>
  fetch(`${base}${path}?${new URLSearchParams(query).toString()}`, { headers: authHeaders(token) });
const dispatch = (body: unknown) =>
  fetch(`${base}/dispatch`, {
    method: 'POST',
    headers: authHeaders(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify(body),
  });
const codesOf = async (body: unknown) => {
  const response = await dispatch(body);
  expect(response.status).toBe(201);
  return ((await response.json()) as DispatchBody).data.entries.map(
    (entry) => entry.responseCodeId,
  );
};

const HOUR = 3_600_000;
/** Schedules a month ahead, away from anything seeded. */
const slot = (dayOffset: number, hours = 8) => {
  const start = Math.floor(Date.now() / HOUR) * HOUR + (30 + dayOffset) * 24 * HOUR;
  return {
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + hours * HOUR).toISOString(),
  };
};

const depotTree = (name: string) =>
  groupAndDescendantIds(getDb(), getDb().groups.find((group) => group.name === name)!.id);

/** Uniquely named vehicles in the dispatcher's depot (Portland) and in another (Seattle). */
function fixtures() {
  const db = getDb();
  const counts = new Map<string, number>();
  for (const vehicle of db.vehicles)
    counts.set(vehicle.name.toLowerCase(), (counts.get(vehicle.name.toLowerCase()) ?? 0) + 1);
  const unique = db.vehicles.filter((vehicle) => counts.get(vehicle.name.toLowerCase()) === 1);
  const portland = depotTree('Portland Depot');
  const seattle = depotTree('Seattle Depot');
  const own = unique.filter((vehicle) => portland.has(vehicle.groupId));
  const drivers = db.users.filter((user) => user.isDriver && user.employeeId);
  return {
    driver: drivers[0]!,
    otherDriver: drivers[1]!,
    vehicle: own[0]!,
    otherVehicle: own[1]!,
    seattleVehicle: unique.find((vehicle) => seattle.has(vehicle.groupId))!,
    duplicateName: db.vehicles.find((vehicle) => (counts.get(vehicle.name.toLowerCase()) ?? 0) > 1)!
      .name,
  };
}
const entry = (driver: UserRecord, vehicle: VehicleRecord, dates = slot(0)) => ({
  userIdentifier: driver.employeeId,
  vehicleIdentifier: vehicle.name,
  ...dates,
});

beforeEach(async () => {
  token = await signInForTest('dan.okafor');
});

describe('auth', () => {
  it('answers 401 with no body when the bearer is missing', async () => {
    for (const init of [{}, { method: 'POST', body: '{}' }]) {
      const response = await fetch(`${base}${init.method ? '/dispatch' : ''}`, init);
      expect(response.status).toBe(401);
      expect(await response.text()).toBe('');
    }
  });
});

describe('GET /v1/driver-assignments', () => {
  it('groups the assignments per driver, with the capital-S SerialNumber', async () => {
    const response = await get('', { limit: '40' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ListBody;
    expect(body.metadata).toMatchObject({
      offset: 0,
      limit: 40,
      count: getDb().driverAssignments.length,
    });
    const userIds = body.data.map((driver) => driver.userId);
    expect(new Set(userIds).size).toBe(userIds.length);
    expect(body.data.flatMap((driver) => driver.vehicles)).toHaveLength(40);
    const first = body.data[0]!;
    const user = getDb().users.find((candidate) => candidate.userId === first.userId)!;
    expect(first).toMatchObject({
      firstName: user.firstName,
      lastName: user.lastName,
      employeeNumber: user.employeeId,
    });
    // Some vehicles have no camera; check the spelling on one that has.
    const assignment = body.data
      .flatMap((driver) => driver.vehicles)
      .find((candidate) => candidate.deviceId !== null)!;
    const device = getDb().devices.find((candidate) => candidate.deviceId === assignment.deviceId)!;
    expect(assignment.SerialNumber).toBe(device.serialNumber);
    expect(assignment).not.toHaveProperty('serialNumber');
    expect(assignment.imei).toBe(device.imei);
  });

  it('filters by vehicle VIN, driver name and group name with subgroups', async () => {
    const db = getDb();
    const sample = db.driverAssignments[0]!;
    const vehicle = db.vehicles.find((candidate) => candidate.id === sample.vehicleId)!;
    const byVin = (await (await get('', { vehicleIdentifier: vehicle.vin! })).json()) as ListBody;
    const rows = byVin.data.flatMap((driver) => driver.vehicles);
    expect(rows.length).toBe(
      db.driverAssignments.filter((assignment) => assignment.vehicleId === vehicle.id).length,
    );
    expect(rows.every((row) => row.id === vehicle.id)).toBe(true);

    const user = db.users.find((candidate) => candidate.userId === sample.userId)!;
    const byName = (await (
      await get('', { userIdentifier: `${user.firstName} ${user.lastName}` })
    ).json()) as ListBody;
    expect(
      byName.data.every(
        (driver) =>
          `${driver.firstName} ${driver.lastName}` === `${user.firstName} ${user.lastName}`,
      ),
    ).toBe(true);

    const countFor = async (query: Record<string, string>) => {
      const response = await get('', query);
      return response.status === 204 ? 0 : ((await response.json()) as ListBody).metadata.count;
    };
    const depotOnly = await countFor({ groupIdentifier: 'Portland Depot' });
    const withSubgroups = await countFor({
      groupIdentifier: 'Portland Depot',
      includeSubgroups: 'true',
    });
    const inTeams = await countFor({ groupIdentifier: 'Long Haul', includeSubgroups: 'true' });
    expect(withSubgroups).toBeGreaterThan(depotOnly);
    expect(inTeams).toBeGreaterThan(0);
    expect((await get('', { groupIdentifier: 'No Such Group' })).status).toBe(404);
  });

  it('answers 204 outside the data, 404 for unknown identifiers and 400 for a bad sort', async () => {
    const empty = await get('', { startDate: '2001-01-01', endDate: '2001-01-31' });
    expect(empty.status).toBe(204);
    const missing = await get('', { vehicleIdentifier: 'NO-SUCH-VIN' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as PascalError).Error).toBe('Not Found');
    const sort = await get('', { sort: 'colour' });
    expect(sort.status).toBe(400);
    expect(((await sort.json()) as PascalError).Message).toContain('SerialNumber');
  });

  it('sorts by SerialNumber when asked', async () => {
    const body = (await (
      await get('', { sort: 'SerialNumber', order: 'desc', limit: '25' })
    ).json()) as ListBody;
    const serials = body.data
      .flatMap((driver) => driver.vehicles)
      .map((row) => row.SerialNumber ?? '');
    expect(serials.length).toBe(25);
    const sortedDesc = [...serials].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase()));
    expect(new Set(serials)).toEqual(new Set(sortedDesc));
    expect(serials[0]!.toLowerCase() >= serials[serials.length - 1]!.toLowerCase()).toBe(true);
  });
});

describe('POST /v1/driver-assignments/dispatch: validation codes', () => {
  it('answers SUCCESS for a known employee and a uniquely named vehicle', async () => {
    const { driver, vehicle } = fixtures();
    const response = await dispatch({ entries: [entry(driver, vehicle)] });
    expect(response.status).toBe(201);
    const body = (await response.json()) as DispatchBody;
    expect(body.data.submissionBatchId).toBeGreaterThan(1_000_000_000);
    expect(body.data.entries[0]).toMatchObject({
      employeeId: driver.employeeId,
      driverFirstName: driver.firstName,
      driverLastName: driver.lastName,
      vehicleName: vehicle.name,
      responseCodeId: 'SUCCESS',
      ...slot(0),
    });
    expect(body.data.entries[0]!.submissionId).toBeGreaterThan(0);
  });

  it('answers E_NO_MATCH_DRIVER for an unknown employee when auto-add is off', async () => {
    const { vehicle } = fixtures();
    const codes = await codesOf({
      autoAddDriver: false,
      entries: [
        {
          userIdentifier: 'NEW-77',
          user: { firstName: 'Ana', lastName: 'Silva', id: 'NEW-77' },
          vehicleIdentifier: vehicle.name,
          ...slot(0),
        },
      ],
    });
    expect(codes).toEqual(['E_NO_MATCH_DRIVER']);
  });

  it('auto-adds a driver (I_CREATE_USER_SUCCESS) only with first and last names free of special characters', async () => {
    const { vehicle } = fixtures();
    const newDriver = (
      firstName: string | null,
      lastName: string | null,
      id: string,
      day: number,
    ) => ({
      userIdentifier: id,
      user: { firstName, lastName, id },
      vehicleIdentifier: vehicle.name,
      ...slot(day),
    });
    const codes = await codesOf({
      entries: [
        newDriver('Zoë', null, 'NEW-1', 0),
        newDriver('J@ne', 'Doe', 'NEW-2', 1),
        newDriver('Jane', 'Doe', 'NEW_3', 2),
        newDriver('Renée-Claire', "O'Brien Jr.", 'NEW-4', 3),
      ],
    });
    expect(codes).toEqual([
      'E_FIRSTNAME_OR_LASTNAME_NOT_ALLOW_NULL',
      'E_CREATE_USER_INCLUDE_SPECIAL_CHARACTER',
      'E_CREATE_USER_INCLUDE_SPECIAL_CHARACTER',
      'I_CREATE_USER_SUCCESS',
    ]);
    const created = getDb().users.find((user) => user.employeeId === 'NEW-4')!;
    expect(created).toMatchObject({
      firstName: 'Renée-Claire',
      lastName: "O'Brien Jr.",
      isDriver: true,
      primaryGroupId: vehicle.groupId,
    });
    expect(getDb().users.some((user) => user.employeeId === 'NEW-2')).toBe(false);
  });

  it('refuses a vehicle outside the caller’s groups (E_ACCESS_DENIED) and a driver it would create there (E_CREATE_USER_ACCESS_DENIED)', async () => {
    const { driver, seattleVehicle } = fixtures();
    const users = getDb().users.length;
    const codes = await codesOf({
      autoAddDriver: true,
      entries: [
        {
          userIdentifier: 'EVIL-SEA-1',
          user: { firstName: 'Evil', lastName: 'Seattle', id: 'EVIL-SEA-1' },
          vehicleIdentifier: seattleVehicle.name,
          ...slot(0),
        },
        entry(driver, seattleVehicle, slot(1)),
      ],
    });
    expect(codes).toEqual(['E_CREATE_USER_ACCESS_DENIED', 'E_ACCESS_DENIED']);
    expect(getDb().users).toHaveLength(users);
    expect(getDb().users.some((user) => user.employeeId === 'EVIL-SEA-1')).toBe(false);
    // Nothing was accepted, so processing assigns nothing either.
    const batch = getDb().dispatchBatches.at(-1)!;
    expect(batch.entries.every((stored) => stored.responseCodeId.startsWith('E_'))).toBe(true);
  });

  it('answers E_NO_MATCH_VEHICLE and E_DUPLICATE_VEHICLES for vehicle names that identify none or several in the caller’s scope', async () => {
    // The manager's scope is the whole company, so a name shared by two depots is ambiguous.
    token = await signInForTest('maria.lopez');
    const { driver, duplicateName } = fixtures();
    const codes = await codesOf({
      entries: [
        { userIdentifier: driver.employeeId, vehicleIdentifier: 'No Such Truck', ...slot(0) },
        { userIdentifier: driver.employeeId, vehicleIdentifier: duplicateName, ...slot(1) },
      ],
    });
    expect(codes).toEqual(['E_NO_MATCH_VEHICLE', 'E_DUPLICATE_VEHICLES']);
  });

  it('matches a name shared with another depot to the caller’s own vehicle, and processes it onto that vehicle', async () => {
    const { driver, duplicateName } = fixtures();
    const portland = depotTree('Portland Depot');
    const named = getDb().vehicles.filter((vehicle) => vehicle.name === duplicateName);
    const own = named.find((vehicle) => portland.has(vehicle.groupId))!;
    expect(named.some((vehicle) => !portland.has(vehicle.groupId))).toBe(true);
    const sent = slot(2);
    expect(
      await codesOf({
        entries: [{ userIdentifier: driver.employeeId, vehicleIdentifier: duplicateName, ...sent }],
      }),
    ).toEqual(['SUCCESS']);
    expect(getDb().dispatchBatches.at(-1)!.entries[0]!.vehicleId).toBe(own.id);
  });

  it('refuses a name found only outside the caller’s groups as out of scope, not as ambiguous', async () => {
    const { driver, seattleVehicle } = fixtures();
    // A second vehicle of the same name in another depot outside Portland.
    const db = getDb();
    const fresno = [...depotTree('Fresno Depot')][0]!;
    db.vehicles.push({ ...seattleVehicle, id: crypto.randomUUID(), groupId: fresno });
    expect(await codesOf({ entries: [entry(driver, seattleVehicle, slot(3))] })).toEqual([
      'E_ACCESS_DENIED',
    ]);
  });

  it('answers E_CONFLICTING_SCHEDULE for an overlap by driver or vehicle, within a submission or recently processed', async () => {
    const { driver, otherDriver, vehicle, otherVehicle } = fixtures();
    const first = await codesOf({
      entries: [
        entry(driver, vehicle, slot(0)),
        entry(driver, otherVehicle, slot(0, 4)),
        entry(otherDriver, vehicle, slot(0, 2)),
        entry(otherDriver, otherVehicle, slot(1)),
      ],
    });
    expect(first).toEqual([
      'SUCCESS',
      'E_CONFLICTING_SCHEDULE',
      'E_CONFLICTING_SCHEDULE',
      'SUCCESS',
    ]);
    // The same schedule again minutes later was "recently processed".
    expect(await codesOf({ entries: [entry(driver, vehicle, slot(0))] })).toEqual([
      'E_CONFLICTING_SCHEDULE',
    ]);
  });

  it('answers I_DUPLICATE_RULE for an exact copy of an older stored schedule', async () => {
    const { driver, vehicle } = fixtures();
    expect(await codesOf({ entries: [entry(driver, vehicle)] })).toEqual(['SUCCESS']);
    const batch = getDb().dispatchBatches[0]!;
    batch.submittedAt -= 11 * 60_000;
    batch.completesAt -= 11 * 60_000;
    expect(await codesOf({ entries: [entry(driver, vehicle)] })).toEqual(['I_DUPLICATE_RULE']);
    expect(
      await codesOf({
        entries: [entry(driver, vehicle, { ...slot(0), endDate: slot(0, 9).endDate })],
      }),
    ).toEqual(['E_CONFLICTING_SCHEDULE']);
  });

  it('validates only when asked: codes come back, nothing is stored and no driver is created', async () => {
    const { vehicle } = fixtures();
    const usersBefore = getDb().users.length;
    const response = await dispatch({
      validate: true,
      entries: [
        {
          userIdentifier: 'VAL-1',
          user: { firstName: 'Kai', lastName: 'Moana', id: 'VAL-1' },
          vehicleIdentifier: vehicle.name,
          ...slot(0),
        },
        { userIdentifier: 'VAL-1', vehicleIdentifier: vehicle.name, ...slot(5) },
      ],
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as DispatchBody;
    expect(body.data.submissionBatchId).toBe(0);
    expect(body.data.entries.map((item) => [item.submissionId, item.responseCodeId])).toEqual([
      [0, 'I_CREATE_USER_SUCCESS'],
      [0, 'SUCCESS'],
    ]);
    expect(getDb().dispatchBatches).toHaveLength(0);
    expect(getDb().users).toHaveLength(usersBefore);
  });
});

describe('POST /v1/driver-assignments/dispatch: schema errors', () => {
  it.each([
    [
      'an unknown top-level field',
      { entries: [], extra: 1 },
      /Unknown field "extra" in the request body/,
    ],
    [
      'an unknown entry field',
      { entries: [{ vehicleIdentifier: 'x', colour: 'red', ...slot(0) }] },
      /Unknown field "colour" in entries\[0\]/,
    ],
    ['no entries', { entries: [] }, /at least one entry/],
    [
      'a missing startDate',
      { entries: [{ vehicleIdentifier: 'x', endDate: slot(0).endDate }] },
      /entries\[0\]\.startDate/,
    ],
    [
      'an invalid endDate',
      { entries: [{ vehicleIdentifier: 'x', startDate: slot(0).startDate, endDate: 'soon' }] },
      /entries\[0\]\.endDate/,
    ],
    [
      'an end before the start',
      {
        entries: [
          { vehicleIdentifier: 'x', startDate: slot(0).endDate, endDate: slot(0).startDate },
        ],
      },
      /after its startDate/,
    ],
    ['a non-boolean validate', { validate: 'yes', entries: [] }, /validate must be true or false/],
  ])('rejects %s with 400 {Error, Message}', async (_label, body, message) => {
    const response = await dispatch(body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as PascalError;
    expect(error.Error).toBe('Bad Request');
    expect(error.Message).toMatch(message);
  });
});

describe('submission log status and result', () => {
  afterEach(() => vi.restoreAllMocks());
  it('is in progress, then complete; the schedule then shows as a driver assignment', async () => {
    // A minute of processing, passed on a controlled clock: a busy machine cannot race it.
    resetMockService({ dispatchProcessingMs: 60_000 });
    token = await signInForTest('dan.okafor');
    const { driver, vehicle } = fixtures();
    // Read before the clock moves on: a minute later can fall in the next hour, and slot() rounds to it.
    const sentSlot = slot(0);
    const submitted = (await (
      await dispatch({ entries: [entry(driver, vehicle, sentSlot)] })
    ).json()) as DispatchBody;
    const id = String(submitted.data.submissionBatchId);

    const status = async () =>
      (
        (await (await get('/status', { submissionBatchId: id })).json()) as {
          data: { submissionStatusId: number };
        }
      ).data.submissionStatusId;
    const results = async () =>
      ((await (await get('/result', { submissionBatchId: id })).json()) as ResultBody).data.results;
    expect(await status()).toBe(SUBMISSION_STATUS.inProgress);
    expect((await results())[0]!.assignmentsModified).toBe(0);

    const aMinuteLater = Date.now() + 61_000;
    vi.spyOn(Date, 'now').mockReturnValue(aMinuteLater);
    expect(await status()).toBe(SUBMISSION_STATUS.complete);
    const [result] = await results();
    expect(result).toEqual({
      submissionId: submitted.data.entries[0]!.submissionId,
      driverFirstName: driver.firstName,
      driverLastName: driver.lastName,
      employeeId: driver.employeeId,
      vehicleName: vehicle.name,
      responseCodeId: 'SUCCESS',
      assignmentsModified: 1,
      ...sentSlot,
    });
    const listed = (await (
      await get('', { vehicleIdentifier: vehicle.id, startDate: sentSlot.startDate })
    ).json()) as ListBody;
    expect(listed.data[0]).toMatchObject({ userId: driver.userId });
    expect(listed.data[0]!.vehicles[0]).toMatchObject({
      id: vehicle.id,
      assignmentStartDate: sentSlot.startDate,
      assignmentEndDate: sentSlot.endDate,
    });
  });

  it('answers 400 without an integer submissionBatchId and 404 for an unknown one', async () => {
    for (const path of ['/status', '/result']) {
      expect((await get(path)).status).toBe(400);
      expect((await get(path, { submissionBatchId: 'abc' })).status).toBe(400);
      const missing = await get(path, { submissionBatchId: '999' });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as PascalError).Message).toContain('999');
    }
  });
});
