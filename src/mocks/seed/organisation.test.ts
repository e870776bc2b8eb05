import { describe, expect, it } from 'vitest';
import { demoAccounts } from '@/config/demo-accounts';
import { emptyDb } from '../db';
import { indexGroups } from '../group-tree';
import { GROUP_MANAGER_ROLE_ID } from '../http';
import { allDepots, depotTeams, rootGroupName } from './company';
import { ROLE_IDS, seedOrganisation, SSO_ONLY_USERNAME } from './organisation';
import { createRandom } from './random';

const day = new Date('2026-03-10T00:00:00Z');

/** Only this area's seed, so the test neither waits for nor depends on the others. */
function seedDb(scale: 1 | 100, anchor: Date) {
  const db = emptyDb(scale, 1);
  seedOrganisation({ db, scale, anchor }, createRandom(1001));
  return db;
}

describe('seedOrganisation', () => {
  it('is deterministic for the same day', () => {
    const first = seedDb(1, day);
    const second = seedDb(1, day);
    expect(second.groups).toEqual(first.groups);
    expect(second.users).toEqual(first.users);
    expect(second.auditLogs).toEqual(first.auditLogs);
  });

  it('builds the company tree: one mandatory root, regions, depots, teams and deeper groups', () => {
    const db = seedDb(1, day);
    const roots = db.groups.filter((group) => group.mandatory);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({
      name: rootGroupName,
      parentId: roots[0]!.id,
      rootGroupId: roots[0]!.id,
    });
    const index = indexGroups(db.groups);
    for (const depot of allDepots) {
      const group = db.groups.find((candidate) => candidate.name === depot.groupName)!;
      expect(index.depth(group)).toBe(3);
      expect(index.children(group.id).map((child) => child.name)).toEqual([...depotTeams]);
    }
    expect(Math.max(...db.groups.map((group) => index.depth(group)))).toBeGreaterThanOrEqual(5);
  });

  it('grows to about 5,000 groups and users at scale 100', () => {
    const db = seedDb(100, day);
    expect(db.groups.length).toBeGreaterThan(4_500);
    expect(db.groups.length).toBeLessThan(5_500);
    expect(db.users).toHaveLength(5_000);
    expect(new Set(db.users.map((user) => user.username.toLowerCase())).size).toBe(5_000);
    expect(new Set(db.groups.map((group) => group.id)).size).toBe(db.groups.length);
  });

  it('seeds roles, ~50 mostly-driver users and the demo sign-ins', () => {
    const db = seedDb(1, day);
    expect(ROLE_IDS.groupManager).toBe(GROUP_MANAGER_ROLE_ID);
    expect(db.roles.find((role) => role.id === GROUP_MANAGER_ROLE_ID)?.name).toBe('Group Manager');
    expect(db.users).toHaveLength(50);
    expect(db.users.filter((user) => user.isDriver).length).toBeGreaterThan(30);
    expect(db.users.every((user) => /^CF\d{4}$/.test(user.employeeId ?? ''))).toBe(true);

    const root = db.groups.find((group) => group.mandatory)!;
    const maria = db.users.find((user) => user.username === 'maria.lopez')!;
    expect(maria.groupRoles).toEqual(
      expect.arrayContaining([
        { groupId: root.id, roleId: GROUP_MANAGER_ROLE_ID },
        { groupId: root.id, roleId: ROLE_IDS.administrator },
      ]),
    );
    const dan = db.users.find((user) => user.username === 'dan.okafor')!;
    expect(dan.groupRoles.map((role) => role.roleId)).toEqual([ROLE_IDS.dispatcher]);

    for (const { username, password } of demoAccounts) {
      expect(db.accounts).toContainEqual(expect.objectContaining({ username, password }));
    }
    expect(db.accounts.find((account) => account.username === SSO_ONLY_USERNAME)?.ssoOnly).toBe(
      true,
    );
  });

  it('keeps three weeks of audit history by Group Managers, some of it within the last 7 days', () => {
    const db = seedDb(1, day);
    const managers = new Set(
      db.users
        .filter((user) => user.groupRoles.some((role) => role.roleId === GROUP_MANAGER_ROLE_ID))
        .map((user) => user.userId),
    );
    const times = db.auditLogs.map((entry) => Date.parse(entry.at));
    expect(db.auditLogs.every((entry) => managers.has(entry.actorUserId))).toBe(true);
    expect(Math.max(...times)).toBeLessThan(day.getTime());
    expect(times.filter((time) => time > day.getTime() - 7 * 86_400_000).length).toBeGreaterThan(3);
    expect(new Set(db.auditLogs.map((entry) => entry.action))).toEqual(
      new Set(['CREATE', 'UPDATE', 'MOVE', 'DELETE']),
    );
  });
});
