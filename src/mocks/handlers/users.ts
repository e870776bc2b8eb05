import { http, HttpResponse } from 'msw';
import { callerAccess } from '../access';
import type { GroupRoleRecord, MockDb, UserRecord } from '../db';
import {
  badRequest,
  conflict,
  forbidden,
  groupAndDescendantIds,
  isGuid,
  notFound,
  pageByOffset,
  readBoolParam,
  readIntParam,
  readJsonBody,
  sameId,
  withAuth,
} from '../http';
import { ROLE_IDS } from '../seed/organisation';
import { commitDb } from '../state';

const DEFAULT_USER_LIMIT = 10_000;
const USER_STATUSES = ['Active', 'Inactive'] as const;

const createFields = [
  'firstName',
  'lastName',
  'groupRoles',
  'allowVideoSearchDownload',
  'cellPhoneCountry',
  'cellPhoneNumber',
  'email',
  'employeeId',
  'loginEnabled',
  'password',
  'primaryGroupId',
  'username',
] as const;
/** A full replacement: every field of the edit request is required except the password. */
const editFields = [
  'allowVideoSearchDownload',
  'cellPhoneCountry',
  'cellPhoneNumber',
  'email',
  'employeeId',
  'firstName',
  'groupRoles',
  'lastName',
  'loginEnabled',
  'primaryGroupId',
  'status',
  'username',
] as const;

/** Users answers body errors with a list of reasons (the published examples use a string array). */
const invalidBody = (messages: string[]) =>
  HttpResponse.json({ error: 'Bad Request', message: messages }, { status: 400 });

function groupNameLookup(db: MockDb): (groupId: string) => string | null {
  const names = new Map(db.groups.map((group) => [group.id.toLowerCase(), group.name]));
  return (groupId) => names.get(groupId.toLowerCase()) ?? null;
}

function groupRolesResponse(
  roles: readonly GroupRoleRecord[],
  groupName: (id: string) => string | null,
) {
  return roles.map((role) => ({
    groupId: role.groupId,
    groupName: groupName(role.groupId),
    roleId: role.roleId,
  }));
}

function userResponse(user: UserRecord, groupName: (id: string) => string | null) {
  return {
    userId: user.userId,
    allowSafetyEventDownload: user.allowSafetyEventDownload,
    allowVideoSearchDownload: user.allowVideoSearchDownload,
    cellPhoneCountry: user.cellPhoneCountry,
    cellPhoneNumber: user.cellPhoneNumber,
    createdDate: user.createdDate,
    email: user.email,
    employeeId: user.employeeId,
    firstName: user.firstName,
    groupRoles: groupRolesResponse(user.groupRoles, groupName),
    lastLoginDate: user.lastLoginDate,
    lastName: user.lastName,
    loginEnabled: user.loginEnabled,
    primaryGroupId: user.primaryGroupId,
    status: user.status,
    updatedDate: user.updatedDate,
    username: user.username,
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads one `{groupId, roleId}` pair; `where` names it in the error message. */
function readGroupRole(
  db: MockDb,
  value: unknown,
  where: string,
): { ok: true; role: GroupRoleRecord } | { ok: false; message: string } {
  if (!isPlainObject(value))
    return { ok: false, message: `${where} must be an object with groupId and roleId.` };
  const extra = Object.keys(value).filter((key) => key !== 'groupId' && key !== 'roleId');
  if (extra.length > 0)
    return { ok: false, message: `${where} has unknown field(s): ${extra.join(', ')}.` };
  const { groupId, roleId } = value;
  if (!isGuid(typeof groupId === 'string' ? groupId : null))
    return { ok: false, message: `${where}.groupId must be a valid UUID.` };
  if (typeof roleId !== 'number' || !Number.isInteger(roleId))
    return { ok: false, message: `${where}.roleId must be an integer.` };
  const group = db.groups.find((candidate) => sameId(candidate.id, groupId as string));
  if (!group)
    return { ok: false, message: `${where}.groupId: group ${String(groupId)} does not exist.` };
  if (!db.roles.some((role) => role.id === roleId))
    return { ok: false, message: `${where}.roleId: role ${roleId} does not exist.` };
  return { ok: true, role: { groupId: group.id, roleId } };
}

interface UserInput {
  firstName: string;
  lastName: string;
  /** At least one: the first is the primary group when none is named. */
  groupRoles: [GroupRoleRecord, ...GroupRoleRecord[]];
  allowVideoSearchDownload: boolean | null;
  cellPhoneCountry: string | null;
  cellPhoneNumber: string | null;
  email: string | null;
  employeeId: string | null;
  loginEnabled: boolean | null;
  password: string | null;
  primaryGroupId: string | null;
  username: string | null;
  status: string | null;
}

/** Validates a create or edit body against the contract; every problem is reported at once. */
function readUserInput(
  db: MockDb,
  body: unknown,
  mode: 'create' | 'edit',
): { ok: true; input: UserInput } | { ok: false; messages: string[] } {
  if (!isPlainObject(body))
    return { ok: false, messages: ['The request body must be a JSON object.'] };
  const allowed: readonly string[] = mode === 'create' ? createFields : [...editFields, 'password'];
  const messages: string[] = [];
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) messages.push(`The field '${key}' is not allowed.`);
  }
  const required: readonly string[] =
    mode === 'create' ? ['firstName', 'lastName', 'groupRoles'] : editFields;
  for (const key of required) {
    if (!(key in body)) messages.push(`The ${key} field is required.`);
  }
  // The edit request declares every field but the password as a string or boolean, never null
  // (the create request allows null); an empty string is how an edit says "none".
  if (mode === 'edit') {
    for (const key of editFields) {
      if (body[key] === null) messages.push(`The ${key} field must not be null.`);
    }
  }
  if (messages.length > 0) return { ok: false, messages };

  const text = (key: string, maxLength: number): string | null => {
    const value = body[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      messages.push(`The ${key} field must be a string.`);
      return null;
    }
    if (value.length > maxLength)
      messages.push(`The ${key} field must be at most ${maxLength} characters.`);
    return value.trim() || null;
  };
  const flag = (key: string): boolean | null => {
    const value = body[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'boolean') {
      messages.push(`The ${key} field must be true or false.`);
      return null;
    }
    return value;
  };

  const firstName = text('firstName', 50);
  const lastName = text('lastName', 50);
  if (!firstName && !messages.some((message) => message.includes('firstName')))
    messages.push('The firstName field is required.');
  if (!lastName && !messages.some((message) => message.includes('lastName')))
    messages.push('The lastName field is required.');

  const groupRoles: GroupRoleRecord[] = [];
  if (!Array.isArray(body.groupRoles) || body.groupRoles.length === 0) {
    messages.push('The groupRoles field must list at least one {groupId, roleId}.');
  } else {
    body.groupRoles.forEach((value, position) => {
      const read = readGroupRole(db, value, `groupRoles[${position}]`);
      if (!read.ok) messages.push(read.message);
      else if (
        !groupRoles.some(
          (role) => sameId(role.groupId, read.role.groupId) && role.roleId === read.role.roleId,
        )
      ) {
        groupRoles.push(read.role);
      }
    });
  }

  const email = text('email', 254);
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    messages.push('The email field is not a valid email address.');
  const employeeId = text('employeeId', 50);
  const username = text('username', 50);
  if (username !== null && !/^[A-Za-z0-9._@-]+$/.test(username)) {
    messages.push('The username may contain only letters, digits and . _ @ -.');
  }
  const password = text('password', 128);
  if (password !== null && password.length < 8)
    messages.push('The password must be at least 8 characters.');
  const loginEnabled = flag('loginEnabled');
  if (mode === 'create' && loginEnabled && !password)
    messages.push('A password is required when loginEnabled is true.');

  const cellPhoneCountry = text('cellPhoneCountry', 2);
  const cellPhoneNumber = text('cellPhoneNumber', 20);
  if ((cellPhoneCountry === null) !== (cellPhoneNumber === null)) {
    messages.push('The cellPhoneCountry and cellPhoneNumber fields must be given together.');
  }
  if (cellPhoneCountry !== null && cellPhoneCountry !== 'US' && cellPhoneCountry !== 'CA') {
    messages.push('The cellPhoneCountry must be US or CA.');
  }
  if (cellPhoneNumber !== null && !/^\+?[0-9]{10,15}$/.test(cellPhoneNumber)) {
    messages.push('The cellPhoneNumber must be 10 to 15 digits, optionally starting with +.');
  }

  const allowVideoSearchDownload = flag('allowVideoSearchDownload');
  const reviewsVideo = groupRoles.some(
    (role) => role.roleId === ROLE_IDS.videoReviewer || role.roleId === ROLE_IDS.videoReviewerPlus,
  );
  if (allowVideoSearchDownload && !reviewsVideo) {
    messages.push(
      'allowVideoSearchDownload applies only to users with the Video Reviewer or Video Reviewer Plus role.',
    );
  }

  let primaryGroupId = text('primaryGroupId', 36);
  if (primaryGroupId !== null) {
    const group = isGuid(primaryGroupId)
      ? db.groups.find((candidate) => sameId(candidate.id, primaryGroupId))
      : undefined;
    if (!group) messages.push(`The primaryGroupId ${primaryGroupId} is not an existing group.`);
    else primaryGroupId = group.id;
  }

  // An empty status or username in an edit keeps the current value.
  const statusText = mode === 'edit' ? text('status', 20) : null;
  const status =
    statusText === null
      ? null
      : (USER_STATUSES.find((known) => known.toLowerCase() === statusText.toLowerCase()) ?? null);
  if (statusText !== null && !status)
    messages.push(`The status must be one of ${USER_STATUSES.join(', ')}.`);

  const [firstRole, ...otherRoles] = groupRoles;
  // A missing name or role has already put its message on the list.
  if (messages.length > 0 || !firstName || !lastName || !firstRole) return { ok: false, messages };
  return {
    ok: true,
    input: {
      firstName,
      lastName,
      groupRoles: [firstRole, ...otherRoles],
      allowVideoSearchDownload,
      cellPhoneCountry,
      cellPhoneNumber,
      email,
      employeeId,
      loginEnabled,
      password,
      primaryGroupId,
      username,
      status,
    },
  };
}

const isUsernameTaken = (db: MockDb, username: string, exceptUserId?: string) =>
  db.users.some(
    (user) =>
      user.userId !== exceptUserId && user.username.toLowerCase() === username.toLowerCase(),
  );

const isEmployeeIdTaken = (db: MockDb, employeeId: string, exceptUserId?: string) =>
  db.users.some(
    (user) =>
      user.userId !== exceptUserId && user.employeeId?.toLowerCase() === employeeId.toLowerCase(),
  );

/** 8 decimal digits from FNV-1a: stable for the same input, like the service's clash suffix. */
function eightDigitHash(input: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < input.length; index++) {
    hash ^= input.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return String(hash % 100_000_000).padStart(8, '0');
}

/** The contract's rule: FirstnameLastname + EmployeeID, else FirstnameLastname; on a clash + an 8-digit hash. */
function generateUsername(
  db: MockDb,
  firstName: string,
  lastName: string,
  employeeId: string | null,
): string {
  const word = (name: string) =>
    name
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
      .join('');
  const base = word(firstName) + word(lastName);
  const preferred = employeeId ? base + employeeId.replace(/[^A-Za-z0-9]/g, '') : base;
  if (!isUsernameTaken(db, preferred)) return preferred;
  for (let salt = 0; ; salt++) {
    const candidate = base + eightDigitHash(`${base}|${employeeId ?? ''}|${salt}`);
    if (!isUsernameTaken(db, candidate)) return candidate;
  }
}

/** A password given with the user becomes a sign-in the token endpoint accepts. */
function storePassword(db: MockDb, user: UserRecord, password: string | null): void {
  const account = db.accounts.find((candidate) => candidate.userId === user.userId);
  if (account) {
    account.username = user.username;
    if (password) account.password = password;
  } else if (password) {
    db.accounts.push({ userId: user.userId, username: user.username, password });
  }
}

const hasDriverRole = (roles: readonly GroupRoleRecord[]) =>
  roles.some((role) => role.roleId === ROLE_IDS.driver);

/** Reads a repeated query parameter (`?groupId=a&groupId=b`). */
const readList = (url: URL, name: string) =>
  url.searchParams.getAll(name).filter((value) => value !== '');

export const usersHandlers = [
  http.get(
    '*/v1/users/roles',
    withAuth('plain', ({ db }) =>
      HttpResponse.json(
        db.roles.map((role) => ({ id: role.id, name: role.name, description: role.description })),
      ),
    ),
  ),

  http.get(
    '*/v1/users',
    withAuth('plain', ({ db, url }) => {
      const groupIds = readList(url, 'groupId');
      const badGroupId = groupIds.find((id) => !isGuid(id));
      if (badGroupId)
        return badRequest('plain', `The groupId must be a valid UUID: ${badGroupId}.`);
      const roleIdTexts = readList(url, 'roleId');
      const roleIds = roleIdTexts.map(Number);
      if (roleIds.some((id) => !Number.isInteger(id)))
        return badRequest('plain', 'The roleId must be a whole number.');
      const statuses = readList(url, 'status').map((status) => status.toLowerCase());
      const includeSubGroups = readBoolParam(url, 'includeSubGroups', false);
      if (!includeSubGroups.ok) return badRequest('plain', includeSubGroups.message);
      const loginEnabled = readBoolParam(url, 'loginEnabled', false);
      if (!loginEnabled.ok) return badRequest('plain', loginEnabled.message);
      const filterByLogin = url.searchParams.has('loginEnabled');
      const searchText = (url.searchParams.get('searchText') ?? '').trim().toLowerCase();
      if (searchText.length > 100)
        return badRequest('plain', 'The searchText must be at most 100 characters.');
      const limit = readIntParam(url, 'limit', { min: 1, defaultValue: DEFAULT_USER_LIMIT });
      if (!limit.ok) return badRequest('plain', limit.message);
      const offset = readIntParam(url, 'offset', { min: 0, defaultValue: 0 });
      if (!offset.ok) return badRequest('plain', offset.message);
      const order = (url.searchParams.get('order') ?? 'asc').toLowerCase();
      if (order !== 'asc' && order !== 'desc')
        return badRequest('plain', "The order must be either 'asc' or 'desc'.");

      const groupScope = new Set<string>();
      for (const id of groupIds) {
        const ids = includeSubGroups.value ? groupAndDescendantIds(db, id) : new Set([id]);
        for (const scoped of ids) groupScope.add(scoped.toLowerCase());
      }
      const matches = db.users.filter((user) => {
        // A group and a role filter together mean "this role in one of these groups".
        const roleMatches =
          groupScope.size === 0 && roleIds.length === 0
            ? true
            : user.groupRoles.some(
                (role) =>
                  (groupScope.size === 0 || groupScope.has(role.groupId.toLowerCase())) &&
                  (roleIds.length === 0 || roleIds.includes(role.roleId)),
              );
        if (!roleMatches) return false;
        if (statuses.length > 0 && !statuses.includes(user.status.toLowerCase())) return false;
        if (filterByLogin && user.loginEnabled !== loginEnabled.value) return false;
        if (!searchText) return true;
        return [`${user.firstName} ${user.lastName}`, user.username, user.employeeId ?? ''].some(
          (field) => field.toLowerCase().includes(searchText),
        );
      });
      const direction = order === 'asc' ? 1 : -1;
      matches.sort(
        (a, b) =>
          direction *
          (a.lastName.localeCompare(b.lastName) ||
            a.firstName.localeCompare(b.firstName) ||
            a.username.localeCompare(b.username)),
      );
      const groupName = groupNameLookup(db);
      return HttpResponse.json({
        data: pageByOffset(matches, limit.value, offset.value).map((user) =>
          userResponse(user, groupName),
        ),
        metadata: { count: matches.length, limit: limit.value, offset: offset.value },
      });
    }),
  ),

  http.post(
    '*/v1/users',
    withAuth('plain', async ({ db, request, user: caller }) => {
      const read = readUserInput(db, await readJsonBody(request), 'create');
      if (!read.ok) return invalidBody(read.messages);
      const { input } = read;
      const access = callerAccess(db, caller);
      if (!input.groupRoles.every(access.canGrant))
        return forbidden('plain', 'A role outside your own roles and groups cannot be granted.');
      if (input.primaryGroupId && !access.canWriteIn(input.primaryGroupId))
        return forbidden('plain', 'The primary group is outside your groups.');
      if (input.username && isUsernameTaken(db, input.username)) {
        return conflict('plain', `The username ${input.username} is already in use.`);
      }
      if (input.employeeId && isEmployeeIdTaken(db, input.employeeId)) {
        return conflict('plain', `The employeeId ${input.employeeId} is already in use.`);
      }
      const now = new Date().toISOString();
      const user: UserRecord = {
        userId: crypto.randomUUID(),
        username:
          input.username ?? generateUsername(db, input.firstName, input.lastName, input.employeeId),
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        employeeId: input.employeeId,
        status: 'Active',
        loginEnabled: input.loginEnabled ?? false,
        allowSafetyEventDownload: false,
        allowVideoSearchDownload: input.allowVideoSearchDownload ?? false,
        cellPhoneCountry: input.cellPhoneCountry,
        cellPhoneNumber: input.cellPhoneNumber,
        primaryGroupId: input.primaryGroupId ?? input.groupRoles[0].groupId,
        groupRoles: input.groupRoles,
        createdDate: now,
        updatedDate: now,
        lastLoginDate: null,
        isDriver: hasDriverRole(input.groupRoles),
      };
      db.users.push(user);
      storePassword(db, user, input.password);
      commitDb();
      return HttpResponse.json(userResponse(user, groupNameLookup(db)), {
        status: 201,
        headers: { Location: `/users/${user.userId}` },
      });
    }),
  ),

  http.get<{ userIdentifier: string }>(
    '*/v1/users/:userIdentifier',
    withAuth<{ userIdentifier: string }>('plain', ({ db, url, params }) => {
      const identifier = params.userIdentifier;
      if (identifier.length < 1 || identifier.length > 50) {
        return badRequest('plain', 'The userIdentifier must be 1-50 characters.');
      }
      const searchByText = url.searchParams.get('searchBy') ?? 'UserId';
      const searchBy = (['UserId', 'Username', 'EmployeeId'] as const).find(
        (option) => option.toLowerCase() === searchByText.toLowerCase(),
      );
      if (!searchBy)
        return badRequest('plain', 'The searchBy must be one of UserId, Username, EmployeeId.');
      if (searchBy === 'UserId' && !isGuid(identifier))
        return badRequest('plain', 'The UserId must be a valid UUID.');
      const wanted = identifier.toLowerCase();
      const user = db.users.find((candidate) => {
        if (searchBy === 'UserId') return candidate.userId.toLowerCase() === wanted;
        if (searchBy === 'Username') return candidate.username.toLowerCase() === wanted;
        return candidate.employeeId?.toLowerCase() === wanted;
      });
      if (!user) return notFound('plain', `No user found with ${searchBy} ${identifier}.`);
      return HttpResponse.json(userResponse(user, groupNameLookup(db)));
    }),
  ),

  http.put<{ userId: string }>(
    '*/v1/users/:userId',
    withAuth<{ userId: string }>('plain', async ({ db, request, params, user: caller }) => {
      if (!isGuid(params.userId)) return badRequest('plain', 'The userId must be a valid UUID.');
      const user = db.users.find((candidate) => sameId(candidate.userId, params.userId));
      if (!user) return notFound('plain', `No user found with UserId ${params.userId}.`);
      const access = callerAccess(db, caller);
      if (!access.canManage(user.groupRoles))
        return forbidden('plain', 'This user holds roles you cannot grant.');
      const read = readUserInput(db, await readJsonBody(request), 'edit');
      if (!read.ok) return invalidBody(read.messages);
      const { input } = read;
      if (!input.groupRoles.every(access.canGrant))
        return forbidden('plain', 'A role outside your own roles and groups cannot be granted.');
      if (
        input.primaryGroupId &&
        !sameId(input.primaryGroupId, user.primaryGroupId) &&
        !access.canWriteIn(input.primaryGroupId)
      )
        return forbidden('plain', 'The primary group is outside your groups.');
      const username = input.username || user.username;
      if (isUsernameTaken(db, username, user.userId))
        return conflict('plain', `The username ${username} is already in use.`);
      if (input.employeeId && isEmployeeIdTaken(db, input.employeeId, user.userId)) {
        return conflict('plain', `The employeeId ${input.employeeId} is already in use.`);
      }
      Object.assign(user, {
        username,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        employeeId: input.employeeId,
        status: input.status ?? user.status,
        loginEnabled: input.loginEnabled ?? false,
        allowVideoSearchDownload: input.allowVideoSearchDownload ?? false,
        cellPhoneCountry: input.cellPhoneCountry,
        cellPhoneNumber: input.cellPhoneNumber,
        primaryGroupId: input.primaryGroupId ?? input.groupRoles[0].groupId,
        groupRoles: input.groupRoles,
        updatedDate: new Date().toISOString(),
        isDriver: hasDriverRole(input.groupRoles),
      } satisfies Partial<UserRecord>);
      storePassword(db, user, input.password);
      commitDb();
      return HttpResponse.json(userResponse(user, groupNameLookup(db)));
    }),
  ),

  http.patch<{ userId: string }>(
    '*/v1/users/:userId/groupRoles',
    withAuth<{ userId: string }>('plain', async ({ db, request, params, user: caller }) => {
      if (!isGuid(params.userId)) return badRequest('plain', 'The userId must be a valid UUID.');
      const user = db.users.find((candidate) => sameId(candidate.userId, params.userId));
      if (!user) return notFound('plain', `No user found with UserId ${params.userId}.`);
      const access = callerAccess(db, caller);
      if (!access.canManage(user.groupRoles))
        return forbidden('plain', 'This user holds roles you cannot grant.');
      const body = await readJsonBody(request);
      if (!Array.isArray(body) || body.length === 0) {
        return badRequest(
          'plain',
          'The request body must be a non-empty array of add/remove operations.',
        );
      }
      const roles = [...user.groupRoles];
      const messages: string[] = [];
      /** Roles added or removed: each must be one the caller may grant. */
      const touched: GroupRoleRecord[] = [];
      body.forEach((operation: unknown, position) => {
        const where = `Operation ${position}`;
        if (!isPlainObject(operation))
          return messages.push(`${where} must be an object with op and path.`);
        const extra = Object.keys(operation).filter(
          (key) => !['op', 'path', 'value'].includes(key),
        );
        if (extra.length > 0)
          return messages.push(`${where} has unknown field(s): ${extra.join(', ')}.`);
        const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
        const path = typeof operation.path === 'string' ? operation.path : '';
        if (op === 'add') {
          if (path.toLowerCase() !== '/roles')
            return messages.push(`${where}: an add must use the path /roles.`);
          const read = readGroupRole(db, operation.value, `${where} value`);
          if (!read.ok) return messages.push(read.message);
          touched.push(read.role);
          const held = roles.some(
            (role) => sameId(role.groupId, read.role.groupId) && role.roleId === read.role.roleId,
          );
          if (!held) roles.push(read.role);
          return;
        }
        if (op === 'remove') {
          const match = /^\/groups\/([^/]+)\/roles\/([^/]+)$/i.exec(path);
          if (!match)
            return messages.push(
              `${where}: a remove must use the path /groups/{groupId}/roles/{roleId}.`,
            );
          if (operation.value !== undefined && operation.value !== null) {
            return messages.push(`${where}: a remove takes no value.`);
          }
          const [, groupId, roleIdText] = match;
          if (!groupId || !isGuid(groupId))
            return messages.push(`${where}: the groupId in the path must be a valid UUID.`);
          const roleId = Number(roleIdText);
          if (!Number.isInteger(roleId))
            return messages.push(`${where}: the roleId in the path must be an integer.`);
          touched.push({ groupId, roleId });
          const index = roles.findIndex(
            (role) => sameId(role.groupId, groupId) && role.roleId === roleId,
          );
          // Removing a role the user no longer holds is a no-op, so a retried request still succeeds.
          if (index >= 0) roles.splice(index, 1);
          return;
        }
        return messages.push(`${where}: op must be add or remove.`);
      });
      if (messages.length > 0) return badRequest('plain', messages.join(' '));
      if (!touched.every(access.canGrant))
        return forbidden('plain', 'A role outside your own roles and groups cannot be changed.');
      if (roles.length === 0)
        return badRequest('plain', 'A user must keep at least one group role.');
      user.groupRoles = roles;
      user.isDriver = hasDriverRole(roles);
      user.updatedDate = new Date().toISOString();
      commitDb();
      // PatchResponse's GroupRole is exactly {groupId, roleId}: no group names here (unlike GET).
      return HttpResponse.json({
        userId: user.userId,
        groupRoles: roles.map(({ groupId, roleId }) => ({ groupId, roleId })),
      });
    }),
  ),
];
