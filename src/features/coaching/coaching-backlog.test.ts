import { describe, expect, it } from 'vitest';
import type { SafetyEvent } from '@/api/safety-events';
import {
  backlogEventsOf,
  compareBacklogEvents,
  groupBacklog,
  isCoachOfAny,
  toBacklogEvent,
} from './coaching-backlog';
import { NO_COACH_KEY } from './coaching-search';

const NOW = Date.parse('2026-03-20T12:00:00Z');
const COACH_A = 'AA000000-0000-4000-8000-00000000000A';
const COACH_B = 'bb000000-0000-4000-8000-00000000000b';

let serial = 0;
function safetyEvent(overrides: Partial<SafetyEvent>): SafetyEvent {
  serial += 1;
  return {
    id: `EE000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    customerEventId: `EVT-${serial}`,
    eventTriggerId: 1,
    eventTriggerSubTypeId: 1,
    eventStatusId: 4,
    recordDateUTC: '2026-03-03T10:00:00Z',
    recordDateTZ: 'PST',
    recordDateUTCOffset: -480,
    creationDate: '2026-03-03T10:05:00Z',
    score: 8,
    erSerialNumber: 'QM1',
    groupId: 'G1',
    objectRevision: 1,
    isCoachable: true,
    coachId: COACH_A,
    coachFirstName: 'Ana',
    coachLastName: 'Coach',
    ...overrides,
  };
}

describe('toBacklogEvent', () => {
  it('counts the days past the coaching due date, a part day as a whole one', () => {
    const late = toBacklogEvent(safetyEvent({ coachingOverdueDate: '2026-03-17T18:00:00Z' }), NOW);
    expect(late.overdueDays).toBe(3);
    expect(late.dueDate).toBe('2026-03-17T18:00:00Z');
    expect(late.coachKey).toBe(COACH_A.toLowerCase());
    expect(late.coachName).toBe('Ana Coach');
    expect(late.groupId).toBe('g1');
  });

  it('takes the service’s overdue days when they are more, and 0 when not yet due', () => {
    expect(
      toBacklogEvent(safetyEvent({ coachingOverdueDate: '2026-03-19T12:00:00Z', overDue: 5 }), NOW)
        .overdueDays,
    ).toBe(5);
    expect(
      toBacklogEvent(safetyEvent({ coachingOverdueDate: '2026-03-25T12:00:00Z' }), NOW).overdueDays,
    ).toBe(0);
    expect(toBacklogEvent(safetyEvent({ coachId: null }), NOW).coachKey).toBe(NO_COACH_KEY);
  });
});

describe('backlogEventsOf', () => {
  it('keeps events awaiting coaching once each, coached and uncoachable ones left out', () => {
    const due = safetyEvent({});
    const events = [
      due,
      { ...due, id: due.id.toLowerCase() },
      safetyEvent({ coachedDate: '2026-03-05T10:00:00Z' }),
      safetyEvent({ isCoachable: false }),
      safetyEvent({ isCoachable: null, coachingOverdueDate: '2026-03-10T10:00:00Z' }),
    ];
    expect(backlogEventsOf(events, NOW)).toHaveLength(2);
  });
});

describe('groupBacklog', () => {
  const events = backlogEventsOf(
    [
      safetyEvent({ recordDateUTC: '2026-03-05T10:00:00Z' }),
      safetyEvent({
        recordDateUTC: '2026-03-02T10:00:00Z',
        coachingOverdueDate: '2026-03-18T12:00:00Z',
      }),
      safetyEvent({ coachId: COACH_B, coachFirstName: 'Bo', coachLastName: null, groupId: 'G2' }),
      safetyEvent({
        coachId: COACH_B,
        groupId: 'G2',
        coachingOverdueDate: '2026-03-10T12:00:00Z',
      }),
      safetyEvent({ coachId: null, coachFirstName: null, coachLastName: null }),
    ],
    NOW,
  );

  it('counts each coach’s backlog, its overdue events and oldest, most overdue first', () => {
    const groups = groupBacklog(events, 'coach');
    expect(
      groups.map(({ key, coachName, count, overdueCount, mostOverdueDays }) => ({
        key,
        coachName,
        count,
        overdueCount,
        mostOverdueDays,
      })),
    ).toEqual([
      { key: COACH_B, coachName: 'Bo', count: 2, overdueCount: 1, mostOverdueDays: 10 },
      {
        key: COACH_A.toLowerCase(),
        coachName: 'Ana Coach',
        count: 2,
        overdueCount: 1,
        mostOverdueDays: 2,
      },
      { key: NO_COACH_KEY, coachName: null, count: 1, overdueCount: 0, mostOverdueDays: 0 },
    ]);
    expect(groups[1]!.oldestMs).toBe(Date.parse('2026-03-02T10:00:00Z'));
    expect(groups[1]!.oldestEventId).toBe(events[1]!.id);
  });

  it('counts by group the same way', () => {
    const groups = groupBacklog(events, 'group');
    expect(groups.map((group) => [group.key, group.count, group.overdueCount])).toEqual([
      ['g2', 2, 1],
      ['g1', 3, 1],
    ]);
    expect(groups.every((group) => group.coachName === null)).toBe(true);
  });

  it('orders events by days overdue, then the earliest due, then the oldest', () => {
    const ordered = [...events].sort(compareBacklogEvents).map((event) => event.overdueDays);
    expect(ordered).toEqual([10, 2, 0, 0, 0]);
  });
});

describe('isCoachOfAny', () => {
  it('finds the user as a coach, IDs compared without case', () => {
    const events = [safetyEvent({ coachedDate: '2026-03-05T10:00:00Z' })];
    expect(isCoachOfAny(events, COACH_A.toLowerCase())).toBe(true);
    expect(isCoachOfAny(events, COACH_B)).toBe(false);
  });
});
