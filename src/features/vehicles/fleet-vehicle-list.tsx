import { useLingui } from '@lingui/react/macro';
import { Text, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import classes from './fleet-map.module.css';
import { formatAge, type FleetPosition } from './fleet-positions';

const ROW_HEIGHT = 52;
/** Rows drawn beyond the view, so Tab and a quick scroll find the next ones already there. */
const OVERSCAN = 8;

/**
 * The vehicles on the map as a list, the keyboard's way to them: choosing a row moves the map to
 * the vehicle and opens its popup. Only the rows in view exist, so 20,000 vehicles scroll smoothly.
 */
export function FleetVehicleList({
  positions,
  describeMatch,
  search,
  readAt,
  selectedKey,
  onChoose,
}: {
  positions: readonly FleetPosition[];
  /** Why a row answers the search when its name does not show it ("VIN …942…"), else null. */
  describeMatch: (position: FleetPosition) => string | null;
  /** The search the rows answer: a new one scrolls back to the top. */
  search: string;
  readAt: number;
  selectedKey: string | null;
  onChoose: (position: FleetPosition) => void;
}) {
  const { t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(480);

  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const observer = new ResizeObserver(() => setViewportHeight(scroller.clientHeight));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  // Another search starts at the top of its results; a refresh of the positions stays put.
  const [scrolledSearch, setScrolledSearch] = useState(search);
  if (scrolledSearch !== search) {
    setScrolledSearch(search);
    setScrollTop(0);
  }
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [search]);

  // A vehicle chosen on the map comes into view here too.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || !selectedKey) return;
    const index = positions.findIndex((position) => position.key === selectedKey);
    if (index < 0) return;
    const top = index * ROW_HEIGHT;
    if (top < scroller.scrollTop || top + ROW_HEIGHT > scroller.scrollTop + scroller.clientHeight) {
      scroller.scrollTop = Math.max(0, top - scroller.clientHeight / 2);
    }
  }, [selectedKey, positions]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(
    positions.length,
    Math.ceil((scrollTop + viewportHeight) / ROW_HEIGHT) + OVERSCAN,
  );

  return (
    <div
      ref={scrollRef}
      className={classes.listScroller}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <ul
        className={classes.listRows}
        style={{ height: positions.length * ROW_HEIGHT }}
        aria-label={t`Vehicles on the map`}
      >
        {positions.slice(first, last).map((position, offset) => {
          const index = first + offset;
          const age =
            position.positionTime === null
              ? t`time unknown`
              : formatAge(position.positionTime, readAt);
          const matched = describeMatch(position);
          return (
            <li
              key={position.key}
              className={classes.listRow}
              style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}
              aria-setsize={positions.length}
              aria-posinset={index + 1}
            >
              <UnstyledButton
                className={classes.rowButton}
                aria-current={position.key === selectedKey ? 'true' : undefined}
                onClick={() => onChoose(position)}
              >
                <Text size="sm" fw={600} truncate="end">
                  {position.label}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {matched && t`Matched ${matched}` + ' · '}
                  {position.stale ? t`Stale: ${age}` : age}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
