import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useGroupTree } from '@/api/group-options';
import { groupKey, isWithin } from '@/api/group-tree';
import { useSignedInUsername } from '@/api/runtime-context';
import { currentUserQueryOptions, rolesQueryOptions } from '@/api/users';
import { accessRule, specialRoleIds, type AccessRule } from '@/lib/access-rule';

export interface SignedInAccess {
  /** Null until the signed-in user's roles and the role list are known. */
  rule: AccessRule | null;
  /**
   * Whether the whole group tree is readable (Group Manager). Without it a group below one of the
   * user's own groups cannot be placed, so `rule` answers only for the own groups themselves.
   */
  knowsTree: boolean;
  /** The user's own groups that give write scope (for asking the service what lies below them). */
  ownWriteGroupIds: string[];
}

/** The access rule (docs/access.md) for the signed-in user, as far as it is known. */
export function useAccessRule(): SignedInAccess {
  const username = useSignedInUsername();
  const me = useQuery({ ...currentUserQueryOptions(username ?? ''), enabled: !!username });
  const roles = useQuery(rolesQueryOptions());
  const { tree, limitedToOwnGroups } = useGroupTree();
  const groupRoles = me.data?.groupRoles;
  return useMemo(() => {
    if (!groupRoles || !roles.data) return { rule: null, knowsTree: false, ownWriteGroupIds: [] };
    const knowsTree = !!tree && !limitedToOwnGroups;
    const rule = accessRule(groupRoles, specialRoleIds(roles.data), (groupId, ancestorId) => {
      if (groupKey(groupId) === groupKey(ancestorId)) return true;
      const node = knowsTree ? tree.byKey.get(groupKey(groupId)) : undefined;
      const ancestor = knowsTree ? tree.byKey.get(groupKey(ancestorId)) : undefined;
      return !!node && !!ancestor && isWithin(node, ancestor);
    });
    const ownWriteGroupIds = [
      ...new Set(groupRoles.map((role) => role.groupId).filter((id) => rule.canWriteIn(id))),
    ];
    return { rule, knowsTree, ownWriteGroupIds };
  }, [groupRoles, roles.data, tree, limitedToOwnGroups]);
}
