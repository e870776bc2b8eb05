import { describe, expect, it } from 'vitest';
import {
  dayFormatter,
  dayStoreScope,
  memoryDayStorage,
  planDayReads,
  replaceUpdatedEvents,
  type DayBounds,
  type StoredDay,
} from './safety-event-days';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const firstMidnight = Date.UTC(2026, 2, 1);
// Five UTC days, 1 to 5 March.
const days: DayBounds[] = [1, 2, 3, 4, 5].map((date, index) => ({
  day: `2026-03-0${date}`,
  startMs: firstMidnight + index * DAY,
  endMs: firstMidnight + (index + 1) * DAY,
}));
const endOf = (day: number) => firstMidnight + day * DAY;

describe('planDayReads', () => {
  it('reads every day when none is kept, as one run', () => {
    const plan = planDayReads(days, {}, endOf(4) + HOUR);
    expect(plan.kept).toEqual([]);
    expect(plan.ranges.map((run) => run.map((bounds) => bounds.day))).toEqual([
      ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'],
    ]);
  });

  it('on the next morning reads only the days it lacks, yesterday read before it ended, and today', () => {
    // Read yesterday (4 March) at noon: 1, 2 and 3 March had ended then, 4 March had not.
    const readYesterday = endOf(3) + 12 * HOUR;
    const kept = {
      '2026-03-01': readYesterday,
      '2026-03-03': readYesterday,
      '2026-03-04': readYesterday,
    };
    const plan = planDayReads(days, kept, endOf(4) + 8 * HOUR);
    expect(plan.kept).toEqual(['2026-03-01', '2026-03-03']);
    expect(plan.ranges.map((run) => run.map((bounds) => bounds.day))).toEqual([
      ['2026-03-02'],
      ['2026-03-04', '2026-03-05'],
    ]);
  });

  it('reads today again even when it was read a minute ago', () => {
    const now = endOf(4) + 8 * HOUR;
    const kept = Object.fromEntries(days.map(({ day }) => [day, now - 60_000]));
    const plan = planDayReads(days, kept, now);
    expect(plan.kept).toHaveLength(4);
    expect(plan.ranges.map((run) => run.map((bounds) => bounds.day))).toEqual([['2026-03-05']]);
  });
});

describe('replaceUpdatedEvents', () => {
  const dayOf = (instantMs: number) =>
    days.find((bounds) => bounds.startMs <= instantMs && instantMs < bounds.endMs)?.day ?? '';

  it('puts updated copies in the kept days they were recorded on, and leaves days not kept alone', () => {
    const kept = new Map<string, StoredDay<{ id: string; recordMs: number; reviewed: boolean }>>([
      [
        '2026-03-01',
        {
          scope: 's',
          day: '2026-03-01',
          readAtMs: endOf(2),
          events: [
            { id: 'a', recordMs: firstMidnight + HOUR, reviewed: false },
            { id: 'b', recordMs: firstMidnight + 2 * HOUR, reviewed: false },
          ],
        },
      ],
    ]);
    const changed = replaceUpdatedEvents(
      kept,
      [
        { id: 'b', recordMs: firstMidnight + 2 * HOUR, reviewed: true },
        // Recorded on a kept day but uploaded after it was read.
        { id: 'c', recordMs: firstMidnight + 3 * HOUR, reviewed: false },
        // Recorded on a day not kept.
        { id: 'd', recordMs: endOf(2) + HOUR, reviewed: true },
      ],
      dayOf,
    );
    expect(changed.map((day) => day.day)).toEqual(['2026-03-01']);
    expect(kept.get('2026-03-01')?.events).toEqual([
      { id: 'a', recordMs: firstMidnight + HOUR, reviewed: false },
      { id: 'b', recordMs: firstMidnight + 2 * HOUR, reviewed: true },
      { id: 'c', recordMs: firstMidnight + 3 * HOUR, reviewed: false },
    ]);
    expect(kept.has('2026-03-03')).toBe(false);
  });
});

describe('dayStoreScope', () => {
  it('keeps nothing without a cache owner (signed out, the demo, a shared computer)', () => {
    expect(dayStoreScope(null, { groupId: 'g' }, 'UTC')).toBeNull();
  });

  it('tells apart owners, filters and zones', () => {
    const scopes = new Set([
      dayStoreScope('ann@a', {}, 'UTC'),
      dayStoreScope('bob@a', {}, 'UTC'),
      dayStoreScope('ann@a', { groupId: 'g' }, 'UTC'),
      dayStoreScope('ann@a', {}, 'America/Los_Angeles'),
    ]);
    expect(scopes.size).toBe(4);
  });
});

describe('memoryDayStorage', () => {
  it("notes each kept day's read time in its scope, listed once the scope is synced", async () => {
    const storage = memoryDayStorage<{ id: string; recordMs: number }>();
    await storage.putDays([{ scope: 'a', day: '2026-03-01', readAtMs: 5, events: [] }]);
    expect(await storage.getScope('a')).toBeNull();
    await storage.putSyncedAt('a', 3);
    await storage.putDays([{ scope: 'a', day: '2026-03-02', readAtMs: 6, events: [] }]);
    expect(await storage.getScope('a')).toEqual({
      syncedAtMs: 3,
      readAt: { '2026-03-01': 5, '2026-03-02': 6 },
    });
  });

  it('forgets one scope and keeps the others', async () => {
    const storage = memoryDayStorage<{ id: string; recordMs: number }>();
    await storage.putDays([
      { scope: 'a', day: '2026-03-01', readAtMs: 1, events: [] },
      { scope: 'b', day: '2026-03-01', readAtMs: 1, events: [] },
    ]);
    await storage.putSyncedAt('a', 1);
    await storage.putSyncedAt('b', 1);
    await storage.clearScope('a');
    expect(await storage.getDays('a', ['2026-03-01'])).toEqual([undefined]);
    expect(await storage.getScope('a')).toBeNull();
    expect((await storage.getDays('b', ['2026-03-01']))[0]?.readAtMs).toBe(1);
    expect(await storage.getScope('b')).toEqual({ syncedAtMs: 1, readAt: { '2026-03-01': 1 } });
  });
});

describe('dayFormatter', () => {
  it('gives the day an instant falls on in the zone, either side of midnight', () => {
    const dayInLosAngeles = dayFormatter('America/Los_Angeles');
    // Midnight in Los Angeles on 2 March 2026 is 08:00 UTC.
    expect(dayInLosAngeles(Date.UTC(2026, 2, 2, 7, 59, 59))).toBe('2026-03-01');
    expect(dayInLosAngeles(Date.UTC(2026, 2, 2, 8, 0, 0))).toBe('2026-03-02');
    // Kolkata is 5:30 ahead: its midnight falls on a half hour in UTC.
    const dayInKolkata = dayFormatter('Asia/Kolkata');
    expect(dayInKolkata(Date.UTC(2026, 2, 1, 18, 29, 59))).toBe('2026-03-01');
    expect(dayInKolkata(Date.UTC(2026, 2, 1, 18, 30, 0))).toBe('2026-03-02');
  });
});
