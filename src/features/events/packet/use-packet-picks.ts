import { useCallback, useState } from 'react';
import type { SafetyEvent } from '@/api/safety-events';
import { guardSchema, readStoredJson, writeStoredJson } from '@/lib/stored-json';

/** More than this many events make a packet nobody can send or open comfortably. */
export const MAX_PACKET_EVENTS = 20;

export interface PickedEvent {
  id: string;
  /** The event's own ID (`EVT-…`), to name it before its details are read again. */
  label: string;
}

// Kept for this tab: opening an event to look at it, or reloading, must not lose the picks.
const PICKS_KEY = 'fleet-console.packet-picks';

const isPickList = (value: unknown): value is PickedEvent[] =>
  Array.isArray(value) &&
  value.length <= MAX_PACKET_EVENTS &&
  value.every(
    (item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      typeof Reflect.get(item, 'id') === 'string' &&
      typeof Reflect.get(item, 'label') === 'string',
  );
const pickListSchema = guardSchema(isPickList);

export interface PacketPicks {
  picked: readonly PickedEvent[];
  has: (eventId: string) => boolean;
  toggle: (event: Pick<SafetyEvent, 'id' | 'customerEventId'>) => void;
  clear: () => void;
  /** No more can be picked. */
  full: boolean;
}

/** The events picked in the queue for one evidence packet, at most MAX_PACKET_EVENTS. */
export function usePacketPicks(): PacketPicks {
  const [picked, setPicked] = useState<readonly PickedEvent[]>(
    () => readStoredJson('session', PICKS_KEY, pickListSchema, []).value,
  );
  const change = useCallback(
    (next: (previous: readonly PickedEvent[]) => readonly PickedEvent[]) => {
      setPicked((previous) => {
        const value = next(previous);
        writeStoredJson('session', PICKS_KEY, value);
        return value;
      });
    },
    [],
  );
  const toggle = useCallback(
    (event: Pick<SafetyEvent, 'id' | 'customerEventId'>) =>
      change((previous) =>
        previous.some((pick) => pick.id === event.id)
          ? previous.filter((pick) => pick.id !== event.id)
          : previous.length >= MAX_PACKET_EVENTS
            ? previous
            : [...previous, { id: event.id, label: event.customerEventId || event.id }],
      ),
    [change],
  );
  const clear = useCallback(() => change(() => []), [change]);
  return {
    picked,
    has: (eventId) => picked.some((pick) => pick.id === eventId),
    toggle,
    clear,
    full: picked.length >= MAX_PACKET_EVENTS,
  };
}
