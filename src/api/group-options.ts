import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { translate } from '@/i18n/translate';
import { compareText } from '@/lib/collate';
import { formatGroupPath } from '@/lib/group-path';
import { isApiError } from './api-error';
import { buildGroupTree, fullPathBelowRoot, groupLabelNames, type GroupTree } from './group-tree';
import { allGroupsQueryOptions, type Group } from './groups';
import { useSignedInUsername } from './runtime-context';
import { currentUserQueryOptions, type GroupRole } from './users';

/*
 * The company's groups as pickers, forms and the groups pages read them. Data, not a widget: it
 * lives beside the group endpoint so components and features both use it without importing a
 * component for it.
 */

export interface GroupOption {
  value: string;
  label: string;
  depth: number;
}

/** "Northwest Region › Portland Depot": the path below the root, readable in a list. */
function groupOptionsFromList(groups: readonly Group[]): GroupOption[] {
  return groups
    .map((group) => {
      const label = formatGroupPath(groupLabelNames(group));
      return { value: group.id, label, depth: fullPathBelowRoot(group).length - 1 };
    })
    .sort((a, b) => compareText(a.label, b.label));
}

/** One tree per fetched list, shared by every picker and page that shows it. */
const treeByGroupList = new WeakMap<readonly Group[], GroupTree>();

function treeOf(groups: readonly Group[]): GroupTree {
  let tree = treeByGroupList.get(groups);
  if (!tree) {
    tree = buildGroupTree(groups);
    treeByGroupList.set(groups, tree);
  }
  return tree;
}

/**
 * The groups a user holds roles in, as flat top-level groups: all the console knows of the tree
 * when the group routes are closed to the user (they need Group Manager).
 */
function groupsFromRoles(roles: readonly GroupRole[]): Group[] {
  const byId = new Map<string, Group>();
  for (const role of roles) {
    const key = role.groupId.toLowerCase();
    if (byId.has(key)) continue;
    const name = role.groupName || translate(msg`Unnamed group`);
    byId.set(key, {
      id: role.groupId,
      name,
      description: null,
      parentId: role.groupId,
      rootGroupId: role.groupId,
      fullPath: encodeURIComponent(name),
      fullPathId: role.groupId,
      revision: 0,
      createdDate: '',
      updatedDate: '',
    });
  }
  return [...byId.values()];
}

/**
 * Every group of the company, or, for a user without Group Manager, the groups of their own roles
 * (from their user record), so forms that need a group can still be finished.
 */
function useGroupList() {
  const query = useQuery(allGroupsQueryOptions());
  const forbidden = isApiError(query.error) && query.error.code === 'FORBIDDEN';
  const username = useSignedInUsername();
  const me = useQuery({
    ...currentUserQueryOptions(username ?? ''),
    enabled: forbidden && !!username,
  });
  const roles = me.data?.groupRoles;
  const ownGroups = useMemo(() => (roles ? groupsFromRoles(roles) : null), [roles]);
  const groups = query.data?.items ?? (forbidden ? ownGroups : null);
  let unavailableReason: string | null = null;
  if (forbidden) {
    if (!username || me.error) unavailableReason = translate(msg`Your groups could not be loaded.`);
    else if (ownGroups?.length === 0)
      unavailableReason = translate(msg`You hold no role in any group.`);
  } else if (query.error) {
    unavailableReason = translate(msg`The group list could not be loaded.`);
  }
  return {
    groups,
    query,
    isLoading: query.isLoading || (forbidden && me.isLoading),
    limitedToOwnGroups: forbidden && !!ownGroups,
    unavailableReason,
  };
}

/** The company's group tree, or why it is not available (the group routes need Group Manager). */
export function useGroupTree() {
  const { groups, query, isLoading, limitedToOwnGroups, unavailableReason } = useGroupList();
  const tree = useMemo(() => (groups ? treeOf(groups) : null), [groups]);
  return { tree, query, isLoading, limitedToOwnGroups, unavailableReason };
}

/** The groups the user may pick from, or why there are none. */
export function useGroupOptions(): {
  options: GroupOption[];
  /** By group ID in lower case. */
  groupsById: Map<string, Group>;
  /** Group ID in lower case → its label ("Northwest Region › Portland Depot"), to name a group. */
  labelsById: ReadonlyMap<string, string>;
  isLoading: boolean;
  limitedToOwnGroups: boolean;
  unavailableReason: string | null;
} {
  const { groups, isLoading, limitedToOwnGroups, unavailableReason } = useGroupList();
  const options = useMemo(() => groupOptionsFromList(groups ?? []), [groups]);
  const groupsById = useMemo(
    () => new Map((groups ?? []).map((group) => [group.id.toLowerCase(), group])),
    [groups],
  );
  const labelsById = useMemo(
    () => new Map(options.map((option) => [option.value.toLowerCase(), option.label])),
    [options],
  );
  return { options, groupsById, labelsById, isLoading, limitedToOwnGroups, unavailableReason };
}
