import { isAwaitingCoaching, type SafetyEvent } from '@/api/safety-events';
import { NO_COACH_KEY } from './coaching-search';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One event awaiting coaching, as the backlog shows it. IDs are lower case (GUIDs compare without case). */
export interface BacklogEvent {
  id: string;
  recordDateUTC: string;
  recordMs: number;
  /** The coach's user ID, or NO_COACH_KEY. */
  coachKey: string;
  coachName: string | null;
  groupId: string;
  driverName: string | null;
  eventTriggerId: number;
  score: number;
  /** When coaching falls due (the service's `coachingOverdueDate`), if set. */
  dueDate: string | null;
  /** Days past due: the service's count or the days since the due date, whichever is more; 0 when not late. */
  overdueDays: number;
}

function nameOf(first: string | null | undefined, last: string | null | undefined): string | null {
  return [first, last].filter(Boolean).join(' ') || null;
}

export function toBacklogEvent(event: SafetyEvent, nowMs: number): BacklogEvent {
  const dueMs = event.coachingOverdueDate ? Date.parse(event.coachingOverdueDate) : NaN;
  // A due date passed by an hour is a day late: the coach is already behind.
  const daysPastDue = dueMs < nowMs ? Math.ceil((nowMs - dueMs) / DAY_MS) : 0;
  return {
    id: event.id.toLowerCase(),
    recordDateUTC: event.recordDateUTC,
    recordMs: Date.parse(event.recordDateUTC),
    coachKey: event.coachId ? event.coachId.toLowerCase() : NO_COACH_KEY,
    coachName: nameOf(event.coachFirstName, event.coachLastName),
    groupId: event.groupId.toLowerCase(),
    driverName: nameOf(event.driverFirstName, event.driverLastName),
    eventTriggerId: event.eventTriggerId,
    score: event.score,
    dueDate: event.coachingOverdueDate ?? null,
    overdueDays: Math.max(event.overDue ?? 0, daysPastDue),
  };
}

/** The events of a read that await coaching, each once (pages may shift while they are read). */
export function backlogEventsOf(events: readonly SafetyEvent[], nowMs: number): BacklogEvent[] {
  const seen = new Set<string>();
  const backlog: BacklogEvent[] = [];
  for (const event of events) {
    if (!isAwaitingCoaching(event)) continue;
    const row = toBacklogEvent(event, nowMs);
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    backlog.push(row);
  }
  return backlog;
}

/** True when the user is the coach of any event read (coached or not). */
export function isCoachOfAny(events: readonly SafetyEvent[], userId: string): boolean {
  const id = userId.toLowerCase();
  return events.some((event) => event.coachId?.toLowerCase() === id);
}

export type BacklogGrouping = 'coach' | 'group';

/** One coach's or one group's backlog in numbers. */
export interface BacklogGroup {
  /** The coach key or the group ID. */
  key: string;
  /** The coach's name, when grouped by coach and the events name one. */
  coachName: string | null;
  count: number;
  overdueCount: number;
  /** The oldest event awaiting coaching (by when it was recorded). */
  oldestMs: number;
  oldestEventId: string;
  mostOverdueDays: number;
}

/** Backlogs most in need first: most overdue events, then the latest, then the largest, then the oldest. */
export function compareBacklogGroups(a: BacklogGroup, b: BacklogGroup): number {
  return (
    b.overdueCount - a.overdueCount ||
    b.mostOverdueDays - a.mostOverdueDays ||
    b.count - a.count ||
    a.oldestMs - b.oldestMs ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

export function groupBacklog(events: readonly BacklogEvent[], by: BacklogGrouping): BacklogGroup[] {
  const groups = new Map<string, BacklogGroup>();
  for (const event of events) {
    const key = by === 'coach' ? event.coachKey : event.groupId;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        coachName: null,
        count: 0,
        overdueCount: 0,
        oldestMs: event.recordMs,
        oldestEventId: event.id,
        mostOverdueDays: 0,
      };
      groups.set(key, group);
    }
    if (by === 'coach' && !group.coachName) group.coachName = event.coachName;
    group.count += 1;
    if (event.overdueDays > 0) group.overdueCount += 1;
    group.mostOverdueDays = Math.max(group.mostOverdueDays, event.overdueDays);
    if (event.recordMs < group.oldestMs) {
      group.oldestMs = event.recordMs;
      group.oldestEventId = event.id;
    }
  }
  return [...groups.values()].sort(compareBacklogGroups);
}

/** Events most in need first: most days overdue, then the earliest due, then the oldest. */
export function compareBacklogEvents(a: BacklogEvent, b: BacklogEvent): number {
  const dueA = a.dueDate ? Date.parse(a.dueDate) : Infinity;
  const dueB = b.dueDate ? Date.parse(b.dueDate) : Infinity;
  return (
    b.overdueDays - a.overdueDays ||
    dueA - dueB ||
    a.recordMs - b.recordMs ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
