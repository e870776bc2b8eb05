import { describe, expect, it } from 'vitest';
import { applyBrowserFilters, hasBrowserFilters, hasUncountedFilters } from './browser-filters';
import { NO_COACH } from './events-search';

const risk = (id: number) => ({ id, name: `Risk ${id}` });
const events = [
  { id: 'a', eventTriggerSubTypeId: 1, dynamicRisks: [risk(2)] },
  { id: 'b', eventTriggerSubTypeId: 2, dynamicRisks: [risk(2), risk(5)] },
  { id: 'c', eventTriggerSubTypeId: 1, dynamicRisks: null },
  { id: 'd', eventTriggerSubTypeId: 3, dynamicRisks: [] },
];
const ids = (list: readonly { id: string }[]) => list.map((event) => event.id);

describe('browser-side filters', () => {
  it('returns the same list when no filter is set', () => {
    expect(applyBrowserFilters(events, {})).toBe(events);
    expect(applyBrowserFilters(events, { subtypes: [], risks: [] })).toBe(events);
    expect(hasBrowserFilters({ subtypes: [] })).toBe(false);
    expect(hasBrowserFilters({ risks: [1] })).toBe(true);
  });

  it('keeps events of any chosen subtype', () => {
    expect(ids(applyBrowserFilters(events, { subtypes: [1, 3] }))).toEqual(['a', 'c', 'd']);
  });

  it('keeps events carrying any chosen dynamic risk; events without risks never match', () => {
    expect(ids(applyBrowserFilters(events, { risks: [5] }))).toEqual(['b']);
    expect(ids(applyBrowserFilters(events, { risks: [2, 5] }))).toEqual(['a', 'b']);
  });

  it('needs both filters to match when both are set, keeping queue order', () => {
    expect(ids(applyBrowserFilters(events, { subtypes: [1, 2], risks: [2] }))).toEqual(['a', 'b']);
  });

  it('keeps a coach’s events awaiting coaching, GUIDs compared without case', () => {
    const coach = 'AAAAAAAA-0000-4000-8000-000000000001';
    const backlog = [
      { ...events[0]!, id: 'due', coachId: coach.toLowerCase(), isCoachable: true },
      {
        ...events[0]!,
        id: 'coached',
        coachId: coach,
        isCoachable: true,
        coachedDate: '2026-01-02',
      },
      { ...events[0]!, id: 'other-coach', coachId: 'b', coachingOverdueDate: '2026-01-02' },
      { ...events[0]!, id: 'no-coach', coachId: null, coachingOverdueDate: '2026-01-02' },
      { ...events[0]!, id: 'not-coachable', coachId: coach, isCoachable: false },
    ];
    expect(ids(applyBrowserFilters(backlog, { coach, awaitingCoaching: true }))).toEqual(['due']);
    expect(ids(applyBrowserFilters(backlog, { coach: NO_COACH, awaitingCoaching: true }))).toEqual([
      'no-coach',
    ]);
    expect(ids(applyBrowserFilters(backlog, { awaitingCoaching: true }))).toEqual([
      'due',
      'other-coach',
      'no-coach',
    ]);
    expect(hasBrowserFilters({ coach })).toBe(true);
    expect(hasUncountedFilters({ subtypes: [1] })).toBe(false);
    expect(hasUncountedFilters({ awaitingCoaching: true })).toBe(true);
  });
});
