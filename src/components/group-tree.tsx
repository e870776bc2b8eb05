import { Highlight, Text } from '@mantine/core';
import { useVirtualizer, defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { GroupTreeNode, GroupTreeRow } from '@/api/group-tree';
import classes from './group-tree.module.css';
import { useTreeDrag, type GroupTreeDragAndDrop } from './use-group-tree-drag';

export const GROUP_TREE_ROW_HEIGHT = 30;
const INDENT_PX = 18;

export type GroupTreeKeyAction =
  | { type: 'activate'; index: number }
  | { type: 'toggle'; index: number; expand: boolean }
  | { type: 'select'; index: number };

/** What a key does in a tree (WAI-ARIA tree pattern), or null when the tree ignores it. */
export function groupTreeKeyAction(
  key: string,
  rows: readonly GroupTreeRow[],
  activeIndex: number,
): GroupTreeKeyAction | null {
  if (rows.length === 0) return null;
  const last = rows.length - 1;
  const row = activeIndex >= 0 ? rows[activeIndex] : undefined;
  switch (key) {
    case 'ArrowDown':
      return { type: 'activate', index: row ? Math.min(activeIndex + 1, last) : 0 };
    case 'ArrowUp':
      return { type: 'activate', index: row ? Math.max(activeIndex - 1, 0) : last };
    case 'Home':
      return { type: 'activate', index: 0 };
    case 'End':
      return { type: 'activate', index: last };
    case 'ArrowRight':
      if (!row || row.node.children.length === 0) return null;
      return row.expanded
        ? { type: 'activate', index: activeIndex + 1 }
        : { type: 'toggle', index: activeIndex, expand: true };
    case 'ArrowLeft': {
      if (!row) return null;
      if (row.expanded) return { type: 'toggle', index: activeIndex, expand: false };
      const parent = row.node.parent;
      if (!parent) return null;
      for (let index = activeIndex - 1; index >= 0; index--) {
        if (rows[index]?.node === parent) return { type: 'activate', index };
      }
      return null;
    }
    case 'Enter':
    case ' ':
      return row ? { type: 'select', index: activeIndex } : null;
    default:
      return null;
  }
}

export interface GroupTreeKeyboardOptions {
  rows: readonly GroupTreeRow[];
  activeKey: string | null;
  onActiveChange: (key: string) => void;
  onToggle: (node: GroupTreeNode, expand: boolean) => void;
  onSelect: (node: GroupTreeNode) => void;
}

/** A keydown handler for the tree itself or for a combobox input that drives it; true if handled. */
export function useGroupTreeKeyboard({
  rows,
  activeKey,
  onActiveChange,
  onToggle,
  onSelect,
}: GroupTreeKeyboardOptions) {
  return useCallback(
    (event: KeyboardEvent<HTMLElement>): boolean => {
      if (event.altKey || event.ctrlKey || event.metaKey) return false;
      const activeIndex = activeKey ? rows.findIndex((row) => row.node.key === activeKey) : -1;
      const action = groupTreeKeyAction(event.key, rows, activeIndex);
      const row = action ? rows[action.index] : undefined;
      if (!action || !row) return false;
      event.preventDefault();
      if (action.type === 'activate') onActiveChange(row.node.key);
      else if (action.type === 'toggle') onToggle(row.node, action.expand);
      else onSelect(row.node);
      return true;
    },
    [rows, activeKey, onActiveChange, onToggle, onSelect],
  );
}

export interface GroupTreeProps {
  /** DOM id of the tree; rows get `${id}-${key}` for aria-activedescendant. */
  id: string;
  label: string;
  rows: readonly GroupTreeRow[];
  activeKey: string | null;
  selectedKeys: ReadonlySet<string>;
  height: number;
  highlight?: string;
  multiselectable?: boolean;
  /** The tree takes keyboard focus itself; otherwise a combobox input keeps focus and drives it. */
  focusable?: boolean;
  onActiveChange: (key: string) => void;
  onSelect: (node: GroupTreeNode) => void;
  onToggle: (node: GroupTreeNode, expand: boolean) => void;
  /** Why a group cannot be chosen here, or null when it can. */
  disabledReason?: (node: GroupTreeNode) => string | null;
  renderLeading?: (node: GroupTreeNode) => ReactNode;
  renderTrailing?: (node: GroupTreeNode) => ReactNode;
  dragAndDrop?: GroupTreeDragAndDrop;
  emptyMessage: ReactNode;
}

export const groupTreeRowId = (treeId: string, key: string) => `${treeId}-${key}`;

/** The group tree, virtualised: only the rows in view are in the DOM, so 5,000 groups stay smooth. */
export function GroupTree({
  id,
  label,
  rows,
  activeKey,
  selectedKeys,
  height,
  highlight,
  multiselectable,
  focusable,
  onActiveChange,
  onSelect,
  onToggle,
  disabledReason,
  renderLeading,
  renderTrailing,
  dragAndDrop,
  emptyMessage,
}: GroupTreeProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const activeIndex = activeKey ? rows.findIndex((row) => row.node.key === activeKey) : -1;
  // No React Compiler here: the virtualizer is read afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => GROUP_TREE_ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 320, height },
    // React 19 warns about flushSync during its own render; plain updates scroll smoothly enough.
    useFlushSync: false,
    // The active row stays in the DOM so aria-activedescendant always points at something.
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        return activeIndex >= 0 && !indexes.includes(activeIndex)
          ? [...indexes, activeIndex].sort((a, b) => a - b)
          : indexes;
      },
      [activeIndex],
    ),
  });

  // Follow the keyboard (and a selection made elsewhere), but never fight the user's own scrolling.
  const scrolledToKey = useRef<string | null>(null);
  useEffect(() => {
    if (!activeKey || activeIndex < 0 || scrolledToKey.current === activeKey) return;
    scrolledToKey.current = activeKey;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeKey, activeIndex, virtualizer]);

  const handleKeyDown = useGroupTreeKeyboard({
    rows,
    activeKey,
    onActiveChange,
    onToggle,
    onSelect,
  });

  const drag = useTreeDrag(dragAndDrop, onToggle);

  if (rows.length === 0) {
    return (
      <Text id={id} size="sm" c="dimmed" p="sm" role="status">
        {emptyMessage}
      </Text>
    );
  }

  return (
    <div
      ref={scrollRef}
      id={id}
      role="tree"
      aria-label={label}
      aria-multiselectable={multiselectable || undefined}
      aria-activedescendant={
        focusable && activeKey && activeIndex >= 0 ? groupTreeRowId(id, activeKey) : undefined
      }
      tabIndex={focusable ? 0 : undefined}
      data-focusable={focusable || undefined}
      className={classes.tree}
      style={{ height }}
      onKeyDown={focusable ? handleKeyDown : undefined}
      onFocus={() => {
        if (!focusable || activeIndex >= 0) return;
        // Arriving by Tab starts at the selected row when it is in view, else at the top.
        const selected = rows.find((row) => selectedKeys.has(row.node.key)) ?? rows[0];
        if (selected) onActiveChange(selected.node.key);
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          // The virtualizer may ask for a row the tree just lost (a collapse): nothing to draw.
          if (!row) return null;
          const { node, expanded } = row;
          const hasChildren = node.children.length > 0;
          const disabled = disabledReason?.(node) ?? null;
          const draggable = !!dragAndDrop?.canDrag(node);
          return (
            // Keys go to the tree or its combobox (aria-activedescendant), not to each row.
            // eslint-disable-next-line jsx-a11y/interactive-supports-focus, jsx-a11y/click-events-have-key-events
            <div
              key={node.key}
              id={groupTreeRowId(id, node.key)}
              role="treeitem"
              aria-label={node.group.name}
              aria-level={node.depth + 1}
              aria-posinset={node.position}
              aria-setsize={node.parent ? node.parent.children.length : 1}
              aria-expanded={hasChildren ? expanded : undefined}
              aria-selected={selectedKeys.has(node.key)}
              aria-disabled={disabled ? true : undefined}
              title={disabled ?? undefined}
              data-active={node.key === activeKey || undefined}
              data-drop-target={drag.dropTargetKey === node.key || undefined}
              data-dragging={drag.draggedKey === node.key || undefined}
              className={classes.row}
              style={{
                height: GROUP_TREE_ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
                paddingInlineStart: 4 + node.depth * INDENT_PX,
              }}
              // A combobox input keeps focus while the user clicks in its tree.
              onMouseDown={focusable ? undefined : (event) => event.preventDefault()}
              onClick={() => {
                onActiveChange(node.key);
                if (!disabled) onSelect(node);
              }}
              draggable={draggable || undefined}
              onDragStart={draggable ? (event) => drag.start(event, node) : undefined}
              onDragEnter={dragAndDrop ? (event) => drag.over(event, node) : undefined}
              onDragOver={dragAndDrop ? (event) => drag.over(event, node) : undefined}
              onDrop={dragAndDrop ? (event) => drag.drop(event, node) : undefined}
              onDragEnd={dragAndDrop ? drag.end : undefined}
            >
              {/* Mouse only: the keyboard expands with the arrow keys. */}
              <span
                aria-hidden="true"
                className={classes.toggle}
                onClick={(event) => {
                  if (!hasChildren) return;
                  event.stopPropagation();
                  onToggle(node, !expanded);
                }}
              >
                {hasChildren ? (expanded ? '▾' : '▸') : ''}
              </span>
              {renderLeading?.(node)}
              {/* Accents count, as in the search that found the row (searchGroupTree). */}
              <Highlight
                component="span"
                inherit
                className={classes.name}
                highlight={highlight ?? ''}
                accentInsensitive={false}
              >
                {node.group.name}
              </Highlight>
              {renderTrailing && <span className={classes.trailing}>{renderTrailing(node)}</span>}
            </div>
          );
        })}
      </div>
    </div>
  );
}
