import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Checkbox, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { SafetyEvent } from '@/api/safety-events';
import { AnchorLink } from '@/components/anchor-link';
import { useDisplayPreferences } from '@/lib/display-preferences';
import {
  formatEventTime,
  formatShortLocalTime,
  formatShortRecordTime,
  personName,
} from './event-format';
import classes from './event-queue-table.module.css';
import type { EventsSearch } from './events-search';
import type { PacketPicks } from './packet/use-packet-picks';
import type { SafetyLookups } from './use-safety-lookups';
import { useVehicleNameIndex, VehicleNameCell } from './vehicle-name';

const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 38;

// Widths hold each heading whole; cells wrap to two lines rather than cut a name.
const columns: readonly { key: string; title: MessageDescriptor; width: number | undefined }[] = [
  { key: 'pick', title: msg`Pick for a packet`, width: 44 },
  { key: 'recorded', title: msg`Recorded`, width: 150 },
  { key: 'vehicle', title: msg`Vehicle`, width: 100 },
  { key: 'driver', title: msg`Driver`, width: 130 },
  { key: 'trigger', title: msg`Trigger`, width: 130 },
  { key: 'subtype', title: msg`Subtype`, width: 130 },
  { key: 'behaviours', title: msg`Behaviours`, width: undefined },
  { key: 'risks', title: msg`Dynamic risks`, width: 130 },
  { key: 'score', title: msg`Score`, width: 70 },
  { key: 'status', title: msg`Status`, width: 150 },
];

interface EventQueueTableProps {
  events: readonly SafetyEvent[];
  selectedIndex: number;
  onSelect: (index: number) => void;
  onOpen: (event: SafetyEvent) => void;
  /** The last row index drawn, so the page can load the next page before the end is reached. */
  onLastVisibleIndexChange: (index: number) => void;
  /** The queue's filters, carried into each event's link so its next/previous are known. */
  linkSearch: EventsSearch;
  lookups: SafetyLookups;
  height: string;
  /** The events picked for an evidence packet (up to a limit). */
  picks: PacketPicks;
}

/** The review queue: only the rows in view are in the DOM, so thousands stay smooth. */
export function EventQueueTable({
  events,
  selectedIndex,
  onSelect,
  onOpen,
  onLastVisibleIndexChange,
  linkSearch,
  lookups,
  height,
  picks,
}: EventQueueTableProps) {
  const { t, i18n } = useLingui();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const eventZone = useDisplayPreferences().eventTimeZone === 'event';
  const vehicleNames = useVehicleNameIndex({
    groupId: linkSearch.groupId,
    includeSubgroups: linkSearch.groupId ? (linkSearch.subgroups ?? true) : undefined,
  });
  // No React Compiler here: the virtualizer is read afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollPaddingStart: HEADER_HEIGHT,
    // React 19 warns about flushSync inside its own render cycle; plain updates are smooth enough.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => onLastVisibleIndexChange(lastIndex), [lastIndex, onLastVisibleIndexChange]);

  // Follow the selection only when it moves, never when more rows arrive under a scrolling reader.
  const scrolledToIndex = useRef(-1);
  useEffect(() => {
    if (selectedIndex === scrolledToIndex.current) return;
    if (selectedIndex < 0 || selectedIndex >= events.length) return;
    scrolledToIndex.current = selectedIndex;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, events.length, virtualizer]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  return (
    <div
      ref={scrollerRef}
      className={classes.scroller}
      style={{ height }}
      // A scrollable region must be reachable by keyboard to be scrolled (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={t`Safety event queue`}
    >
      <table
        className={classes.table}
        aria-label={t`Safety events`}
        aria-rowcount={events.length + 1}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => {
              const title = i18n._(column.title);
              const pick = column.key === 'pick';
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={
                    column.key === 'score' ? classes.number : pick ? classes.pick : undefined
                  }
                  // The box column's name is for screen readers; sighted readers see the boxes.
                  aria-label={pick ? title : undefined}
                >
                  {pick ? null : title}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr className={classes.spacer} aria-hidden="true" style={{ height: paddingTop }}>
              <td colSpan={columns.length} />
            </tr>
          )}
          {items.map((item) => {
            const event = events[item.index];
            // The virtualizer can ask for a row the queue has just lost: it draws nothing.
            if (!event) return null;
            const selected = item.index === selectedIndex;
            const behaviours = (event.behaviors ?? [])
              .map((behaviour) => lookups.behaviors.name(behaviour.id, behaviour.name))
              .join(', ');
            const risks = (event.dynamicRisks ?? [])
              .map((risk) => lookups.risks.name(risk.id, risk.name))
              .join(', ');
            const driver = personName(event.driverFirstName, event.driverLastName);
            const picked = picks.has(event.id);
            const eventNumber = event.customerEventId;
            const localTime = eventZone ? formatShortLocalTime(event.recordDateUTC) : '';
            const eventTime = eventZone ? '' : formatShortRecordTime(event);
            return (
              // Pointer shortcut only: keyboard users select with j/k or the arrows and open with Enter.
              <tr
                key={event.id}
                aria-rowindex={item.index + 2}
                aria-current={selected ? 'true' : undefined}
                className={`${classes.row} ${selected ? classes.selected : ''}`}
                style={{ height: ROW_HEIGHT }}
                onClick={() => onSelect(item.index)}
                onDoubleClick={() => onOpen(event)}
              >
                <td className={classes.pick}>
                  <Checkbox
                    aria-label={t`Pick ${eventNumber} for an evidence packet`}
                    checked={picked}
                    disabled={!picked && picks.full}
                    onChange={() => picks.toggle(event)}
                    // Picking is not opening: a double click on the box must not open the event.
                    onDoubleClick={(domEvent) => domEvent.stopPropagation()}
                    styles={{ body: { justifyContent: 'center' } }}
                  />
                </td>
                <td
                  title={
                    eventZone
                      ? t`${localTime} in your time zone`
                      : t`${eventTime} where it happened`
                  }
                >
                  <AnchorLink
                    to="/events/$eventId"
                    params={{ eventId: event.id }}
                    search={linkSearch}
                    size="sm"
                  >
                    {/* The reader's own zone by default, so the sorted column reads in order. */}
                    {formatEventTime(event, 'short')}
                  </AnchorLink>
                </td>
                <td>
                  <VehicleNameCell vehicleId={event.vehicleId} index={vehicleNames} />
                </td>
                <td title={driver ?? undefined}>
                  {driver ? (
                    <span>{driver}</span>
                  ) : (
                    <Text span c="dimmed" size="sm">
                      <Trans>Unassigned</Trans>
                    </Text>
                  )}
                </td>
                <td>
                  <span>{lookups.triggers.name(event.eventTriggerId)}</span>
                </td>
                <td>
                  <span>{lookups.subtypes.name(event.eventTriggerSubTypeId)}</span>
                </td>
                <td title={behaviours || undefined}>
                  <span>{behaviours || '—'}</span>
                </td>
                <td title={risks || undefined}>
                  <span>{risks || '—'}</span>
                </td>
                <td className={classes.number}>{event.score}</td>
                <td>
                  <Badge variant="light" color="gray" radius="sm" size="sm" tt="none" maw="100%">
                    {lookups.statuses.name(event.eventStatusId)}
                  </Badge>
                </td>
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr className={classes.spacer} aria-hidden="true" style={{ height: paddingBottom }}>
              <td colSpan={columns.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
