import { Badge, ColorSwatch, Group, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { describeShape } from './geofence-shape';
import type { MapGeofence } from './map-geofence';
import classes from './geofence-list.module.css';

const ROW_HEIGHT = 56;

/**
 * The side list, virtualised (only the visible rows exist, so 6,000 geofences scroll smoothly).
 * One tab stop: arrows, Page Up/Down, Home and End move through it, Enter or Space selects.
 */
export function GeofenceList({
  geofences,
  selectedId,
  onSelect,
}: {
  geofences: readonly MapGeofence[];
  selectedId: string | null;
  onSelect: (geofenceId: string) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  // The React Compiler is not used here, so its warning about useVirtualizer does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: geofences.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  // A selection made on the map shows up here: it becomes the active row and scrolls into view.
  useEffect(() => {
    if (!selectedId) return;
    const index = geofences.findIndex((geofence) => geofence.id === selectedId);
    if (index < 0) return;
    setActiveIndex(index);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedId, geofences, virtualizer]);

  const clampedActive = Math.min(activeIndex, geofences.length - 1);
  const activeGeofence = clampedActive >= 0 ? geofences[clampedActive] : undefined;

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(geofences.length - 1, index));
    setActiveIndex(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const pageSize = Math.max(
    1,
    Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1,
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (geofences.length === 0) return;
    const from = clampedActive < 0 ? -1 : clampedActive;
    const moves: Record<string, () => void> = {
      ArrowDown: () => moveTo(from + 1),
      ArrowUp: () => moveTo(from < 0 ? geofences.length - 1 : from - 1),
      PageDown: () => moveTo(from + pageSize),
      PageUp: () => moveTo(from - pageSize),
      Home: () => moveTo(0),
      End: () => moveTo(geofences.length - 1),
      Enter: () => activeGeofence && onSelect(activeGeofence.id),
      ' ': () => activeGeofence && onSelect(activeGeofence.id),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      role="listbox"
      aria-label="Geofences"
      tabIndex={0}
      aria-activedescendant={activeGeofence ? optionId(activeGeofence.id) : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (clampedActive < 0 && geofences.length > 0) setActiveIndex(0);
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const geofence = geofences[row.index]!;
          const selected = geofence.id === selectedId;
          return (
            <UnstyledButton
              key={geofence.id}
              component="div"
              id={optionId(geofence.id)}
              role="option"
              aria-selected={selected}
              tabIndex={-1}
              className={classes.option}
              data-selected={selected || undefined}
              data-active={row.index === clampedActive || undefined}
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
              onClick={() => {
                setActiveIndex(row.index);
                onSelect(geofence.id);
              }}
            >
              <Group gap="xs" wrap="nowrap" w="100%">
                <ColorSwatch color={geofence.color} size={14} withShadow={false} aria-hidden />
                <div className={classes.text}>
                  <Text size="sm" fw={500} truncate>
                    {geofence.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {geofence.shape ? describeShape(geofence.shape) : 'No usable outline'}
                    {geofence.groupName ? ` · ${geofence.groupName}` : ''}
                  </Text>
                </div>
                {!geofence.isInside && (
                  <Badge size="xs" variant="light" color="gray">
                    Outside
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          );
        })}
      </div>
    </div>
  );
}

function optionId(geofenceId: string): string {
  return `geofence-option-${geofenceId}`;
}
