import { describe, expect, it } from 'vitest';
import { applyBrowserFilters, hasBrowserFilters } from './browser-filters';

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
});
