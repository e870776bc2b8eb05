import { accessRule, specialRoleIds, type AccessRule } from '@/lib/access-rule';
import type { MockDb, UserRecord } from './db';
import { groupAndDescendantIds } from './http';

export type CallerAccess = AccessRule;

/** The service's side of the access rule (src/lib/access-rule.ts), over the whole group tree. */
export function callerAccess(db: MockDb, caller: UserRecord): CallerAccess {
  const subtrees = new Map<string, Set<string>>();
  const subtreeOf = (groupId: string) => {
    const key = groupId.toLowerCase();
    let ids = subtrees.get(key);
    if (!ids) {
      ids = new Set([...groupAndDescendantIds(db, groupId)].map((id) => id.toLowerCase()));
      subtrees.set(key, ids);
    }
    return ids;
  };
  return accessRule(caller.groupRoles, specialRoleIds(db.roles), (groupId, ancestorId) =>
    subtreeOf(ancestorId).has(groupId.toLowerCase()),
  );
}
