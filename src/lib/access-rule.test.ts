import { describe, expect, it } from 'vitest';
import { accessRule, specialRoleIds } from './access-rule';

const roles = [
  { id: 1, name: 'Administrator' },
  { id: 3, name: 'Coach' },
  { id: 5, name: 'Group Manager' },
  { id: 6, name: 'Driver' },
  { id: 7, name: 'Dispatcher' },
  { id: 8, name: 'Read Only' },
];
const special = specialRoleIds(roles);
/** root › depot › team, and a second depot beside the first. */
const parents: Record<string, string | null> = {
  root: null,
  depot: 'root',
  team: 'depot',
  other: 'root',
};
const isWithin = (groupId: string, ancestorId: string) => {
  for (let at: string | null = groupId; at; at = parents[at] ?? null) {
    if (at === ancestorId) return true;
  }
  return false;
};

describe('accessRule', () => {
  it('finds the special roles by name', () => {
    expect(special).toEqual({ administrator: 1, groupManager: 5, driver: 6, readOnly: 8 });
  });

  it('lets a dispatcher write in his depot and below, and grant only Dispatcher and Driver there', () => {
    const rule = accessRule([{ groupId: 'depot', roleId: 7 }], special, isWithin);
    expect(['root', 'depot', 'team', 'other'].filter(rule.canWriteIn)).toEqual(['depot', 'team']);
    expect(rule.canGrant({ groupId: 'team', roleId: 6 })).toBe(true);
    expect(rule.canGrant({ groupId: 'team', roleId: 7 })).toBe(true);
    for (const roleId of [1, 3, 5, 8])
      expect(rule.canGrant({ groupId: 'depot', roleId }), `role ${roleId}`).toBe(false);
    expect(rule.canGrant({ groupId: 'root', roleId: 6 })).toBe(false);
    expect(rule.canManage([{ groupId: 'team', roleId: 6 }])).toBe(true);
    expect(rule.canManage([{ groupId: 'root', roleId: 1 }])).toBe(false);
  });

  it('lets an Administrator grant every role but Group Manager, which only its holders grant', () => {
    const admin = accessRule([{ groupId: 'depot', roleId: 1 }], special, isWithin);
    expect([1, 3, 6, 7, 8].every((roleId) => admin.canGrant({ groupId: 'team', roleId }))).toBe(
      true,
    );
    expect(admin.canGrant({ groupId: 'team', roleId: 5 })).toBe(false);
    const manager = accessRule(
      [
        { groupId: 'root', roleId: 1 },
        { groupId: 'root', roleId: 5 },
      ],
      special,
      isWithin,
    );
    expect(manager.canGrant({ groupId: 'other', roleId: 5 })).toBe(true);
  });

  it('lets a Group Manager of a depot grant the roles he holds there in its subgroups too', () => {
    const rule = accessRule(
      [
        { groupId: 'depot', roleId: 5 },
        { groupId: 'depot', roleId: 7 },
      ],
      special,
      isWithin,
    );
    for (const roleId of [5, 6, 7]) {
      expect(rule.canGrant({ groupId: 'team', roleId }), `role ${roleId}`).toBe(true);
      expect(rule.canGrant({ groupId: 'other', roleId }), `role ${roleId}`).toBe(false);
    }
    expect(rule.canGrant({ groupId: 'team', roleId: 1 })).toBe(false);
  });

  it('gives Read Only and Driver roles no write scope', () => {
    const rule = accessRule(
      [
        { groupId: 'depot', roleId: 8 },
        { groupId: 'other', roleId: 6 },
      ],
      special,
      isWithin,
    );
    expect(['root', 'depot', 'team', 'other'].some(rule.canWriteIn)).toBe(false);
    expect(rule.canGrant({ groupId: 'other', roleId: 6 })).toBe(false);
  });
});
