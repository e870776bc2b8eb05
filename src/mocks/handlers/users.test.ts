import { beforeEach, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../seed/organisation';
import { getDb } from '../state';
import { authHeaders, signInForTest, TEST_API_BASE, TEST_TOKEN_URL } from '../test-helpers';

interface UserBody {
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
  employeeId: string | null;
  status: string;
  groupRoles: { groupId: string; groupName: string | null; roleId: number }[];
  [key: string]: unknown;
}
interface ListBody {
  data: UserBody[];
  metadata: { count: number; limit: number; offset: number };
}
interface ErrorBody {
  error: string;
  message: string | string[];
}

let token: string;
const call = (path: string, init: RequestInit = {}) =>
  fetch(`${TEST_API_BASE}/v1${path}`, {
    ...init,
    headers: authHeaders(token, init.body ? { 'Content-Type': 'application/json' } : {}),
  });
const send = (method: string, path: string, body: unknown) =>
  call(path, { method, body: JSON.stringify(body) });
const list = async (query = '') => (await (await call(`/users${query}`)).json()) as ListBody;

const groupNamed = (name: string) => getDb().groups.find((group) => group.name === name)!;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'John',
  lastName: 'Smith',
  groupRoles: [{ groupId: groupNamed('Portland Depot').id, roleId: ROLE_IDS.driver }],
  ...overrides,
});
/** The body a PUT needs: every field but the password. */
const fullReplacement = (user: UserBody) => ({
  allowVideoSearchDownload: false,
  cellPhoneCountry: '',
  cellPhoneNumber: '',
  email: 'renamed@cascadefreight.com',
  employeeId: user.employeeId ?? '',
  firstName: 'Renamed',
  lastName: user.lastName,
  groupRoles: user.groupRoles.map(({ groupId, roleId }) => ({ groupId, roleId })),
  loginEnabled: false,
  primaryGroupId: user.groupRoles[0]!.groupId,
  status: 'Inactive',
  username: user.username,
});

beforeEach(async () => {
  token = await signInForTest();
});

describe('users: authentication', () => {
  it('answers 401 with an empty text/plain body without a valid token', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not-a-token' }] as Record<
      string,
      string
    >[]) {
      const response = await fetch(`${TEST_API_BASE}/v1/users`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('Content-Type')).toContain('text/plain');
      expect(await response.text()).toBe('');
    }
  });

  it('does not need the Group Manager role', async () => {
    token = await signInForTest('dan.okafor');
    expect((await call('/users?limit=1')).status).toBe(200);
  });
});

describe('GET /users', () => {
  it('returns {data, metadata} with every user, the contract fields and group names', async () => {
    const body = await list();
    expect(body.metadata).toEqual({ count: 50, limit: 10000, offset: 0 });
    expect(body.data).toHaveLength(50);
    const maria = body.data.find((user) => user.username === 'maria.lopez')!;
    expect(Object.keys(maria).sort()).toEqual(
      [
        'allowSafetyEventDownload',
        'allowVideoSearchDownload',
        'cellPhoneCountry',
        'cellPhoneNumber',
        'createdDate',
        'email',
        'employeeId',
        'firstName',
        'groupRoles',
        'lastLoginDate',
        'lastName',
        'loginEnabled',
        'primaryGroupId',
        'status',
        'updatedDate',
        'userId',
        'username',
      ].sort(),
    );
    expect(maria.groupRoles).toContainEqual({
      groupId: groupNamed('Cascade Freight Root').id,
      groupName: 'Cascade Freight Root',
      roleId: 5,
    });
  });

  it('pages by limit and offset while count stays the total', async () => {
    const all = await list();
    const page = await list('?limit=5&offset=10');
    expect(page.metadata).toEqual({ count: 50, limit: 5, offset: 10 });
    expect(page.data.map((user) => user.userId)).toEqual(
      all.data.slice(10, 15).map((user) => user.userId),
    );
    const descending = await list('?order=desc');
    expect(descending.data[0]!.userId).toBe(all.data.at(-1)!.userId);
  });

  it('filters by repeated groupId, includeSubGroups, roleId, status, loginEnabled and searchText', async () => {
    const depot = groupNamed('Portland Depot').id;
    const direct = await list(`?groupId=${depot}`);
    const withSubgroups = await list(`?groupId=${depot}&includeSubGroups=true`);
    expect(direct.data.map((user) => user.username)).toContain('dan.okafor');
    expect(withSubgroups.metadata.count).toBeGreaterThan(direct.metadata.count);
    const seattle = groupNamed('Seattle Depot').id;
    const twoDepots = await list(`?groupId=${depot}&groupId=${seattle}&includeSubGroups=true`);
    expect(twoDepots.metadata.count).toBeGreaterThan(withSubgroups.metadata.count);

    const drivers = await list(`?roleId=${ROLE_IDS.driver}`);
    expect(drivers.metadata.count).toBe(getDb().users.filter((user) => user.isDriver).length);
    const inactive = await list('?status=Inactive');
    expect(inactive.data.every((user) => user.status === 'Inactive')).toBe(true);
    const loginDisabled = await list('?loginEnabled=false');
    expect(loginDisabled.data.every((user) => user.loginEnabled === false)).toBe(true);

    expect((await list('?searchText=okafor')).data.map((user) => user.username)).toEqual([
      'dan.okafor',
    ]);
    expect((await list('?searchText=CF1001')).data.map((user) => user.username)).toEqual([
      'maria.lopez',
    ]);
    expect((await list('?searchText=maria%20lopez')).metadata.count).toBe(1);
  });

  it('rejects bad parameters with a JSON 400', async () => {
    for (const query of [
      `?searchText=${'x'.repeat(101)}`,
      '?groupId=not-a-guid',
      '?limit=0',
      '?order=sideways',
      '?roleId=x',
    ]) {
      const response = await call(`/users${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as ErrorBody).error).toBe('Bad Request');
    }
  });
});

describe('GET /users/{userIdentifier} and /users/roles', () => {
  it('finds a user by ID (either case), username or employee ID', async () => {
    const maria = getDb().users.find((user) => user.username === 'maria.lopez')!;
    for (const path of [
      `/users/${maria.userId.toUpperCase()}`,
      '/users/maria.lopez?searchBy=Username',
      `/users/${maria.employeeId}?searchBy=EmployeeId`,
    ]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(((await response.json()) as UserBody).userId).toBe(maria.userId);
    }
  });

  it('answers 404 for an unknown user and 400 for a malformed identifier', async () => {
    expect((await call(`/users/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call('/users/nobody?searchBy=Username')).status).toBe(404);
    expect((await call('/users/maria.lopez')).status).toBe(400);
    expect((await call('/users/maria.lopez?searchBy=Nickname')).status).toBe(400);
  });

  it('lists the roles as a bare array, not as a user lookup', async () => {
    const roles = (await (await call('/users/roles')).json()) as {
      id: number;
      name: string;
      description: string;
    }[];
    expect(roles.length).toBeGreaterThanOrEqual(8);
    expect(roles).toContainEqual(expect.objectContaining({ id: 5, name: 'Group Manager' }));
    expect(roles.every((role) => role.description.length > 0)).toBe(true);
  });
});

describe('POST /users', () => {
  it('creates a user: 201, Location header, generated username, group names', async () => {
    const response = await send('POST', '/users', newUser({ employeeId: 'E77' }));
    expect(response.status).toBe(201);
    const created = (await response.json()) as UserBody;
    expect(response.headers.get('Location')).toBe(`/users/${created.userId}`);
    expect(created.username).toBe('JohnSmithE77');
    expect(created.status).toBe('Active');
    expect(created.groupRoles[0]!.groupName).toBe('Portland Depot');
    expect((await call(`/users/${created.userId}`)).status).toBe(200);
  });

  it('generates FirstnameLastname, then adds an 8-digit hash on a clash', async () => {
    const first = (await (await send('POST', '/users', newUser())).json()) as UserBody;
    const second = (await (await send('POST', '/users', newUser())).json()) as UserBody;
    expect(first.username).toBe('JohnSmith');
    expect(second.username).toMatch(/^JohnSmith\d{8}$/);
  });

  it('answers 409 for a username that is taken, in any case', async () => {
    const response = await send('POST', '/users', newUser({ username: 'Maria.Lopez' }));
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).message).toMatch(/already in use/);
  });

  it('lists every missing required field, and names unknown fields', async () => {
    const missing = await send('POST', '/users', { email: 'x@y.com' });
    expect(missing.status).toBe(400);
    expect((await missing.json()) as ErrorBody).toEqual({
      error: 'Bad Request',
      message: [
        'The firstName field is required.',
        'The lastName field is required.',
        'The groupRoles field is required.',
      ],
    });
    const unknownField = await send('POST', '/users', newUser({ nickname: 'Johnny' }));
    expect(unknownField.status).toBe(400);
    expect(((await unknownField.json()) as ErrorBody).message).toEqual([
      "The field 'nickname' is not allowed.",
    ]);
  });

  it('rejects an unknown group, an incomplete group role and login without a password', async () => {
    const cases = [
      newUser({ groupRoles: [{ groupId: crypto.randomUUID(), roleId: 6 }] }),
      newUser({ groupRoles: [{ groupId: groupNamed('Portland Depot').id }] }),
      newUser({
        groupRoles: [
          { groupId: groupNamed('Portland Depot').id, roleId: 6, groupName: 'Portland Depot' },
        ],
      }),
      newUser({ loginEnabled: true }),
      newUser({ cellPhoneCountry: 'US' }),
    ];
    for (const body of cases) {
      const response = await send('POST', '/users', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('lets a user created with a password sign in', async () => {
    await send(
      'POST',
      '/users',
      newUser({ username: 'j.smith', loginEnabled: true, password: 'Sturdy-Pass-9' }),
    );
    const response = await fetch(TEST_TOKEN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'j.smith', password: 'Sturdy-Pass-9' }),
    });
    expect(response.status).toBe(200);
  });
});

describe('PUT /users/{userId}', () => {
  const someDriver = async () => (await list(`?roleId=${ROLE_IDS.driver}&limit=1`)).data[0]!;

  it('replaces the user', async () => {
    const driver = await someDriver();
    const response = await send('PUT', `/users/${driver.userId}`, fullReplacement(driver));
    expect(response.status).toBe(200);
    const updated = (await response.json()) as UserBody;
    expect(updated).toMatchObject({
      firstName: 'Renamed',
      status: 'Inactive',
      email: 'renamed@cascadefreight.com',
    });
    expect(Date.parse(updated.updatedDate as string)).toBeGreaterThan(Date.now() - 5_000);
  });

  it('lists the missing fields, since every field but the password is required', async () => {
    const driver = await someDriver();
    const { status: _status, groupRoles: _groupRoles, ...partial } = fullReplacement(driver);
    const response = await send('PUT', `/users/${driver.userId}`, partial);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toEqual([
      'The groupRoles field is required.',
      'The status field is required.',
    ]);
  });

  it('refuses null where the edit request declares a string, and keeps an empty string as none', async () => {
    const driver = await someDriver();
    const withNulls = await send('PUT', `/users/${driver.userId}`, {
      ...fullReplacement(driver),
      cellPhoneCountry: null,
      cellPhoneNumber: null,
    });
    expect(withNulls.status).toBe(400);
    expect(((await withNulls.json()) as ErrorBody).message).toEqual([
      'The cellPhoneCountry field must not be null.',
      'The cellPhoneNumber field must not be null.',
    ]);
    const cleared = await send('PUT', `/users/${driver.userId}`, {
      ...fullReplacement(driver),
      employeeId: '',
    });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({
      cellPhoneCountry: null,
      cellPhoneNumber: null,
      employeeId: null,
    });
  });

  it('answers 404 for an unknown user, 400 for a non-GUID and 409 for a taken username', async () => {
    const driver = await someDriver();
    expect(
      (await send('PUT', `/users/${crypto.randomUUID()}`, fullReplacement(driver))).status,
    ).toBe(404);
    expect((await send('PUT', '/users/maria.lopez', fullReplacement(driver))).status).toBe(400);
    const clash = await send('PUT', `/users/${driver.userId}`, {
      ...fullReplacement(driver),
      username: 'dan.okafor',
    });
    expect(clash.status).toBe(409);
  });
});

describe('PATCH /users/{userId}/groupRoles', () => {
  const dan = () => getDb().users.find((user) => user.username === 'dan.okafor')!;

  it('adds and removes roles (either op case) and returns the resulting set as {groupId, roleId}', async () => {
    const seattle = groupNamed('Seattle Depot');
    const portland = groupNamed('Portland Depot');
    const response = await send('PATCH', `/users/${dan().userId}/groupRoles`, [
      { op: 'Add', path: '/roles', value: { groupId: seattle.id, roleId: ROLE_IDS.dispatcher } },
      { op: 'add', path: '/roles', value: { groupId: portland.id, roleId: ROLE_IDS.readOnly } },
      { op: 'remove', path: `/groups/${portland.id}/roles/${ROLE_IDS.dispatcher}` },
    ]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      userId: dan().userId,
      groupRoles: [
        { groupId: seattle.id, roleId: ROLE_IDS.dispatcher },
        { groupId: portland.id, roleId: ROLE_IDS.readOnly },
      ],
    });
    expect(dan().groupRoles).toHaveLength(2);
  });

  it('rejects malformed operations without applying any of them', async () => {
    const portland = groupNamed('Portland Depot');
    const before = structuredClone(dan().groupRoles);
    const cases: unknown[] = [
      [],
      { op: 'add', path: '/roles', value: { groupId: portland.id, roleId: 3 } },
      [{ op: 'replace', path: '/roles', value: { groupId: portland.id, roleId: 3 } }],
      [{ op: 'add', path: '/groups', value: { groupId: portland.id, roleId: 3 } }],
      [{ op: 'add', path: '/roles', value: { groupId: crypto.randomUUID(), roleId: 3 } }],
      [
        { op: 'add', path: '/roles', value: { groupId: portland.id, roleId: 3 } },
        { op: 'remove', path: '/groups/x/roles/7' },
      ],
      [{ op: 'remove', path: `/groups/${portland.id}/roles/${ROLE_IDS.dispatcher}` }],
    ];
    for (const body of cases) {
      const response = await send('PATCH', `/users/${dan().userId}/groupRoles`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof ((await response.json()) as ErrorBody).message).toBe('string');
    }
    expect(dan().groupRoles).toEqual(before);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await send('PATCH', `/users/${crypto.randomUUID()}/groupRoles`, [
      { op: 'remove', path: `/groups/${crypto.randomUUID()}/roles/6` },
    ]);
    expect(response.status).toBe(404);
  });
});

describe('role grants: only roles the caller holds, in the caller’s groups', () => {
  const root = () => getDb().groups.find((group) => group.mandatory)!;
  const userNamed = (username: string) => getDb().users.find((user) => user.username === username)!;

  beforeEach(async () => {
    token = await signInForTest('dan.okafor');
  });

  it('refuses a dispatcher giving himself Group Manager or Administrator, even in his own group', async () => {
    const dan = userNamed('dan.okafor');
    const portland = groupNamed('Portland Depot');
    const before = structuredClone(dan.groupRoles);
    for (const roleId of [ROLE_IDS.groupManager, ROLE_IDS.administrator]) {
      for (const groupId of [portland.id, root().id]) {
        const patch = await send('PATCH', `/users/${dan.userId}/groupRoles`, [
          { op: 'add', path: '/roles', value: { groupId, roleId } },
        ]);
        expect(patch.status, `PATCH role ${roleId}`).toBe(403);
        expect(await patch.text()).toBe('');
      }
      const put = await send('PUT', `/users/${dan.userId}`, {
        ...fullReplacement((await (await call(`/users/${dan.userId}`)).json()) as UserBody),
        groupRoles: [...before, { groupId: portland.id, roleId }],
      });
      expect(put.status, `PUT role ${roleId}`).toBe(403);
    }
    expect(userNamed('dan.okafor').groupRoles).toEqual(before);
  });

  it('refuses creating a user with a role at the root group, or with a role he does not hold', async () => {
    const count = getDb().users.length;
    const cases = [
      { groupId: root().id, roleId: ROLE_IDS.groupManager },
      { groupId: root().id, roleId: ROLE_IDS.driver },
      { groupId: groupNamed('Seattle Depot').id, roleId: ROLE_IDS.dispatcher },
      { groupId: groupNamed('Portland Depot').id, roleId: ROLE_IDS.safetyManager },
    ];
    for (const role of cases) {
      const response = await send('POST', '/users', newUser({ groupRoles: [role] }));
      expect(response.status, JSON.stringify(role)).toBe(403);
    }
    expect(getDb().users).toHaveLength(count);
  });

  it('lets him add drivers and dispatchers in his depot and its subgroups', async () => {
    const portland = groupNamed('Portland Depot');
    const team = getDb().groups.find((group) => group.parentId === portland.id)!;
    const response = await send(
      'POST',
      '/users',
      newUser({
        groupRoles: [
          { groupId: team.id, roleId: ROLE_IDS.driver },
          { groupId: portland.id, roleId: ROLE_IDS.dispatcher },
        ],
      }),
    );
    expect(response.status).toBe(201);
  });

  it('lets a Group Manager of his depot grant Group Manager in its subgroups, not outside it', async () => {
    const portland = groupNamed('Portland Depot');
    const seattle = groupNamed('Seattle Depot');
    const team = getDb().groups.find((group) => group.parentId === portland.id)!;
    userNamed('dan.okafor').groupRoles.push({
      groupId: portland.id,
      roleId: ROLE_IDS.groupManager,
    });
    const grant = (groupId: string) =>
      send('POST', '/users', newUser({ groupRoles: [{ groupId, roleId: ROLE_IDS.groupManager }] }));
    expect((await grant(team.id)).status).toBe(201);
    expect((await grant(seattle.id)).status).toBe(403);
  });

  it('refuses editing or changing the roles of a user who holds roles he cannot grant', async () => {
    const maria = userNamed('maria.lopez');
    const body = (await (await call(`/users/${maria.userId}`)).json()) as UserBody;
    expect((await send('PUT', `/users/${maria.userId}`, fullReplacement(body))).status).toBe(403);
    const patch = await send('PATCH', `/users/${maria.userId}/groupRoles`, [
      { op: 'remove', path: `/groups/${root().id}/roles/${ROLE_IDS.administrator}` },
    ]);
    expect(patch.status).toBe(403);
    expect(userNamed('maria.lopez').groupRoles).toEqual(maria.groupRoles);
  });
});
