import { http, HttpResponse } from 'msw';
import { callerAccess, type CallerAccess } from '../access';
import type {
  DispatchBatchRecord,
  DispatchScheduleRecord,
  DriverAssignmentRecord,
  MockDb,
  ResponseCode,
  UserRecord,
  VehicleRecord,
} from '../db';
import {
  badRequest,
  groupAndDescendantIds,
  notFound,
  pageByOffset,
  readJsonBody,
  sameId,
  withAuth,
} from '../http';
import { ROLE_IDS } from '../seed/organisation';
import { commitDb, getMockSettings } from '../state';
import {
  findVehicle,
  parseIsoDate,
  overlapsWindow,
  readText,
  readWindowedListQuery,
  sortBy,
} from './list-query';

/**
 * `submissionStatusId` values: GET /v1/driver-assignments/status publishes none, so these are
 * ours.
 */
export const SUBMISSION_STATUS = { inProgress: 1, complete: 2 } as const;

/** Entries processed this recently conflict with any overlapping new entry ("recently processed"). */
const RECENT_MS = 10 * 60_000;
/** What a validate-only call reports for IDs it never allocates. */
const NOT_STORED_ID = 0;

const STORED_CODES: ReadonlySet<ResponseCode> = new Set([
  'SUCCESS',
  'I_CREATE_USER_SUCCESS',
  'I_DUPLICATE_RULE',
]);
const REQUEST_FIELDS = new Set(['validate', 'autoAddDriver', 'entries']);
const ENTRY_FIELDS = new Set([
  'userIdentifier',
  'user',
  'vehicleIdentifier',
  'startDate',
  'endDate',
]);
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const EMPLOYEE_ID_PATTERN = /^[A-Za-z0-9-]+$/;

interface AssignmentRow {
  assignment: DriverAssignmentRecord;
  user: UserRecord;
  vehicle: VehicleRecord | undefined;
  serialNumber: string | null;
  imei: string | null;
}

const SORT_KEYS: Record<string, (row: AssignmentRow) => string | null> = {
  assignmentstartdate: (row) => row.assignment.assignmentStartDate,
  assignmentenddate: (row) => row.assignment.assignmentEndDate,
  vehiclename: (row) => row.vehicle?.name ?? null,
  serialnumber: (row) => row.serialNumber,
  imei: (row) => row.imei,
  vin: (row) => row.vehicle?.vin ?? null,
  licenseplate: (row) => row.vehicle?.licensePlateNumber ?? null,
  deviceid: (row) => row.assignment.deviceId,
  firstname: (row) => row.user.firstName,
  lastname: (row) => row.user.lastName,
  employeenumber: (row) => row.user.employeeId,
};

export const driverAssignmentsHandlers = [
  http.post(
    '*/v1/driver-assignments/dispatch',
    withAuth('pascal', async ({ request, db, user }) => {
      settleDispatchBatches(db);
      const parsed = parseDispatchRequest(await readJsonBody(request));
      if (typeof parsed === 'string') return badRequest('pascal', parsed);
      const now = Date.now();
      const entries = classifyEntries(db, parsed, callerAccess(db, user), now);
      let submissionBatchId = NOT_STORED_ID;
      if (!parsed.validate) {
        submissionBatchId = db.nextIds.submissionBatchId++;
        for (const entry of entries) entry.submissionId = db.nextIds.submissionId++;
        const batch: DispatchBatchRecord = {
          submissionBatchId,
          submittedAt: now,
          completesAt: now + getMockSettings().dispatchProcessingMs,
          applied: false,
          entries,
        };
        db.dispatchBatches.push(batch);
        commitDb();
      }
      return HttpResponse.json(
        {
          data: {
            submissionBatchId,
            entries: entries.map((entry) => ({
              submissionId: entry.submissionId,
              employeeId: entry.employeeId,
              driverFirstName: entry.driverFirstName,
              driverLastName: entry.driverLastName,
              vehicleName: entry.vehicleName,
              responseCodeId: entry.responseCodeId,
              startDate: entry.startDate,
              endDate: entry.endDate,
            })),
          },
        },
        { status: 201 },
      );
    }),
  ),

  http.get(
    '*/v1/driver-assignments/status',
    withAuth('pascal', ({ url, db }) => {
      settleDispatchBatches(db);
      const batch = findBatch(db, url);
      if (batch instanceof Response) return batch;
      const complete = Date.now() >= batch.completesAt;
      return HttpResponse.json({
        data: {
          submissionStatusId: complete ? SUBMISSION_STATUS.complete : SUBMISSION_STATUS.inProgress,
        },
      });
    }),
  ),

  http.get(
    '*/v1/driver-assignments/result',
    withAuth('pascal', ({ url, db }) => {
      settleDispatchBatches(db);
      const batch = findBatch(db, url);
      if (batch instanceof Response) return batch;
      return HttpResponse.json({
        data: {
          results: batch.entries.map((entry) => ({
            submissionId: entry.submissionId,
            driverFirstName: entry.driverFirstName,
            driverLastName: entry.driverLastName,
            employeeId: entry.employeeId,
            vehicleName: entry.vehicleName,
            responseCodeId: entry.responseCodeId,
            // Nothing has been modified until processing completes.
            assignmentsModified: batch.applied ? entry.assignmentsModified : 0,
            startDate: entry.startDate,
            endDate: entry.endDate,
          })),
        },
      });
    }),
  ),

  http.get(
    '*/v1/driver-assignments',
    withAuth('pascal', ({ url, db }) => {
      settleDispatchBatches(db);
      const query = readWindowedListQuery(url, 'includeSubgroups');
      if (!query.ok) return badRequest('pascal', query.message);
      const { limit, offset, includeSubgroups, window, order } = query.value;
      const sortName = readText(url, 'sort') ?? 'assignmentStartDate';
      const sortKey = SORT_KEYS[sortName.toLowerCase()];
      if (!sortKey) {
        return badRequest(
          'pascal',
          'The sort must be one of assignmentStartDate, assignmentEndDate, vehicleName, SerialNumber, imei, vin, licensePlate, deviceId, firstName, lastName, employeeNumber.',
        );
      }

      const filter = assignmentFilter(db, url, includeSubgroups);
      if (filter instanceof Response) return filter;
      const users = new Map(db.users.map((user) => [user.userId, user]));
      const vehicles = new Map(db.vehicles.map((vehicle) => [vehicle.id, vehicle]));
      const devices = new Map(db.devices.map((device) => [device.deviceId, device]));
      const rows: AssignmentRow[] = [];
      for (const assignment of db.driverAssignments) {
        const user = users.get(assignment.userId);
        // Assignments of a user who no longer exists have no driver to group under.
        if (!user || !filter(assignment)) continue;
        if (!overlapsWindow(window, assignment.assignmentStartDate, assignment.assignmentEndDate))
          continue;
        const device = assignment.deviceId ? devices.get(assignment.deviceId) : undefined;
        rows.push({
          assignment,
          user,
          vehicle: vehicles.get(assignment.vehicleId),
          serialNumber: device?.serialNumber ?? null,
          imei: device?.imei ?? null,
        });
      }
      // Pages count assignment records; each page is then grouped per driver.
      const page = pageByOffset(sortBy(rows, sortKey, order), limit, offset);
      if (page.length === 0) return new HttpResponse(null, { status: 204 });
      return HttpResponse.json({
        metadata: {
          offset: offset ?? 0,
          limit: limit ?? rows.length,
          count: rows.length,
          startDate: window.startDate,
          endDate: window.endDate,
        },
        data: groupByDriver(page),
      });
    }),
  ),
];

function groupByDriver(page: AssignmentRow[]) {
  const drivers = new Map<string, { user: UserRecord; rows: AssignmentRow[] }>();
  for (const row of page) {
    const entry = drivers.get(row.user.userId);
    if (entry) entry.rows.push(row);
    else drivers.set(row.user.userId, { user: row.user, rows: [row] });
  }
  return [...drivers.values()].map(({ user, rows }) => ({
    userId: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    employeeNumber: user.employeeId,
    vehicles: rows.map(({ assignment, vehicle, serialNumber, imei }) => ({
      id: assignment.vehicleId,
      vehicleName: vehicle?.name ?? null,
      deviceId: assignment.deviceId,
      // Capital S, as published.
      SerialNumber: serialNumber,
      imei,
      licensePlate: vehicle?.licensePlateNumber ?? null,
      vin: vehicle?.vin ?? null,
      assignmentStartDate: assignment.assignmentStartDate,
      assignmentEndDate: assignment.assignmentEndDate,
    })),
  }));
}

/** The list filters; an identifier that names nothing answers 404. */
function assignmentFilter(
  db: MockDb,
  url: URL,
  includeSubgroups: boolean,
): ((assignment: DriverAssignmentRecord) => boolean) | Response {
  const tests: ((assignment: DriverAssignmentRecord) => boolean)[] = [];
  const vehicleIdentifier = readText(url, 'vehicleIdentifier');
  if (vehicleIdentifier !== undefined) {
    const vehicle = findVehicle(db, vehicleIdentifier);
    if (!vehicle) return notFound('pascal', `No vehicle matches ${vehicleIdentifier}.`);
    tests.push((assignment) => assignment.vehicleId === vehicle.id);
  }
  const userIdentifier = readText(url, 'userIdentifier');
  if (userIdentifier !== undefined) {
    const lower = userIdentifier.toLowerCase();
    // "User identifier or name": the GUID, the username, or the full name.
    const userIds = new Set(
      db.users
        .filter(
          (user) =>
            sameId(user.userId, userIdentifier) ||
            user.username.toLowerCase() === lower ||
            `${user.firstName} ${user.lastName}`.toLowerCase() === lower,
        )
        .map((user) => user.userId),
    );
    if (userIds.size === 0) return notFound('pascal', `No user matches ${userIdentifier}.`);
    tests.push((assignment) => userIds.has(assignment.userId));
  }
  const groupIdentifier = readText(url, 'groupIdentifier');
  if (groupIdentifier !== undefined) {
    const lower = groupIdentifier.toLowerCase();
    // "Group identifier or name": a name such as "Long Haul" may name several groups.
    const named = db.groups.filter(
      (group) => sameId(group.id, groupIdentifier) || group.name.toLowerCase() === lower,
    );
    if (named.length === 0) return notFound('pascal', `No group matches ${groupIdentifier}.`);
    const groupIds = new Set<string>();
    for (const group of named) {
      for (const id of includeSubgroups ? groupAndDescendantIds(db, group.id) : [group.id])
        groupIds.add(id);
    }
    // The vehicle's group decides, as for the other fleet lists.
    const vehicleIds = new Set(
      db.vehicles.filter((vehicle) => groupIds.has(vehicle.groupId)).map((vehicle) => vehicle.id),
    );
    tests.push((assignment) => vehicleIds.has(assignment.vehicleId));
  }
  return (assignment) => tests.every((test) => test(assignment));
}

function findBatch(db: MockDb, url: URL): DispatchBatchRecord | Response {
  const raw = url.searchParams.get('submissionBatchId')?.trim() ?? '';
  if (!/^\d+$/.test(raw))
    return badRequest('pascal', 'The submissionBatchId is required and must be an integer.');
  const id = Number(raw);
  const batch = db.dispatchBatches.find((candidate) => candidate.submissionBatchId === id);
  return batch ?? notFound('pascal', `No submission log has the ID ${raw}.`);
}

/** Batches whose processing time has passed turn their stored entries into driver assignments, once. */
function settleDispatchBatches(db: MockDb): void {
  const now = Date.now();
  let changed = false;
  for (const batch of db.dispatchBatches) {
    if (batch.applied || now < batch.completesAt) continue;
    for (const entry of batch.entries) entry.assignmentsModified = applyEntry(db, entry);
    batch.applied = true;
    changed = true;
  }
  if (changed) commitDb();
}

function applyEntry(db: MockDb, entry: DispatchScheduleRecord): number {
  if (!STORED_CODES.has(entry.responseCodeId) || !entry.employeeId || !entry.vehicleName) return 0;
  const employeeId = entry.employeeId.toLowerCase();
  const driver = db.users.find((user) => user.employeeId?.toLowerCase() === employeeId);
  const vehicle = entry.vehicleId
    ? db.vehicles.find((candidate) => candidate.id === entry.vehicleId)
    : soleVehicleNamed(db, entry.vehicleName);
  // The vehicle was deleted (or, in an older batch, renamed) while the batch was processing.
  if (!driver || !vehicle) return 0;
  const same = (assignment: DriverAssignmentRecord) =>
    assignment.userId === driver.userId &&
    assignment.vehicleId === vehicle.id &&
    assignment.assignmentStartDate === entry.startDate &&
    assignment.assignmentEndDate === entry.endDate;
  // A duplicate rule replaces the previous one.
  db.driverAssignments = db.driverAssignments.filter((assignment) => !same(assignment));
  db.driverAssignments.push({
    userId: driver.userId,
    vehicleId: vehicle.id,
    deviceId: vehicle.deviceId,
    assignmentStartDate: entry.startDate,
    assignmentEndDate: entry.endDate,
  });
  return 1;
}

function vehiclesNamed(db: MockDb, name: string): VehicleRecord[] {
  const lower = name.trim().toLowerCase();
  return db.vehicles.filter((vehicle) => vehicle.name.trim().toLowerCase() === lower);
}

function soleVehicleNamed(db: MockDb, name: string): VehicleRecord | undefined {
  const vehicles = vehiclesNamed(db, name);
  return vehicles.length === 1 ? vehicles[0] : undefined;
}

/**
 * The vehicle a name means for this caller. Names are unique only within a group, so the caller's
 * write scope (their groups and the subgroups below) is searched first; only when it holds none is
 * the rest of the company searched, and a vehicle found there is refused as out of scope rather
 * than reported as ambiguous.
 */
function matchVehicleName(
  db: MockDb,
  name: string,
  access: Pick<CallerAccess, 'canWriteIn'>,
): { vehicle: VehicleRecord } | { code: 'E_NO_MATCH_VEHICLE' | 'E_DUPLICATE_VEHICLES' } {
  const named = vehiclesNamed(db, name);
  const [firstNamed] = named;
  if (!firstNamed) return { code: 'E_NO_MATCH_VEHICLE' };
  const inScope = named.filter((vehicle) => access.canWriteIn(vehicle.groupId));
  if (inScope.length > 1) return { code: 'E_DUPLICATE_VEHICLES' };
  // With none in scope, any of the others is refused alike (E_ACCESS_DENIED by the caller).
  return { vehicle: inScope[0] ?? firstNamed };
}

/** What schedules of one vehicle are compared by: its ID once matched, else its name. */
function scheduleVehicleKey(entry: Pick<DispatchScheduleRecord, 'vehicleId' | 'vehicleName'>) {
  return entry.vehicleId ?? `name:${entry.vehicleName?.trim().toLowerCase() ?? ''}`;
}

interface DispatchEntryInput {
  userIdentifier: string | null;
  user: { firstName: string | null; lastName: string | null; id: string | null } | null;
  vehicleIdentifier: string | null;
  start: number;
  end: number;
}

interface DispatchInput {
  validate: boolean;
  autoAddDriver: boolean;
  entries: DispatchEntryInput[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): value is string | null | undefined =>
  value === undefined || value === null || typeof value === 'string';
const blankToNull = (value: string | null | undefined): string | null =>
  value?.trim() ? value.trim() : null;

/** Schema validation of DriverDispatchRequest; a string is the 400 message for the whole body. */
function parseDispatchRequest(body: unknown): DispatchInput | string {
  if (!isObject(body)) return 'The request body must be a JSON object.';
  const unknownField = Object.keys(body).find((key) => !REQUEST_FIELDS.has(key));
  if (unknownField !== undefined) return `Unknown field "${unknownField}" in the request body.`;
  const { validate, autoAddDriver, entries } = body;
  if (validate !== undefined && validate !== null && typeof validate !== 'boolean')
    return 'validate must be true or false.';
  if (autoAddDriver !== undefined && autoAddDriver !== null && typeof autoAddDriver !== 'boolean') {
    return 'autoAddDriver must be true or false.';
  }
  if (!Array.isArray(entries) || entries.length === 0)
    return 'entries must be an array with at least one entry.';
  const parsed: DispatchEntryInput[] = [];
  for (const [index, entry] of (entries as unknown[]).entries()) {
    const where = `entries[${index}]`;
    if (!isObject(entry)) return `${where} must be an object.`;
    const unknownEntryField = Object.keys(entry).find((key) => !ENTRY_FIELDS.has(key));
    if (unknownEntryField !== undefined) return `Unknown field "${unknownEntryField}" in ${where}.`;
    const { userIdentifier, user, vehicleIdentifier, startDate, endDate } = entry;
    if (!optionalString(userIdentifier)) return `${where}.userIdentifier must be a string.`;
    if (!optionalString(vehicleIdentifier)) return `${where}.vehicleIdentifier must be a string.`;
    let parsedUser: DispatchEntryInput['user'] = null;
    if (user !== undefined && user !== null) {
      if (!isObject(user)) return `${where}.user must be an object.`;
      const { firstName, lastName, id } = user;
      for (const [field, value] of [
        ['firstName', firstName],
        ['lastName', lastName],
        ['id', id],
      ] as const) {
        if (!optionalString(value)) return `${where}.user.${field} must be a string.`;
      }
      parsedUser = {
        firstName: blankToNull(firstName as string | null),
        lastName: blankToNull(lastName as string | null),
        id: blankToNull(id as string | null),
      };
    }
    const start = typeof startDate === 'string' ? parseIsoDate(startDate) : null;
    if (start === null) return `${where}.startDate is required and must be an ISO 8601 date-time.`;
    const end = typeof endDate === 'string' ? parseIsoDate(endDate) : null;
    if (end === null) return `${where}.endDate is required and must be an ISO 8601 date-time.`;
    if (end <= start) return `${where}.endDate must be after its startDate.`;
    parsed.push({
      userIdentifier: blankToNull(userIdentifier),
      user: parsedUser,
      vehicleIdentifier: blankToNull(vehicleIdentifier),
      start,
      end,
    });
  }
  return { validate: validate === true, autoAddDriver: autoAddDriver !== false, entries: parsed };
}

interface ScheduleRule {
  employeeId: string;
  vehicleKey: string;
  start: number;
  end: number;
  recent: boolean;
}

/**
 * Gives each entry its validation code, in order; creates auto-added drivers unless validating.
 * A schedule changes its vehicle's record and an auto-added driver is a user created in the
 * vehicle's group, so both need that group in the caller's write scope, as the vehicle and user
 * routes do.
 */
function classifyEntries(
  db: MockDb,
  input: DispatchInput,
  access: CallerAccess,
  now: number,
): DispatchScheduleRecord[] {
  const rules: ScheduleRule[] = db.dispatchBatches.flatMap((batch) =>
    batch.entries.flatMap((entry) => {
      const { employeeId } = entry;
      if (!STORED_CODES.has(entry.responseCodeId) || !employeeId || !entry.vehicleName) return [];
      return [
        {
          employeeId: employeeId.toLowerCase(),
          vehicleKey: scheduleVehicleKey(entry),
          start: Date.parse(entry.startDate),
          end: Date.parse(entry.endDate),
          recent: now - batch.submittedAt < RECENT_MS,
        },
      ];
    }),
  );
  // Drivers this submission adds, so later entries for the same employee find them.
  const pendingDrivers = new Map<string, DriverName>();

  return input.entries.map((entry) => {
    const employeeId = entry.userIdentifier ?? entry.user?.id ?? null;
    const record: DispatchScheduleRecord = {
      submissionId: NOT_STORED_ID,
      employeeId,
      driverFirstName: entry.user?.firstName ?? null,
      driverLastName: entry.user?.lastName ?? null,
      vehicleName: entry.vehicleIdentifier,
      startDate: new Date(entry.start).toISOString(),
      endDate: new Date(entry.end).toISOString(),
      responseCodeId: 'SUCCESS',
      assignmentsModified: 0,
    };
    // No employee can be matched, nor added, without an ID.
    if (!employeeId) return { ...record, responseCodeId: 'E_NO_MATCH_DRIVER' };
    const existing = db.users.find(
      (user) => user.employeeId?.toLowerCase() === employeeId.toLowerCase(),
    );
    const pending = pendingDrivers.get(employeeId.toLowerCase());
    let newDriverName: DriverName | null = null;
    if (existing) {
      record.employeeId = existing.employeeId;
      record.driverFirstName = existing.firstName;
      record.driverLastName = existing.lastName;
    } else if (pending) {
      record.driverFirstName = pending.firstName;
      record.driverLastName = pending.lastName;
    } else {
      const named = newDriverNameOf(input.autoAddDriver, employeeId, entry.user);
      if ('code' in named) return { ...record, responseCodeId: named.code };
      newDriverName = named;
    }

    const match = entry.vehicleIdentifier
      ? matchVehicleName(db, entry.vehicleIdentifier, access)
      : ({ code: 'E_NO_MATCH_VEHICLE' } as const);
    if ('code' in match) return { ...record, responseCodeId: match.code };
    const { vehicle } = match;
    record.vehicleName = vehicle.name;
    if (newDriverName && !access.canGrant({ groupId: vehicle.groupId, roleId: ROLE_IDS.driver }))
      return { ...record, responseCodeId: 'E_CREATE_USER_ACCESS_DENIED' };
    if (!access.canWriteIn(vehicle.groupId))
      return { ...record, responseCodeId: 'E_ACCESS_DENIED' };

    record.vehicleId = vehicle.id;
    const candidate: ScheduleRule = {
      employeeId: employeeId.toLowerCase(),
      vehicleKey: scheduleVehicleKey(record),
      start: entry.start,
      end: entry.end,
      recent: true,
    };
    const code = scheduleClash(rules, candidate);
    if (code) return { ...record, responseCodeId: code };

    if (newDriverName) {
      const { firstName, lastName } = newDriverName;
      pendingDrivers.set(candidate.employeeId, newDriverName);
      if (!input.validate)
        db.users.push(newDriver(db, employeeId, firstName, lastName, vehicle.groupId));
      record.responseCodeId = 'I_CREATE_USER_SUCCESS';
    }
    // Entries earlier in the same submission count as just processed.
    rules.push(candidate);
    return record;
  });
}

interface DriverName {
  firstName: string;
  lastName: string;
}

/** The name an unknown employee is added as a driver with, or why they cannot be added. */
function newDriverNameOf(
  autoAddDriver: boolean,
  employeeId: string,
  user: DispatchEntryInput['user'],
): DriverName | { code: ResponseCode } {
  if (!autoAddDriver) return { code: 'E_NO_MATCH_DRIVER' };
  const firstName = user?.firstName;
  const lastName = user?.lastName;
  if (!firstName || !lastName) return { code: 'E_FIRSTNAME_OR_LASTNAME_NOT_ALLOW_NULL' };
  if (
    !NAME_PATTERN.test(firstName) ||
    !NAME_PATTERN.test(lastName) ||
    !EMPLOYEE_ID_PATTERN.test(employeeId)
  ) {
    return { code: 'E_CREATE_USER_INCLUDE_SPECIAL_CHARACTER' };
  }
  return { firstName, lastName };
}

/**
 * I_DUPLICATE_RULE for an exact copy of an older rule; E_CONFLICTING_SCHEDULE for an overlap with
 * any rule of the same driver or vehicle, or for any copy of a recently processed one.
 */
function scheduleClash(
  rules: readonly ScheduleRule[],
  candidate: ScheduleRule,
): ResponseCode | null {
  let duplicate = false;
  for (const rule of rules) {
    const sameDriver = rule.employeeId === candidate.employeeId;
    const sameVehicle = rule.vehicleKey === candidate.vehicleKey;
    if (!sameDriver && !sameVehicle) continue;
    if (rule.start >= candidate.end || candidate.start >= rule.end) continue;
    const exact =
      sameDriver && sameVehicle && rule.start === candidate.start && rule.end === candidate.end;
    if (exact && !rule.recent) duplicate = true;
    else return 'E_CONFLICTING_SCHEDULE';
  }
  return duplicate ? 'I_DUPLICATE_RULE' : null;
}

function newDriver(
  db: MockDb,
  employeeId: string,
  firstName: string,
  lastName: string,
  groupId: string,
): UserRecord {
  const base = `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  const taken = new Set(db.users.map((user) => user.username.toLowerCase()));
  let username = base;
  for (let suffix = 2; taken.has(username); suffix++) username = `${base}${suffix}`;
  const now = new Date().toISOString();
  return {
    userId: crypto.randomUUID(),
    username,
    firstName,
    lastName,
    email: null,
    employeeId,
    status: 'Active',
    loginEnabled: false,
    allowSafetyEventDownload: false,
    allowVideoSearchDownload: false,
    cellPhoneCountry: null,
    cellPhoneNumber: null,
    primaryGroupId: groupId,
    groupRoles: [{ groupId, roleId: ROLE_IDS.driver }],
    createdDate: now,
    updatedDate: now,
    lastLoginDate: null,
    isDriver: true,
  };
}
