import type { SafetyEventPosition } from '@/api/safety-events';
import { sameId } from '@/lib/guid';

export type SelectionStep =
  | { kind: 'select'; index: number }
  /** The next row is on a page not loaded yet. */
  | { kind: 'load-more' }
  /** Already at the first or the last event of the whole queue. */
  | { kind: 'edge' };

/** One step through a queue whose later pages may not be loaded; -1 means nothing selected. */
export function stepSelection(
  currentIndex: number,
  direction: 1 | -1,
  loadedCount: number,
  hasMore: boolean,
): SelectionStep {
  const next = currentIndex < 0 ? 0 : currentIndex + direction;
  if (next < 0) return { kind: 'edge' };
  if (next < loadedCount) return { kind: 'select', index: next };
  return hasMore ? { kind: 'load-more' } : { kind: 'edge' };
}

export interface QueueSnapshot {
  /** Event IDs in queue order, after the browser-side filters. */
  ids: readonly string[];
  /** Events loaded from the service so far, before the browser-side filters. */
  loadedCount: number;
  hasMore: boolean;
  /** True until the first page has arrived. */
  pending: boolean;
}

export type QueuePlace =
  | { kind: 'pending' }
  | {
      kind: 'found';
      index: number;
      previousId: string | null;
      nextId: string | null;
      /** The event is the last one loaded: the next page decides what comes after it. */
      needsMore: boolean;
    }
  /** Not among the loaded events: ask the ID list where it is before loading pages blindly. */
  | { kind: 'needs-position' }
  /** Known to be further down the queue: load the next page. */
  | { kind: 'needs-more' }
  | { kind: 'outside'; reason: 'not-in-queue' | 'too-far' };

/** Where an event stands in the queue it was opened from, and what to load to find out. */
export function locateInQueue(
  queue: QueueSnapshot,
  eventId: string,
  position: SafetyEventPosition | undefined,
): QueuePlace {
  if (queue.pending) return { kind: 'pending' };
  const index = queue.ids.findIndex((id) => sameId(id, eventId));
  if (index >= 0) {
    return {
      kind: 'found',
      index,
      previousId: queue.ids[index - 1] ?? null,
      nextId: queue.ids[index + 1] ?? null,
      needsMore: index === queue.ids.length - 1 && queue.hasMore,
    };
  }
  if (!queue.hasMore) return { kind: 'outside', reason: 'not-in-queue' };
  if (!position) return { kind: 'needs-position' };
  if (position.position === null) {
    return { kind: 'outside', reason: position.complete ? 'not-in-queue' : 'too-far' };
  }
  // Loaded already but not shown: the browser-side filters leave it out.
  if (position.position < queue.loadedCount) return { kind: 'outside', reason: 'not-in-queue' };
  return { kind: 'needs-more' };
}
