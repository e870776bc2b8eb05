import { CloseButton, Loader, Popover, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { isApiError } from '@/api/api-error';
import { allGroupsQueryOptions, type Group } from '@/api/groups';
import { currentUserQueryOptions, type GroupRole } from '@/api/users';
import {
  ancestorsOf,
  buildGroupTree,
  fullPathNames,
  groupKey,
  groupPathLabel,
  searchGroupTree,
  visibleGroupTreeRows,
  type GroupTree as GroupTreeModel,
  type GroupTreeNode,
} from '@/lib/group-tree';
import { useSignedInUsername } from '@/lib/runtime-context';
import {
  GROUP_TREE_ROW_HEIGHT,
  GroupTree,
  groupTreeRowId,
  useGroupTreeKeyboard,
} from './group-tree';

export interface GroupOption {
  value: string;
  label: string;
  depth: number;
}

/** "Northwest Region › Portland Depot": the path below the root, readable in a list. */
export function groupOptionsFromList(groups: readonly Group[]): GroupOption[] {
  return groups
    .map((group) => {
      const names = fullPathNames(group.fullPath);
      const isRoot = group.id === group.rootGroupId;
      const path = isRoot ? names : names.slice(1);
      return { value: group.id, label: path.join(' › ') || group.name, depth: path.length - 1 };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** One tree per fetched list, shared by every picker and page that shows it. */
const treeByGroupList = new WeakMap<readonly Group[], GroupTreeModel>();

function treeOf(groups: readonly Group[]): GroupTreeModel {
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
export function groupsFromRoles(roles: readonly GroupRole[]): Group[] {
  const byId = new Map<string, Group>();
  for (const role of roles) {
    const key = role.groupId.toLowerCase();
    if (byId.has(key)) continue;
    const name = role.groupName || 'Unnamed group';
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

export const OWN_GROUPS_NOTE = 'Your groups only: the full list needs the Group Manager role.';

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
    if (!username || me.error) unavailableReason = 'Your groups could not be loaded.';
    else if (ownGroups?.length === 0) unavailableReason = 'You hold no role in any group.';
  } else if (query.error) {
    unavailableReason = 'The group list could not be loaded.';
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
  groupsById: Map<string, Group>;
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
  return { options, groupsById, isLoading, limitedToOwnGroups, unavailableReason };
}

/** The top level open, and the way down to the chosen group. */
function expansionAround(tree: GroupTreeModel, selected: GroupTreeNode | null): Set<string> {
  const keys = new Set(tree.roots.map((root) => root.key));
  if (selected) for (const ancestor of ancestorsOf(selected)) keys.add(ancestor.key);
  return keys;
}

const MAX_DROPDOWN_HEIGHT = 320;

type GroupPickerProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'defaultValue' | 'rightSection' | 'onKeyDown'
> & {
  value: string | null;
  onChange: (groupId: string | null) => void;
  clearable?: boolean;
  /** Why a group cannot be chosen here (e.g. a move into its own subtree), or null when it can. */
  groupDisabledReason?: (node: GroupTreeNode) => string | null;
};

/**
 * A searchable group chooser used wherever a page filters or assigns by group: a combobox whose
 * popup is the group tree (virtualised), driven from the keyboard through aria-activedescendant.
 */
export function GroupPicker({
  value,
  onChange,
  label = 'Group',
  clearable = true,
  groupDisabledReason,
  disabled,
  description,
  placeholder,
  onFocus,
  onBlur,
  ...inputProps
}: GroupPickerProps) {
  const { tree, isLoading, limitedToOwnGroups, unavailableReason } = useGroupTree();
  const treeId = useId();
  const [opened, setOpened] = useState(false);
  // Null while the input shows the chosen group; text while the user searches.
  const [search, setSearch] = useState<string | null>(null);
  const [expandedKeys, setExpandedKeys] = useState<ReadonlySet<string>>(new Set());
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const selectedNode = (value && tree?.byKey.get(groupKey(value))) || null;
  const selectedKeys = useMemo(
    () => new Set(selectedNode ? [selectedNode.key] : []),
    [selectedNode],
  );
  const treeSearch = useMemo(
    () => (tree && opened && search ? searchGroupTree(tree, search) : null),
    [tree, opened, search],
  );
  const rows = useMemo(
    () => (tree && opened ? visibleGroupTreeRows(tree, expandedKeys, treeSearch) : []),
    [tree, opened, expandedKeys, treeSearch],
  );

  const open = () => {
    if (opened || !tree) return;
    setExpandedKeys(expansionAround(tree, selectedNode));
    setActiveKey(selectedNode?.key ?? null);
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    setSearch(null);
    setActiveKey(null);
  };
  const showMatches = (loadedTree: GroupTreeModel, text: string) => {
    const found = searchGroupTree(loadedTree, text);
    setExpandedKeys(found ? new Set(found.revealKeys) : expansionAround(loadedTree, selectedNode));
    setOpened(true);
  };
  const searchFor = (text: string) => {
    setSearch(text);
    setActiveKey(null);
    // Typed before the groups have loaded: the text stays, and the matches open once they load.
    if (tree) showMatches(tree, text);
  };
  // The groups arrived after text was typed (the search is null again once the input loses the
  // focus, so the text is still being typed): show its matches now, in this render.
  if (tree && !opened && search !== null) showMatches(tree, search);

  const disabledReason = useCallback(
    (node: GroupTreeNode) => groupDisabledReason?.(node) ?? null,
    [groupDisabledReason],
  );
  const choose = useCallback(
    (node: GroupTreeNode) => {
      if (disabledReason(node)) return;
      onChange(node.group.id);
      setOpened(false);
      setSearch(null);
      setActiveKey(null);
    },
    [disabledReason, onChange],
  );
  const toggle = useCallback((node: GroupTreeNode, expand: boolean) => {
    setExpandedKeys((previous) => {
      const next = new Set(previous);
      if (expand) next.add(node.key);
      else next.delete(node.key);
      return next;
    });
  }, []);
  const treeKeyDown = useGroupTreeKeyboard({
    rows,
    activeKey,
    onActiveChange: setActiveKey,
    onToggle: toggle,
    onSelect: choose,
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && opened) {
      // Keep a surrounding dialog open: Escape closes only the popup first.
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key === 'Tab') {
      if (opened) close();
      return;
    }
    if (!opened) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        open();
      }
      return;
    }
    // Space types into the search; the caret keys belong to the text until a row is active.
    const treeKeys = activeKey
      ? ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Enter']
      : ['ArrowDown', 'ArrowUp'];
    if (treeKeys.includes(event.key)) treeKeyDown(event);
  };

  const unavailable = !!unavailableReason;
  const inputDisabled = disabled || unavailable;
  const dropdownHeight = Math.min(
    Math.max(rows.length, 1) * GROUP_TREE_ROW_HEIGHT,
    MAX_DROPDOWN_HEIGHT,
  );

  return (
    <Popover
      opened={opened && !inputDisabled}
      onDismiss={close}
      position="bottom-start"
      width="target"
      trapFocus={false}
      returnFocus={false}
      closeOnEscape={false}
      // The input carries its own combobox roles (popup: tree), not the popover's dialog ones.
      withRoles={false}
      shadow="md"
    >
      <Popover.Target>
        <TextInput
          {...inputProps}
          label={label}
          description={
            unavailableReason ??
            (limitedToOwnGroups && !description ? OWN_GROUPS_NOTE : description)
          }
          disabled={inputDisabled}
          placeholder={
            isLoading
              ? 'Loading groups…'
              : value && tree && !selectedNode
                ? // Chosen elsewhere (e.g. a vehicle in a group the user holds no role in).
                  'A group outside your list'
                : (placeholder ?? (clearable ? 'Any group' : ''))
          }
          value={search ?? (selectedNode ? groupPathLabel(selectedNode) : '')}
          onChange={(event) => searchFor(event.currentTarget.value)}
          onClick={open}
          onFocus={(event) => {
            event.currentTarget.select();
            onFocus?.(event);
          }}
          onBlur={(event) => {
            close();
            onBlur?.(event);
          }}
          onKeyDown={handleKeyDown}
          autoComplete="off"
          role="combobox"
          aria-haspopup="tree"
          aria-autocomplete="list"
          aria-expanded={opened}
          aria-controls={opened ? treeId : undefined}
          aria-activedescendant={
            opened && activeKey && rows.some((row) => row.node.key === activeKey)
              ? groupTreeRowId(treeId, activeKey)
              : undefined
          }
          rightSection={
            isLoading ? (
              <Loader size={14} aria-hidden="true" />
            ) : clearable && value && !inputDisabled ? (
              <CloseButton
                size="sm"
                aria-label="Clear the chosen group"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onChange(null);
                  close();
                }}
              />
            ) : (
              <Text component="span" c="dimmed" size="xs" aria-hidden="true">
                ▾
              </Text>
            )
          }
          rightSectionPointerEvents={clearable && value && !inputDisabled ? 'all' : 'none'}
        />
      </Popover.Target>
      {/* Clicks in the popup (rows, scrollbar) must not take focus from the input. */}
      <Popover.Dropdown p={4} miw={280} onMouseDown={(event) => event.preventDefault()}>
        {tree ? (
          <GroupTree
            id={treeId}
            label="Group choices"
            rows={rows}
            activeKey={activeKey}
            selectedKeys={selectedKeys}
            height={dropdownHeight}
            highlight={treeSearch?.query}
            onActiveChange={setActiveKey}
            onSelect={choose}
            onToggle={toggle}
            disabledReason={groupDisabledReason ? disabledReason : undefined}
            renderTrailing={
              groupDisabledReason
                ? (node) => {
                    const reason = disabledReason(node);
                    return reason ? (
                      <Text span size="xs" c="dimmed">
                        {reason}
                      </Text>
                    ) : null;
                  }
                : undefined
            }
            emptyMessage="No group matches"
          />
        ) : (
          <Text id={treeId} size="sm" c="dimmed" p="sm" role="status">
            Loading groups…
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
