// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addRule, emptyWatchState, markSeen } from './watch-rules';
import {
  readWatchState,
  takeWatchStateNotice,
  updateWatchState,
  useWatchState,
  watchStorageKey,
} from './watch-store';

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

  it('drops unreadable rules and a nonsense last look, stores what is left, and says so once', () => {
    const group = '0b7e2f1a-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    const good = { id: 'good', triggerIds: [], minimumScore: null, groupIds: [group] };
    localStorage.setItem(
      watchStorageKey('bad.state'),
      JSON.stringify({
        rules: [good, { ...good, id: 'bad', groupIds: ['not-a-guid'] }],
        since: 1e300,
        seenIds: [],
        notifiedIds: [],
        notify: false,
      }),
    );
    const state = readWatchState('bad.state');
    expect(state.rules).toEqual([good]);
    expect(Number.isFinite(new Date(state.since!).getTime())).toBe(true);
    expect(JSON.parse(localStorage.getItem(watchStorageKey('bad.state'))!)).toEqual(state);
    expect(takeWatchStateNotice('bad.state')).toBe(
      'Some saved watch rules could not be read and were removed.',
    );
    expect(takeWatchStateNotice('bad.state')).toBeNull();
  });

  it('says so too when the whole stored value had to go, and not for a user with nothing stored', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(watchStorageKey('garbled'), '{"rules":');
    expect(readWatchState('garbled')).toEqual(emptyWatchState);
    expect(takeWatchStateNotice('garbled')).toBe(
      'Some saved watch rules could not be read and were removed.',
    );
    expect(takeWatchStateNotice('new.user')).toBeNull();
  });
});
