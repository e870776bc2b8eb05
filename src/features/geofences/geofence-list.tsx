import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Checkbox, ColorSwatch, Group, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cannotBeDrawn } from '@/lib/map-shape';
import classes from './geofence-list.module.css';
import { describeShape } from './geofence-shape';
import type { MapGeofence } from './map-geofence';

const ROW_HEIGHT = 56;
/** A row that says why its outline cannot be drawn gives the reason two lines. */
const ROW_HEIGHT_WITH_PROBLEM = 74;

/** Select mode: rows are chosen for bulk work, several at once, instead of opened on the map. */
export interface GeofenceListBulkSelection {
  ids: ReadonlySet<string>;
  onToggle: (geofenceId: string) => void;
  /** Shift: everything from the last row chosen on its own to this one. */
  onExtend: (geofenceId: string) => void;
  onSelectAll: () => void;
}

/**
 * The side list, virtualised (only the visible rows exist, so 6,000 geofences scroll smoothly).
 * One tab stop: arrows, Page Up/Down, Home and End move through it, Enter or Space selects.
 * In select mode (a multi-select listbox) Space and a click choose a row, Shift a range, Ctrl+A
 * all of them, and Enter still opens the active row on the map.
 */
export function GeofenceList({
  geofences,
  selectedId,
  onSelect,
  bulkSelection,
}: {
  geofences: readonly MapGeofence[];
  selectedId: string | null;
  onSelect: (geofenceId: string) => void;
  bulkSelection?: GeofenceListBulkSelection;
}) {
  const { t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const estimateSize = useCallback(
    (index: number) => (geofences[index]?.problem ? ROW_HEIGHT_WITH_PROBLEM : ROW_HEIGHT),
    [geofences],
  );
  const getItemKey = useCallback((index: number) => geofences[index]?.id ?? index, [geofences]);
  // The React Compiler is not used here, so its warning about useVirtualizer does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: geofences.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    // Sizes are kept per key: a new list (a search, a page arriving) lays its rows out afresh.
    getItemKey,
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
    if (bulkSelection && onBulkKey(event, from)) {
      event.preventDefault();
      return;
    }
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

  /** Select mode's own keys; false for the keys that move or open as in single selection. */
  const onBulkKey = (event: KeyboardEvent<HTMLDivElement>, from: number): boolean => {
    if (!bulkSelection) return false;
    if (event.key === 'a' && (event.ctrlKey || event.metaKey)) {
      bulkSelection.onSelectAll();
      return true;
    }
    if (event.key === ' ') {
      if (!activeGeofence) return true;
      if (event.shiftKey) bulkSelection.onExtend(activeGeofence.id);
      else bulkSelection.onToggle(activeGeofence.id);
      return true;
    }
    if (event.shiftKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      const next = Math.max(
        0,
        Math.min(geofences.length - 1, from + (event.key === 'ArrowDown' ? 1 : -1)),
      );
      moveTo(next);
      const nextGeofence = geofences[next];
      if (nextGeofence) bulkSelection.onExtend(nextGeofence.id);
      return true;
    }
    return false;
  };

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      role="listbox"
      aria-label={t`Geofences`}
      aria-multiselectable={bulkSelection ? true : undefined}
      tabIndex={0}
      aria-activedescendant={activeGeofence ? optionId(activeGeofence.id) : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (clampedActive < 0 && geofences.length > 0) setActiveIndex(0);
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const geofence = geofences[row.index];
          // The virtualizer can ask for a row the list has just lost: it draws nothing.
          if (!geofence) return null;
          const selected = geofence.id === selectedId;
          const chosen = bulkSelection?.ids.has(geofence.id) ?? false;
          return (
            <UnstyledButton
              key={geofence.id}
              component="div"
              id={optionId(geofence.id)}
              role="option"
              // In select mode the choice for bulk work is the option's selection, and the
              // geofence open on the map is the current one.
              aria-selected={bulkSelection ? chosen : selected}
              aria-current={bulkSelection && selected ? true : undefined}
              tabIndex={-1}
              className={classes.option}
              data-selected={selected || undefined}
              data-chosen={chosen || undefined}
              data-active={row.index === clampedActive || undefined}
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
              onClick={(event) => {
                setActiveIndex(row.index);
                if (!bulkSelection) onSelect(geofence.id);
                else if (event.shiftKey) bulkSelection.onExtend(geofence.id);
                else bulkSelection.onToggle(geofence.id);
              }}
            >
              <Group gap="xs" wrap="nowrap" w="100%">
                {bulkSelection && (
                  <Checkbox.Indicator checked={chosen} size="xs" aria-hidden="true" />
                )}
                <ColorSwatch color={geofence.color} size={14} withShadow={false} aria-hidden />
                <div className={classes.text}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500} truncate>
                      {geofence.name}
                    </Text>
                    {/* On the name's line, so the group's line below keeps its whole width. */}
                    {!geofence.isInside && (
                      <Badge
                        size="xs"
                        variant="light"
                        color="gray"
                        className={classes.badge}
                        title={t`Alerts when vehicles are outside the area`}
                      >
                        <Trans>Alerts outside</Trans>
                      </Badge>
                    )}
                  </Group>
                  {geofence.problem === null ? (
                    <Text size="xs" c="dimmed" truncate>
                      {geofence.shape && describeShape(geofence.shape)}
                      {geofence.groupName ? ` · ${geofence.groupName}` : ''}
                    </Text>
                  ) : (
                    // The reason first: it is what the reader must act on; the group can be cut.
                    <Text
                      size="xs"
                      className={classes.problem}
                      lineClamp={2}
                      title={cannotBeDrawn(geofence.problem)}
                    >
                      {cannotBeDrawn(geofence.problem)}
                      {geofence.groupName ? ` · ${geofence.groupName}` : ''}
                    </Text>
                  )}
                </div>
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
