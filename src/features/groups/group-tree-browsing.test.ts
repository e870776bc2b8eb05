import { describe, expect, it } from 'vitest';
import {
  groupTreeBrowsingReducer,
  initialGroupTreeBrowsing,
  type GroupTreeBrowsingAction,
} from './group-tree-browsing';

const after = (...actions: GroupTreeBrowsingAction[]) =>
  actions.reduce(groupTreeBrowsingReducer, initialGroupTreeBrowsing(['root']));

describe('group tree browsing', () => {
  it('opens and closes groups in the search’s tree while searching, and keeps the tree’s', () => {
    const state = after(
      { type: 'toggled', key: 'a', expand: true },
      { type: 'searched', text: 'depot', revealKeys: ['root', 'b'] },
      { type: 'toggled', key: 'b', expand: false },
    );
    expect([...state.searchExpandedKeys]).toEqual(['root']);
    expect([...state.expandedKeys]).toEqual(['root', 'a']);
  });

  it('treats a search of spaces as none', () => {
    const state = after(
      { type: 'searched', text: '  ', revealKeys: [] },
      { type: 'opened-only', keys: ['x'] },
    );
    expect([...state.expandedKeys]).toEqual(['x']);
  });

  it('opens the way to a newly placed selection once, and makes its row active', () => {
    const placed = after(
      { type: 'active-changed', key: 'other' },
      { type: 'selection-placed', place: 'c|b', key: 'c', way: ['root', 'b'] },
    );
    expect(placed.activeKey).toBe('c');
    expect([...placed.expandedKeys]).toEqual(['root', 'b']);
    const moved = groupTreeBrowsingReducer(
      { ...placed, activeKey: 'other' },
      { type: 'selection-placed', place: 'c|b', key: 'c', way: ['root', 'b'] },
    );
    expect(moved.activeKey).toBe('other');
  });
});
