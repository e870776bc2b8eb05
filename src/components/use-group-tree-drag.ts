import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { GroupTreeNode } from '@/api/group-tree';

/** A collapsed row opens when a dragged group rests on it this long. */
const AUTO_EXPAND_DELAY_MS = 700;

/** What the tree's owner decides of a drag: which groups move, where they may go, the move. */
export interface GroupTreeDragAndDrop {
  canDrag: (node: GroupTreeNode) => boolean;
  canDrop: (dragged: GroupTreeNode, target: GroupTreeNode) => boolean;
  onDrop: (dragged: GroupTreeNode, target: GroupTreeNode) => void;
}

/** HTML drag and drop between rows, opening a collapsed row when the pointer rests on it. */
export function useTreeDrag(
  dragAndDrop: GroupTreeDragAndDrop | undefined,
  onToggle: (node: GroupTreeNode, expand: boolean) => void,
) {
  const [dragged, setDragged] = useState<GroupTreeNode | null>(null);
  const [dropTargetKey, setDropTargetKey] = useState<string | null>(null);
  const expandTimer = useRef<{ key: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  const clearExpandTimer = () => {
    if (expandTimer.current) clearTimeout(expandTimer.current.timer);
    expandTimer.current = null;
  };
  useEffect(() => clearExpandTimer, []);

  const end = () => {
    clearExpandTimer();
    setDragged(null);
    setDropTargetKey(null);
  };

  return {
    draggedKey: dragged?.key ?? null,
    dropTargetKey,
    start: (event: DragEvent<HTMLElement>, node: GroupTreeNode) => {
      event.dataTransfer.effectAllowed = 'move';
      // Some browsers only start a drag that carries data.
      event.dataTransfer.setData('text/plain', node.group.name);
      setDragged(node);
    },
    over: (event: DragEvent<HTMLElement>, node: GroupTreeNode) => {
      if (!dragged || !dragAndDrop?.canDrop(dragged, node)) {
        if (dropTargetKey === node.key) setDropTargetKey(null);
        return;
      }
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (dropTargetKey !== node.key) setDropTargetKey(node.key);
      if (expandTimer.current?.key !== node.key) {
        clearExpandTimer();
        if (node.children.length > 0) {
          expandTimer.current = {
            key: node.key,
            timer: setTimeout(() => onToggle(node, true), AUTO_EXPAND_DELAY_MS),
          };
        }
      }
    },
    drop: (event: DragEvent<HTMLElement>, node: GroupTreeNode) => {
      event.preventDefault();
      const source = dragged;
      end();
      if (source && dragAndDrop?.canDrop(source, node)) dragAndDrop.onDrop(source, node);
    },
    end,
  };
}
