import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useGroupOptions, useGroupTree } from '@/api/group-options';
import { useAccessRule } from '@/components/use-access-rule';

/** What the overview counts: the whole company, or the one group a user acts in. */
export type OverviewScope =
  { kind: 'pending' } | { kind: 'company' } | { kind: 'group'; groupId: string; name: string };

/**
 * The overview counts what the signed-in user acts in: a user whose write scope covers the whole
 * tree sees the company; one who holds write roles in a single group (a depot's dispatcher) sees
 * that group and its subgroups, named, so the numbers are those of the lists they work in. A user
 * with several such groups, or none (read only), sees the company: one count cannot link to one
 * list filtered to several groups.
 */
export function useOverviewScope(): OverviewScope {
  const { t } = useLingui();
  const { rule, knowsTree, ownWriteGroupIds } = useAccessRule();
  const { tree, isLoading: treeLoading } = useGroupTree();
  const { groupsById } = useGroupOptions();
  return useMemo(() => {
    if (!rule || treeLoading) return { kind: 'pending' };
    const coversCompany =
      knowsTree && !!tree && tree.roots.every((root) => rule.canWriteIn(root.group.id));
    const [only, ...others] = ownWriteGroupIds;
    if (coversCompany || !only || others.length > 0) return { kind: 'company' };
    const name = groupsById.get(only.toLowerCase())?.name ?? t`your group`;
    return { kind: 'group', groupId: only, name };
  }, [rule, knowsTree, tree, treeLoading, ownWriteGroupIds, groupsById, t]);
}
