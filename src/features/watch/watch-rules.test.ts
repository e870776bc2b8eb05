import { describe, expect, it } from 'vitest';
import type { SafetyEvent } from '@/api/safety-events';
import {
  addRule,
  emptyWatchState,
  FIRST_LOOK_BACK_MS,
  markAllSeen,
  markNotified,
  markSeen,
  matchesRule,
  newMatchingEvents,
  notificationText,
  removeRule,
  serviceTimeMs,
  storedWatchStateSchema,
  unnotified,
  watchRequestFilters,
  watchStateSchema,
  type GroupContains,
  type WatchRule,
  type WatchState,
} from './watch-rules';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

function event(id: string, overrides: Partial<SafetyEvent> = {}): SafetyEvent {
  return {
    id,
    customerEventId: '',
    eventTriggerId: 3,
    eventTriggerSubTypeId: 0,
    eventStatusId: 1,
    recordDateUTC: '2026-11-28T11:00:00Z',
    recordDateTZ: 'UTC',
    recordDateUTCOffset: 0,
    creationDate: '2026-11-28T11:05:00Z',
    score: 5,
    erSerialNumber: 'ER1',
    groupId: 'depot',
    objectRevision: 1,
    ...overrides,
  };
}

function rule(overrides: Partial<WatchRule> = {}): WatchRule {
  return { id: 'r1', triggerIds: [], minimumScore: null, groupIds: [], ...overrides };
}

// region ⊃ depot; anything else stands alone.
const contains: GroupContains = (ruleGroup, eventGroup) =>
  ruleGroup === eventGroup || (ruleGroup === 'region' && eventGroup === 'depot');

describe('matchesRule', () => {
  it('matches anything when the rule names nothing', () => {
    expect(matchesRule(event('a'), rule(), contains)).toBe(true);
  });

  it('needs every part the rule names: trigger, minimum score and group or one below it', () => {
    const strict = rule({ triggerIds: [3, 4], minimumScore: 5, groupIds: ['region'] });
    expect(matchesRule(event('a'), strict, contains)).toBe(true);
    expect(matchesRule(event('a', { eventTriggerId: 9 }), strict, contains)).toBe(false);
    expect(matchesRule(event('a', { score: 4 }), strict, contains)).toBe(false);
    expect(matchesRule(event('a', { groupId: 'elsewhere' }), strict, contains)).toBe(false);
  });
});

describe('watchRequestFilters', () => {
  it('sends the triggers of all rules only when every rule names some', () => {
    expect(
      watchRequestFilters([rule({ triggerIds: [4, 3] }), rule({ triggerIds: [3, 7] })]),
    ).toEqual({ triggers: [3, 4, 7] });
    expect(watchRequestFilters([rule({ triggerIds: [4] }), rule()])).toEqual({});
  });

  it('sends a group only when every rule names that one group', () => {
    expect(
      watchRequestFilters([rule({ groupIds: ['Region'] }), rule({ groupIds: ['region'] })]),
    ).toEqual({ groupId: 'region' });
    expect(watchRequestFilters([rule({ groupIds: ['region'] }), rule()])).toEqual({});
    expect(watchRequestFilters([rule({ groupIds: ['region', 'other'] })])).toEqual({});
  });
});

describe('serviceTimeMs', () => {
  it('reads a time without a zone as UTC', () => {
    expect(serviceTimeMs('2026-11-28T11:05:00')).toBe(Date.UTC(2026, 10, 28, 11, 5));
    expect(serviceTimeMs('2026-11-28T11:05:00Z')).toBe(Date.UTC(2026, 10, 28, 11, 5));
  });
});

describe('new events and what was seen', () => {
  const state: WatchState = addRule(emptyWatchState, rule({ minimumScore: 5 }), NOW);
  const events = [
    event('older', { creationDate: '2026-11-27T09:00:00Z' }),
    event('low', { score: 2 }),
    event('A-First', { creationDate: '2026-11-28T10:00:00Z' }),
    event('second', { creationDate: '2026-11-28T11:30:00Z' }),
  ];

  it('starts the first look a day back, and lists matches created since, newest first', () => {
    expect(state.since).toBe(NOW - FIRST_LOOK_BACK_MS);
    expect(newMatchingEvents(events, state, contains).map((e) => e.id)).toEqual([
      'second',
      'A-First',
    ]);
  });

  it('drops an opened event, whatever the case of its ID', () => {
    const seen = markSeen(state, 'a-first');
    expect(newMatchingEvents(events, seen, contains).map((e) => e.id)).toEqual(['second']);
    expect(markSeen(seen, 'A-FIRST')).toBe(seen);
  });

  it('moves the baseline to the last check on "Mark all seen"', () => {
    const checkedAt = Date.UTC(2026, 10, 28, 11, 0);
    const all = markAllSeen(markSeen(state, 'x'), checkedAt);
    expect(all).toMatchObject({ since: checkedAt, seenIds: [] });
    expect(newMatchingEvents(events, all, contains).map((e) => e.id)).toEqual(['second']);
  });

  it('lists nothing without rules, and keeps the baseline when a rule goes', () => {
    const none = removeRule(state, 'r1');
    expect(none.since).toBe(state.since);
    expect(newMatchingEvents(events, none, contains)).toEqual([]);
  });

  it('names each event in one notification only', () => {
    const listed = newMatchingEvents(events, state, contains);
    expect(unnotified(listed, state)).toHaveLength(2);
    const notified = markNotified(state, listed.slice(0, 1));
    expect(unnotified(listed, notified).map((e) => e.id)).toEqual(['A-First']);
    expect(notificationText(1)).toBe('1 new safety event matches your watch rules.');
    expect(notificationText(3)).toBe('3 new safety events match your watch rules.');
  });

  it('remembers a bounded number of IDs', () => {
    let many = state;
    for (let index = 0; index < 600; index++) many = markSeen(many, `e${index}`);
    expect(many.seenIds).toHaveLength(500);
    expect(many.seenIds.at(-1)).toBe('e599');
  });
});

describe('watchStateSchema', () => {
  it('reads what the console stores, and refuses a value of another shape', () => {
    const stored = JSON.parse(JSON.stringify(addRule(emptyWatchState, rule(), NOW))) as unknown;
    expect(watchStateSchema.safeParse(stored).success).toBe(true);
    expect(watchStateSchema.safeParse({ rules: 'all' }).success).toBe(false);
    expect(
      watchStateSchema.safeParse({ ...emptyWatchState, rules: [{ id: 'r', triggerIds: ['3'] }] })
        .success,
    ).toBe(false);
  });
});

describe('storedWatchStateSchema', () => {
  const group = '0b7e2f1a-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
  const goodRule = rule({ id: 'good', groupIds: [group], minimumScore: 6 });

  it('reads what the console stores and drops nothing', () => {
    const stored = JSON.parse(JSON.stringify(addRule(emptyWatchState, goodRule, NOW))) as unknown;
    expect(storedWatchStateSchema(NOW).parse(stored)).toEqual({
      state: addRule(emptyWatchState, goodRule, NOW),
      droppedRules: 0,
      droppedSince: false,
    });
  });

  it('drops the rules it cannot use, whole, and keeps the rest', () => {
    const read = storedWatchStateSchema(NOW).parse({
      ...addRule(emptyWatchState, goodRule, NOW),
      rules: [
        goodRule,
        rule({ id: 'bad-group', groupIds: ['not-a-guid'] }),
        // Dropping only the bad group would widen this rule to every group.
        rule({ id: 'one-bad-group', groupIds: [group, '<svg onload=alert(1)>'] }),
        rule({ id: 'score', minimumScore: 1e300 }),
        { id: 'no-parts' },
        'a string',
        null,
      ],
    });
    expect(read.state.rules).toEqual([goodRule]);
    expect(read.droppedRules).toBe(6);
    expect(read.droppedSince).toBe(false);
  });

  it.each([
    ['a number no date can hold', 1e300],
    ['a time in the future', NOW + 365 * 24 * 60 * 60_000],
    ['text', 'yesterday'],
  ])('starts the last look again when it is %s', (_case, since) => {
    const read = storedWatchStateSchema(NOW).parse({
      ...emptyWatchState,
      rules: [goodRule],
      since,
    });
    expect(read.state.since).toBe(NOW - FIRST_LOOK_BACK_MS);
    expect(read.droppedSince).toBe(true);
    expect(() => new Date(read.state.since!).toISOString()).not.toThrow();
  });

  it('keeps the harmless parts it cannot read as their defaults, and refuses what is no state', () => {
    const read = storedWatchStateSchema(NOW).parse({
      rules: [],
      since: null,
      seenIds: 'many',
      notifiedIds: [1, 2],
      notify: 'yes',
    });
    expect(read.state).toEqual(emptyWatchState);
    expect(storedWatchStateSchema(NOW).safeParse({ rules: 'all' }).success).toBe(false);
    expect(storedWatchStateSchema(NOW).safeParse([]).success).toBe(false);
  });
});
