import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CloseButton, Loader, Popover, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { useGroupTree } from '@/api/group-options';
import {
  ancestorsOf,
  groupKey,
  groupPathLabel,
  searchGroupTree,
  visibleGroupTreeRows,
  type GroupTree as GroupTreeModel,
  type GroupTreeNode,
} from '@/api/group-tree';
import {
  GROUP_TREE_ROW_HEIGHT,
  GroupTree,
  groupTreeRowId,
  useGroupTreeKeyboard,
} from './group-tree';

const OWN_GROUPS_NOTE = msg`Your groups only: the full list needs the Group Manager role.`;

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
  label,
  clearable = true,
  groupDisabledReason,
  disabled,
  description,
  placeholder,
  onFocus,
  onBlur,
  ...inputProps
}: GroupPickerProps) {
  const { t, i18n } = useLingui();
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
          label={label ?? t`Group`}
          description={
            unavailableReason ??
            (limitedToOwnGroups && !description ? i18n._(OWN_GROUPS_NOTE) : description)
          }
          disabled={inputDisabled}
          placeholder={
            isLoading
              ? t`Loading groups…`
              : value && tree && !selectedNode
                ? // Chosen elsewhere (e.g. a vehicle in a group the user holds no role in).
                  t`A group outside your list`
                : (placeholder ?? (clearable ? t`Any group` : ''))
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
                aria-label={t`Clear the chosen group`}
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
            label={t`Group choices`}
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
            emptyMessage={t`No group matches`}
          />
        ) : (
          <Text id={treeId} size="sm" c="dimmed" p="sm" role="status">
            <Trans>Loading groups…</Trans>
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
