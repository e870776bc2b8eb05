import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  rowsToSend,
  runBulkAction,
  runBulkUndo,
  undoableItems,
  type BulkAction,
} from '@/api/bulk-action';
import { getUser, listRoles, listUsers, updateUser, type User } from '@/api/users';
import { mockServer } from '@/mocks/node';
import { getDb } from '@/mocks/state';
import { signInForTest } from '@/mocks/test-helpers';
import { configureTestApiClient } from '@/test/test-client';
import { createUserBulkActions } from './user-bulk-actions';
import { userProfileFromUser, userReplacementRequest } from './user-profile-fields';

const COACH = 3;
const DRIVER = 6;
const noWait = { sleep: async () => {}, heldUntil: () => null };

let actions: Record<string, BulkAction<User>>;
let groupNames: Map<string, string>;

async function signInAndCreateActions(username = 'maria.lopez') {
  const accessToken = await signInForTest(username);
  configureTestApiClient({ getAccessToken: () => accessToken });
  groupNames = new Map(getDb().groups.map((group) => [group.id.toLowerCase(), group.name]));
  const roles = await listRoles();
  const created = createUserBulkActions({
    roleOptions: roles.map((role) => ({ value: String(role.id), label: role.name ?? '' })),
    groupLabel: (groupId) => groupNames.get(groupId.toLowerCase()) ?? groupId,
    signedInUsername: username,
  });
  actions = Object.fromEntries(created.map((action) => [action.id, action]));
}

beforeEach(() => signInAndCreateActions());

async function allUsers(): Promise<User[]> {
  return (await listUsers({ page: { pageIndex: 0, pageSize: 500 } })).items;
}

/** Drivers hold exactly one role: the Driver role in their home group. */
async function drivers(count: number): Promise<User[]> {
  return (await allUsers())
    .filter((user) => user.groupRoles?.length === 1 && user.groupRoles[0]!.roleId === DRIVER)
    .slice(0, count);
}

const roleSet = (user: User) =>
  (user.groupRoles ?? []).map((role) => `${role.groupId.toLowerCase()}|${role.roleId}`).sort();

/** The bodies of the write requests the fake service receives while `work` runs. */
async function writeBodiesDuring(work: () => Promise<unknown>): Promise<unknown[]> {
  const bodies: Promise<unknown>[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method !== 'GET') bodies.push(request.clone().json());
  };
  mockServer.events.on('request:start', listener);
  try {
    await work();
  } finally {
    mockServer.events.removeListener('request:start', listener);
  }
  return Promise.all(bodies);
}

describe('user bulk actions against the demo service', () => {
  it('add a role: previews, PATCHes one add per user, and undo takes the role away again', async () => {
    const action = actions['user-add-group-role']!;
    const [withoutIt, alreadyCoach] = await drivers(2);
    const groupId = withoutIt!.groupRoles![0]!.groupId;
    const groupName = groupNames.get(groupId.toLowerCase())!;
    const coachThere = {
      ...alreadyCoach!,
      groupRoles: [...alreadyCoach!.groupRoles!, { groupId, roleId: COACH }],
    };
    const params = { groupId, roleId: String(COACH) };

    expect(action.validate?.({ groupId, roleId: null })).toBe('Choose a group and a role.');
    const lines = action.preview([withoutIt!, coachThere], params);
    expect(lines.map(({ change, willSend }) => [change, willSend])).toEqual([
      [`Add Coach in ${groupName}`, true],
      [`Already has Coach in ${groupName}: nothing to send`, false],
    ]);

    let report: Awaited<ReturnType<typeof runBulkAction<User, unknown, unknown>>> = [];
    const bodies = await writeBodiesDuring(async () => {
      report = await runBulkAction(action, rowsToSend(lines), params, noWait);
    });
    expect(bodies).toEqual([[{ op: 'add', path: '/roles', value: { groupId, roleId: COACH } }]]);
    expect(report[0]).toMatchObject({
      status: 'done',
      value: { summary: `Added Coach in ${groupName}` },
    });
    expect(roleSet(await getUser(withoutIt!.userId))).toHaveLength(2);

    const undone = await runBulkUndo(action, undoableItems(report), noWait);
    expect(undone[0]).toMatchObject({ status: 'done', value: `Took away Coach in ${groupName}` });
    expect(roleSet(await getUser(withoutIt!.userId))).toEqual(roleSet(withoutIt!));
  });

  it('remove a role: never takes a user’s only role, and undo gives a removed role back', async () => {
    const action = actions['user-remove-group-role']!;
    const [onlyDriver, twoRoles] = await drivers(2);
    const driverRole = onlyDriver!.groupRoles![0]!;
    const groupName = groupNames.get(driverRole.groupId.toLowerCase())!;
    const params = { groupId: driverRole.groupId, roleId: String(DRIVER) };
    // Give the second driver a Coach role first, so the Driver role is not their only one.
    const coachRole = { groupId: twoRoles!.groupRoles![0]!.groupId, roleId: COACH };
    const addCoach = actions['user-add-group-role']!;
    await runBulkAction(addCoach, [twoRoles!], { ...coachRole, roleId: String(COACH) }, noWait);
    const twoRolesNow = await getUser(twoRoles!.userId);
    const secondParams = { groupId: twoRoles!.groupRoles![0]!.groupId, roleId: String(DRIVER) };

    expect(action.preview([onlyDriver!], params)[0]).toMatchObject({
      change: `Driver in ${groupName} is their only role, and a user needs at least one: not sent`,
      willSend: false,
    });
    const refused = await runBulkAction(action, [onlyDriver!], params, noWait);
    expect(refused[0]).toMatchObject({
      status: 'failed',
      message: `Driver in ${groupName} is their only role, and a user needs at least one: nothing sent.`,
    });

    const report = await runBulkAction(action, [twoRolesNow], secondParams, noWait);
    expect(report[0]).toMatchObject({ status: 'done' });
    expect(roleSet(await getUser(twoRoles!.userId))).toHaveLength(1);
    const undone = await runBulkUndo(action, undoableItems(report), noWait);
    expect(undone[0]!.status).toBe('done');
    expect(roleSet(await getUser(twoRoles!.userId))).toEqual(roleSet(twoRolesNow));
  });

  it('deactivate: PUTs the whole user with the new status and sign-in off, spares the signed-in account, and undo restores both', async () => {
    const action = actions['user-deactivate']!;
    const everyone = await allUsers();
    const me = everyone.find((user) => user.username === 'maria.lopez')!;
    const driver = (await drivers(Infinity)).find(
      (user) => user.status === 'Active' && user.loginEnabled,
    );
    const before = await getUser(driver!.userId);

    const lines = action.preview([me, driver!], null);
    expect(lines.map(({ change, willSend }) => [change, willSend])).toEqual([
      ['Your own account: deactivating it would sign you out for good: not sent', false],
      ['Status Active → Inactive, sign-in off', true],
    ]);
    expect((await runBulkAction(action, [me], null, noWait))[0]!.status).toBe('failed');

    let report: Awaited<ReturnType<typeof runBulkAction<User, unknown, unknown>>> = [];
    const bodies = await writeBodiesDuring(async () => {
      report = await runBulkAction(action, rowsToSend(lines), null, noWait);
    });
    expect(bodies).toEqual([
      userReplacementRequest(
        { ...userProfileFromUser(before), status: 'Inactive', loginEnabled: false },
        before,
        new Set(),
      ),
    ]);
    // The edit request declares no field nullable.
    expect(JSON.stringify(bodies)).not.toContain('null');
    expect(report[0]).toMatchObject({
      status: 'done',
      value: {
        summary: 'Status Active → Inactive, sign-in off',
        undo: { previousStatus: 'Active', previousLoginEnabled: true },
      },
    });
    const after = await getUser(driver!.userId);
    expect({ ...after, updatedDate: null }).toEqual({
      ...before,
      status: 'Inactive',
      loginEnabled: false,
      updatedDate: null,
    });

    const undone = await runBulkUndo(action, undoableItems(report), noWait);
    expect(undone[0]).toMatchObject({ status: 'done', value: 'Status back to Active, sign-in on' });
    const restored = await getUser(driver!.userId);
    expect([restored.status, restored.loginEnabled]).toEqual(['Active', true]);
  });

  it('undo of a deactivation sends nothing when someone reactivated the user meanwhile', async () => {
    const action = actions['user-deactivate']!;
    const [driver] = await drivers(1);
    const report = await runBulkAction(action, [driver!], null, noWait);
    const fresh = await getUser(driver!.userId);
    await updateUser(
      fresh.userId,
      userReplacementRequest({ ...userProfileFromUser(fresh), status: 'Active' }, fresh, new Set()),
    );
    const undone = await runBulkUndo(action, undoableItems(report), noWait);
    expect(undone[0]).toMatchObject({ status: 'done', value: 'Already Active: nothing sent' });
  });

  it('reports every item failed when the service refuses the session', async () => {
    const [driver] = await drivers(1);
    configureTestApiClient({ getAccessToken: () => 'not-a-token' });
    const report = await runBulkAction(actions['user-deactivate']!, [driver!], null, noWait);
    expect(report[0]).toMatchObject({
      status: 'failed',
      message: 'Your session is no longer valid. Sign in again.',
    });
  });

  it('deactivate and its undo send nothing when the service’s answer leaves fields out, so none is cleared', async () => {
    const action = actions['user-deactivate']!;
    const [driver] = await drivers(1);
    const before = await getUser(driver!.userId);
    expect(before.email).toBeTruthy();
    expect(before.employeeId).toBeTruthy();
    // As a service does for fields the caller may not see: the key is gone, not null.
    const leaveOutContact = async () => {
      const { email: _email, employeeId: _employeeId, ...rest } = await getUser(driver!.userId);
      mockServer.use(http.get(`*/v1/users/${driver!.userId}`, () => HttpResponse.json(rest)));
    };
    const refusal =
      "The service's answer left out Employee ID and Email. Saving a user replaces every field, " +
      'so it would clear them: nothing was sent.';

    await leaveOutContact();
    let report: Awaited<ReturnType<typeof runBulkAction<User, unknown, unknown>>> = [];
    const bodies = await writeBodiesDuring(async () => {
      report = await runBulkAction(action, [driver!], null, noWait);
    });
    expect(bodies).toEqual([]);
    expect(report[0]).toMatchObject({ status: 'failed', message: refusal });
    mockServer.resetHandlers();
    expect(await getUser(driver!.userId)).toEqual(before);

    // Done on a full answer; the undo then meets a partial one and refuses too.
    const done = await runBulkAction(action, [driver!], null, noWait);
    expect(done[0]!.status).toBe('done');
    await leaveOutContact();
    const undone = await runBulkUndo(action, undoableItems(done), noWait);
    expect(undone[0]).toMatchObject({ status: 'failed', message: refusal });
    mockServer.resetHandlers();
    const after = await getUser(driver!.userId);
    expect(after).toMatchObject({
      status: 'Inactive',
      email: before.email,
      employeeId: before.employeeId,
    });
  });

  it('a role change sends nothing when the answer leaves out the roles, rather than reading them as none', async () => {
    const [driver] = await drivers(1);
    const before = await getUser(driver!.userId);
    const { groupRoles: _groupRoles, ...partial } = before;
    mockServer.use(http.get(`*/v1/users/${driver!.userId}`, () => HttpResponse.json(partial)));
    const heldRole = before.groupRoles![0]!;
    const params = { groupId: heldRole.groupId, roleId: String(heldRole.roleId) };
    let report: Awaited<ReturnType<typeof runBulkAction<User, unknown, unknown>>> = [];
    const bodies = await writeBodiesDuring(async () => {
      report = await runBulkAction(actions['user-add-group-role']!, [driver!], params, noWait);
    });
    expect(bodies).toEqual([]);
    expect(report[0]).toMatchObject({
      status: 'failed',
      message: "The service's answer left out the user's roles: nothing was sent.",
    });
  });
});
