import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Grid,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery, useViewportSize } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { describeError } from '@/api/api-error';
import { useUpdateGroupMutation } from '@/api/groups';
import { useConfirmation } from '@/components/confirm-dialog';
import { useGroupTree } from '@/api/group-options';
import { GroupTree, type GroupTreeDragAndDrop } from '@/components/group-tree';
import { useRowSelection } from '@/components/list/use-row-selection';
import { PageLoader } from '@/components/page-loader';
import { QueryErrorAlert } from '@/components/query-error-alert';
import {
  ancestorsOf,
  groupKey,
  groupPathLabel,
  isRootGroup,
  isWithin,
  searchGroupTree,
  visibleGroupTreeRows,
  type GroupTree as GroupTreeModel,
  type GroupTreeNode,
} from '@/api/group-tree';
import { GroupBulkMovePanel } from './group-bulk-move-panel';
import { GroupDetailPanel } from './group-detail-panel';
import { UserText } from '@/components/user-text';

const route = getRouteApi('/_auth/groups/');

// Papaparse and the import screens load only when someone opens the import.
const GroupImportDialog = lazy(() =>
  import('./group-import-dialog').then((module) => ({ default: module.GroupImportDialog })),
);

const TREE_ID = 'group-tree';
/** Below Mantine's `md` breakpoint the grid puts the details under the tree. */
const DETAILS_BELOW_TREE_QUERY = '(max-width: 61.99em)';
const ROOT_REASON = 'The root group cannot be moved';

export function GroupsPage() {
  const { groupId } = route.useSearch();
  const navigate = route.useNavigate();
  const { tree, query } = useGroupTree();
  const selectGroup = useCallback(
    (id: string | null) =>
      void navigate({
        search: (previous) => ({ ...previous, groupId: id ?? undefined }),
        // Another group on the same page: the page stays where it is (details may bring
        // themselves into view).
        resetScroll: false,
      }),
    [navigate],
  );
  if (!tree) {
    return query.error ? (
      <QueryErrorAlert
        title="The groups could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    ) : (
      <PageLoader />
    );
  }
  return <GroupsWorkspace tree={tree} selectedId={groupId ?? null} onSelectGroup={selectGroup} />;
}

const nodeKey = (node: GroupTreeNode) => node.key;

const withKeys = (keys: ReadonlySet<string>, added: Iterable<string>) => {
  const next = new Set(keys);
  for (const key of added) next.add(key);
  return next;
};

function GroupsWorkspace({
  tree,
  selectedId,
  onSelectGroup,
}: {
  tree: GroupTreeModel;
  selectedId: string | null;
  onSelectGroup: (groupId: string | null) => void;
}) {
  const selectedNode = selectedId ? (tree.byKey.get(groupKey(selectedId)) ?? null) : null;
  const [searchText, setSearchText] = useState('');
  const search = useMemo(() => searchGroupTree(tree, searchText), [tree, searchText]);
  const [expandedKeys, setExpandedKeys] = useState<ReadonlySet<string>>(
    () => new Set(tree.roots.map((root) => root.key)),
  );
  const [searchExpandedKeys, setSearchExpandedKeys] = useState<ReadonlySet<string>>(new Set());
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [bulkMode, setBulkMode] = useState(false);
  const checked = useRowSelection<GroupTreeNode>({ keyOf: nodeKey });
  const checkedKeys = checked.keys;
  const [importOpened, setImportOpened] = useState(false);
  const { height: viewportHeight } = useViewportSize();
  const detailsBelowTree = useMediaQuery(DETAILS_BELOW_TREE_QUERY, false, {
    getInitialValueInEffect: false,
  });
  /** The group last chosen in the tree: its details come into view where they sit below it. */
  const [chosenKey, setChosenKey] = useState<string | null>(null);

  // Open the way to the selected group whenever it (or its place in the tree) changes, e.g. when
  // it arrives from a link, is created, or has just been moved.
  const selectionPlace = selectedNode
    ? `${selectedNode.key}|${selectedNode.parent?.key ?? ''}`
    : null;
  const [shownPlace, setShownPlace] = useState<string | null>(null);
  if (selectionPlace !== shownPlace) {
    setShownPlace(selectionPlace);
    if (selectedNode) {
      setExpandedKeys((previous) =>
        withKeys(
          previous,
          ancestorsOf(selectedNode).map((ancestor) => ancestor.key),
        ),
      );
      setActiveKey(selectedNode.key);
    }
  }

  const rows = useMemo(
    () => visibleGroupTreeRows(tree, search ? searchExpandedKeys : expandedKeys, search),
    [tree, search, searchExpandedKeys, expandedKeys],
  );

  const changeSearch = (text: string) => {
    setSearchText(text);
    const found = searchGroupTree(tree, text);
    setSearchExpandedKeys(new Set(found?.revealKeys ?? []));
    setActiveKey(null);
  };

  const toggle = useCallback(
    (node: GroupTreeNode, expand: boolean) => {
      const update = (previous: ReadonlySet<string>) => {
        const next = new Set(previous);
        if (expand) next.add(node.key);
        else next.delete(node.key);
        return next;
      };
      if (search) setSearchExpandedKeys(update);
      else setExpandedKeys(update);
    },
    [search],
  );
  const setAllExpanded = (expand: boolean) => {
    const keys = expand
      ? [...tree.byKey.values()].filter((node) => node.children.length > 0).map((node) => node.key)
      : tree.roots.map((root) => root.key);
    if (search) setSearchExpandedKeys(new Set(keys));
    else setExpandedKeys(new Set(keys));
  };

  const { toggle: toggleNode, clear: clearChecked, remove: uncheckKeys } = checked;
  const toggleChecked = useCallback(
    (node: GroupTreeNode) => {
      if (!isRootGroup(node.group)) toggleNode(node);
    },
    [toggleNode],
  );
  const select = useCallback(
    (node: GroupTreeNode) => {
      if (bulkMode) toggleChecked(node);
      else {
        setChosenKey(node.key);
        onSelectGroup(node.group.id);
      }
    },
    [bulkMode, toggleChecked, onSelectGroup],
  );

  const expandGroup = useCallback(
    (node: GroupTreeNode) => setExpandedKeys((previous) => withKeys(previous, [node.key])),
    [],
  );
  const dropMove = useDropMove(onSelectGroup, expandGroup);

  const selectedKeys = useMemo(
    () => (bulkMode ? checkedKeys : new Set(selectedNode ? [selectedNode.key] : [])),
    [bulkMode, checkedKeys, selectedNode],
  );
  const treeHeight = Math.max(320, viewportHeight - 440);

  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder p="sm" component="section" aria-label="Group tree">
          <Stack gap="xs">
            <TextInput
              label="Search groups"
              placeholder="Part of a group name"
              value={searchText}
              onChange={(event) => changeSearch(event.currentTarget.value)}
              rightSection={
                searchText ? (
                  <CloseButton aria-label="Clear search" onClick={() => changeSearch('')} />
                ) : null
              }
            />
            <Group gap="xs" justify="space-between">
              <Group gap="xs">
                <Button size="compact-sm" variant="default" onClick={() => setAllExpanded(true)}>
                  Expand all
                </Button>
                <Button size="compact-sm" variant="default" onClick={() => setAllExpanded(false)}>
                  Collapse all
                </Button>
              </Group>
              <Button size="compact-sm" variant="light" onClick={() => setImportOpened(true)}>
                Import from CSV…
              </Button>
            </Group>
            <Switch
              label="Select several groups to move"
              checked={bulkMode}
              onChange={(event) => {
                setBulkMode(event.currentTarget.checked);
                clearChecked();
              }}
            />
            <Text size="xs" c="dimmed" aria-live="polite">
              {search ? (
                <>
                  {search.matchKeys.size} of {tree.byKey.size} groups match “
                  <UserText>{searchText.trim()}</UserText>”
                </>
              ) : (
                `${tree.byKey.size} groups`
              )}
            </Text>
            {dropMove.error && (
              <Alert
                color="red"
                title={
                  <>
                    “<UserText>{dropMove.error.name}</UserText>” was not moved
                  </>
                }
                role="alert"
                withCloseButton
                closeButtonLabel="Dismiss"
                onClose={dropMove.dismissError}
              >
                {describeError(dropMove.error.error)}
              </Alert>
            )}
            <GroupTree
              id={TREE_ID}
              label="Groups"
              focusable
              multiselectable={bulkMode}
              rows={rows}
              activeKey={activeKey}
              selectedKeys={selectedKeys}
              height={treeHeight}
              highlight={search?.query}
              onActiveChange={setActiveKey}
              onSelect={select}
              onToggle={toggle}
              disabledReason={
                bulkMode ? (node) => (isRootGroup(node.group) ? ROOT_REASON : null) : undefined
              }
              renderLeading={
                bulkMode
                  ? (node) => (
                      <Checkbox
                        size="xs"
                        tabIndex={-1}
                        aria-label={`Select ${node.group.name}`}
                        checked={checkedKeys.has(node.key)}
                        disabled={isRootGroup(node.group)}
                        onClick={(event) => event.stopPropagation()}
                        onChange={() => toggleChecked(node)}
                      />
                    )
                  : undefined
              }
              renderTrailing={(node) =>
                node.children.length > 0 ? (
                  <Badge
                    size="sm"
                    variant="light"
                    color="gray"
                    title={`${node.children.length} direct subgroups`}
                  >
                    {node.children.length}
                  </Badge>
                ) : null
              }
              dragAndDrop={bulkMode ? undefined : dropMove.dragAndDrop}
              emptyMessage={search ? 'No group matches this search.' : 'There are no groups yet.'}
            />
            <Text size="xs" c="dimmed">
              {bulkMode
                ? 'Tick groups with a click or Space, then choose their new parent.'
                : 'Arrow keys move, Right and Left open and close, Enter selects. Drag a group onto another to move it there, or use Move… in its details.'}
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        {bulkMode ? (
          <GroupBulkMovePanel
            tree={tree}
            checkedKeys={checkedKeys}
            onUncheck={toggleChecked}
            onMoved={uncheckKeys}
          />
        ) : selectedNode ? (
          <GroupDetailPanel
            key={selectedNode.key}
            node={selectedNode}
            tree={tree}
            onSelectGroup={onSelectGroup}
            reveal={detailsBelowTree && chosenKey === selectedNode.key}
          />
        ) : (
          <Paper withBorder p="lg">
            <Stack gap="xs">
              <Text fw={500}>{selectedId ? 'This group was not found' : 'No group selected'}</Text>
              <Text size="sm" c="dimmed">
                {selectedId
                  ? 'It may have been deleted or moved out of your reach. Choose another group in the tree.'
                  : 'Choose a group in the tree to see its details, add a subgroup under it, rename, move or delete it.'}
              </Text>
            </Stack>
          </Paper>
        )}
      </Grid.Col>
      {dropMove.confirmationDialog}
      {importOpened && (
        <Suspense fallback={null}>
          <GroupImportDialog tree={tree} onClose={() => setImportOpened(false)} />
        </Suspense>
      )}
    </Grid>
  );
}

/** Moving by drag and drop: confirm (a stray drop is easy), then PUT the new parent. */
function useDropMove(
  onSelectGroup: (groupId: string) => void,
  revealUnder: (node: GroupTreeNode) => void,
) {
  const { mutate: moveGroup } = useUpdateGroupMutation();
  const { confirm, confirmationDialog } = useConfirmation();
  const [error, setError] = useState<{ name: string; error: unknown } | null>(null);

  const dragAndDrop = useMemo<GroupTreeDragAndDrop>(
    () => ({
      canDrag: (node) => !isRootGroup(node.group),
      canDrop: (dragged, target) => dragged.parent !== target && !isWithin(target, dragged),
      onDrop: async (dragged, target) => {
        setError(null);
        const confirmed = await confirm({
          title: 'Move group',
          confirmLabel: 'Move group',
          message: (
            <Stack gap="xs">
              <Text size="sm">
                Move{' '}
                <strong>
                  <UserText>{dragged.group.name}</UserText>
                </strong>{' '}
                from{' '}
                {dragged.parent ? (
                  <UserText>{groupPathLabel(dragged.parent)}</UserText>
                ) : (
                  'the top level'
                )}{' '}
                to{' '}
                <strong>
                  <UserText>{groupPathLabel(target)}</UserText>
                </strong>
                ?
              </Text>
              <Text size="sm" c="dimmed">
                Its subgroups, users, vehicles and devices move with it.
              </Text>
            </Stack>
          ),
        });
        if (!confirmed) return;
        moveGroup(
          { groupId: dragged.group.id, body: { parentId: target.group.id } },
          {
            onSuccess: () => {
              revealUnder(target);
              onSelectGroup(dragged.group.id);
              notifications.show({
                color: 'green',
                message: (
                  <>
                    “<UserText>{dragged.group.name}</UserText>” was moved under “
                    <UserText>{target.group.name}</UserText>”.
                  </>
                ),
              });
            },
            onError: (failure) => setError({ name: dragged.group.name, error: failure }),
          },
        );
      },
    }),
    [confirm, moveGroup, onSelectGroup, revealUnder],
  );

  return { dragAndDrop, confirmationDialog, error, dismissError: () => setError(null) };
}
