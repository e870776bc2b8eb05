import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Checkbox, Grid, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery, useViewportSize } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useMemo, useReducer, useState } from 'react';
import { describeError } from '@/api/api-error';
import { useGroupTree } from '@/api/group-options';
import {
  ancestorsOf,
  groupKey,
  isRootGroup,
  searchGroupTree,
  visibleGroupTreeRows,
  type GroupTree as GroupTreeModel,
  type GroupTreeNode,
} from '@/api/group-tree';
import { GroupTree } from '@/components/group-tree';
import { useRowSelection } from '@/components/list/use-row-selection';
import { PageLoader } from '@/components/page-loader';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { UserText } from '@/components/user-text';
import { GroupBulkMovePanel } from './group-bulk-move-panel';
import { GroupDetailPanel } from './group-detail-panel';
import { groupTreeBrowsingReducer, initialGroupTreeBrowsing } from './group-tree-browsing';
import { GroupTreeToolbar } from './group-tree-toolbar';
import { useDropMove } from './use-drop-move';

const route = getRouteApi('/_auth/groups/');

// Papaparse and the import screens load only when someone opens the import.
const GroupImportDialog = lazy(() =>
  import('./group-import-dialog').then((module) => ({ default: module.GroupImportDialog })),
);

const TREE_ID = 'group-tree';
/** Below Mantine's `md` breakpoint the grid puts the details under the tree. */
const DETAILS_BELOW_TREE_QUERY = '(max-width: 61.99em)';
const ROOT_REASON = msg`The root group cannot be moved`;

export function GroupsPage() {
  const { t } = useLingui();
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
        title={t`The groups could not be loaded`}
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

function NotMovedTitle({ groupName }: { groupName: string }) {
  return (
    <Trans>
      “<UserText>{groupName}</UserText>” was not moved
    </Trans>
  );
}

const subgroupsTitle = (subgroupCount: number) =>
  plural(subgroupCount, { one: '# direct subgroup', other: '# direct subgroups' });

function GroupsWorkspace({
  tree,
  selectedId,
  onSelectGroup,
}: {
  tree: GroupTreeModel;
  selectedId: string | null;
  onSelectGroup: (groupId: string | null) => void;
}) {
  const { t, i18n } = useLingui();
  const selectedNode = selectedId ? (tree.byKey.get(groupKey(selectedId)) ?? null) : null;
  const [browsing, dispatch] = useReducer(
    groupTreeBrowsingReducer,
    tree.roots.map((root) => root.key),
    initialGroupTreeBrowsing,
  );
  const { searchText, activeKey } = browsing;
  const search = useMemo(() => searchGroupTree(tree, searchText), [tree, searchText]);
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
  if (selectionPlace !== browsing.shownPlace) {
    dispatch({
      type: 'selection-placed',
      place: selectionPlace,
      key: selectedNode?.key,
      way: selectedNode ? ancestorsOf(selectedNode).map((ancestor) => ancestor.key) : [],
    });
  }

  const rows = useMemo(
    () =>
      visibleGroupTreeRows(
        tree,
        search ? browsing.searchExpandedKeys : browsing.expandedKeys,
        search,
      ),
    [tree, search, browsing.searchExpandedKeys, browsing.expandedKeys],
  );

  const changeSearch = (text: string) =>
    dispatch({ type: 'searched', text, revealKeys: searchGroupTree(tree, text)?.revealKeys ?? [] });
  const toggle = useCallback(
    (node: GroupTreeNode, expand: boolean) => dispatch({ type: 'toggled', key: node.key, expand }),
    [dispatch],
  );
  const setAllExpanded = (expand: boolean) =>
    dispatch({
      type: 'opened-only',
      keys: expand
        ? [...tree.byKey.values()]
            .filter((node) => node.children.length > 0)
            .map((node) => node.key)
        : tree.roots.map((root) => root.key),
    });
  const setActiveKey = useCallback(
    (key: string | null) => dispatch({ type: 'active-changed', key }),
    [dispatch],
  );

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
    [bulkMode, toggleChecked, onSelectGroup, setChosenKey],
  );

  const expandGroup = useCallback(
    (node: GroupTreeNode) => dispatch({ type: 'opened', keys: [node.key] }),
    [dispatch],
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
        <Paper withBorder p="sm" component="section" aria-label={t`Group tree`}>
          <Stack gap="xs">
            <GroupTreeToolbar
              searchText={searchText}
              onSearchChange={changeSearch}
              matchCount={search ? search.matchKeys.size : null}
              groupCount={tree.byKey.size}
              onExpandAll={setAllExpanded}
              onImport={() => setImportOpened(true)}
              bulkMode={bulkMode}
              onBulkModeChange={(next) => {
                setBulkMode(next);
                clearChecked();
              }}
            />
            {dropMove.error && (
              <Alert
                color="red"
                title={<NotMovedTitle groupName={dropMove.error.name} />}
                role="alert"
                withCloseButton
                closeButtonLabel={t`Dismiss`}
                onClose={dropMove.dismissError}
              >
                {describeError(dropMove.error.error)}
              </Alert>
            )}
            <GroupTree
              id={TREE_ID}
              label={t`Groups`}
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
                bulkMode
                  ? (node) => (isRootGroup(node.group) ? i18n._(ROOT_REASON) : null)
                  : undefined
              }
              renderLeading={
                bulkMode
                  ? (node) => {
                      const groupName = node.group.name;
                      return (
                        <Checkbox
                          size="xs"
                          tabIndex={-1}
                          aria-label={t`Select ${groupName}`}
                          checked={checkedKeys.has(node.key)}
                          disabled={isRootGroup(node.group)}
                          onClick={(event) => event.stopPropagation()}
                          onChange={() => toggleChecked(node)}
                        />
                      );
                    }
                  : undefined
              }
              renderTrailing={(node) =>
                node.children.length > 0 ? (
                  <Badge
                    size="sm"
                    variant="light"
                    color="gray"
                    title={subgroupsTitle(node.children.length)}
                  >
                    {node.children.length}
                  </Badge>
                ) : null
              }
              dragAndDrop={bulkMode ? undefined : dropMove.dragAndDrop}
              emptyMessage={search ? t`No group matches this search.` : t`There are no groups yet.`}
            />
            <Text size="xs" c="dimmed">
              {bulkMode ? (
                <Trans>Tick groups with a click or Space, then choose their new parent.</Trans>
              ) : (
                <Trans>
                  Arrow keys move, Right and Left open and close, Enter selects. Drag a group onto
                  another to move it there, or use Move… in its details.
                </Trans>
              )}
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
              <Text fw={500}>
                {selectedId ? (
                  <Trans>This group was not found</Trans>
                ) : (
                  <Trans>No group selected</Trans>
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {selectedId ? (
                  <Trans>
                    It may have been deleted or moved out of your reach. Choose another group in the
                    tree.
                  </Trans>
                ) : (
                  <Trans>
                    Choose a group in the tree to see its details, add a subgroup under it, rename,
                    move or delete it.
                  </Trans>
                )}
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
