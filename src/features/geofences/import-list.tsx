import { List } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

/** Taller lists scroll inside their own box. */
const MAX_LIST_HEIGHT = 320;
/** One line of small text with its spacing; rows that wrap are measured. */
const ESTIMATED_ROW_HEIGHT = 24;

/**
 * A list of what a file would create or why it refuses it, however long: only the rows in view
 * exist, so a file of thousands of placemarks renders as quickly as one of three.
 */
export function ImportList<Item>({
  label,
  items,
  itemKey,
  renderItem,
  spacing = 2,
}: {
  label?: string;
  items: readonly Item[];
  itemKey: (item: Item, index: number) => string;
  renderItem: (item: Item) => ReactNode;
  spacing?: number;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The React Compiler is not used here, so its warning about useVirtualizer does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => {
      const item = items[index];
      return item ? itemKey(item, index) : index;
    },
    overscan: 8,
    initialRect: { width: 400, height: MAX_LIST_HEIGHT },
  });
  const rows = virtualizer.getVirtualItems();
  const paddingTop = rows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);
  // A box that scrolls must be reachable by keyboard; a short list is no extra tab stop.
  const scrolls = virtualizer.getTotalSize() > MAX_LIST_HEIGHT;
  return (
    <div
      ref={scrollRef}
      style={{ maxHeight: MAX_LIST_HEIGHT, overflowY: 'auto' }}
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'group' : undefined}
      aria-label={scrolls ? label : undefined}
    >
      <List size="sm" aria-label={label} style={{ paddingTop, paddingBottom }}>
        {rows.map((row) => {
          const item = items[row.index];
          // The virtualizer can ask for a row the list has just lost: it draws nothing.
          if (item === undefined) return null;
          return (
            <List.Item
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              style={{ paddingBottom: spacing }}
            >
              {renderItem(item)}
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
