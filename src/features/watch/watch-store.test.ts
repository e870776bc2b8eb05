// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addRule, emptyWatchState, markSeen } from './watch-rules';
import { readWatchState, updateWatchState, useWatchState, watchStorageKey } from './watch-store';

const rule = { id: 'r', triggerIds: [3], minimumScore: 5, groupIds: [] };

beforeEach(() => localStorage.clear());

describe('the watch store', () => {
  it('keeps each user their own rules, under the console prefix', () => {
    updateWatchState('Maria.Lopez', (state) => addRule(state, rule, 1_000));
    expect(watchStorageKey('Maria.Lopez')).toBe('fleet-console.watch.maria.lopez');
    expect(
      JSON.parse(localStorage.getItem('fleet-console.watch.maria.lopez') ?? 'null'),
    ).toMatchObject({ rules: [rule] });
    expect(readWatchState('maria.lopez').rules).toEqual([rule]);
    expect(readWatchState('dan.okafor')).toEqual(emptyWatchState);
  });

  it('falls back to no rules when the stored value is not one it can read', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(watchStorageKey('someone.else'), '{"rules":"all"}');
    expect(readWatchState('someone.else')).toEqual(emptyWatchState);
    expect(localStorage.getItem(watchStorageKey('someone.else'))).toBeNull();
  });

  it('shows another tab’s change when the storage event arrives', () => {
    updateWatchState('tab.user', (state) => addRule(state, rule, 1_000));
    const { result } = renderHook(() => useWatchState('tab.user'));
    expect(result.current.seenIds).toEqual([]);
    const changed = markSeen(readWatchState('tab.user'), 'Event-1');
    localStorage.setItem(watchStorageKey('tab.user'), JSON.stringify(changed));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: watchStorageKey('tab.user') }));
    });
    expect(result.current.seenIds).toEqual(['event-1']);
  });
});
