import { describe, expect, it } from 'vitest';
import { buildGroupTree, visibleGroupTreeRows } from '@/api/group-tree';
import type { Group } from '@/api/groups';
import { testGroup } from '@/test/group-fixture';
import { groupTreeKeyAction } from './group-tree';

const ROOT = 'root';

const group = (id: string, name: string, parentId: string): Group =>
  testGroup(id, name, parentId, ROOT);

const tree = buildGroupTree([
  group(ROOT, 'Root', ROOT),
  group('a', 'A', ROOT),
  group('a1', 'A1', 'a'),
  group('b', 'B', ROOT),
]);
// Rows: 0 Root (expanded), 1 A (expanded), 2 A1, 3 B.
const rows = visibleGroupTreeRows(tree, new Set([ROOT, 'a']));

describe('groupTreeKeyAction (WAI-ARIA tree keys)', () => {
  it('moves up and down, stopping at the ends, and jumps with Home and End', () => {
    expect(groupTreeKeyAction('ArrowDown', rows, 1)).toEqual({ type: 'activate', index: 2 });
    expect(groupTreeKeyAction('ArrowDown', rows, 3)).toEqual({ type: 'activate', index: 3 });
    expect(groupTreeKeyAction('ArrowUp', rows, 0)).toEqual({ type: 'activate', index: 0 });
    expect(groupTreeKeyAction('ArrowDown', rows, -1)).toEqual({ type: 'activate', index: 0 });
    expect(groupTreeKeyAction('Home', rows, 2)).toEqual({ type: 'activate', index: 0 });
    expect(groupTreeKeyAction('End', rows, 0)).toEqual({ type: 'activate', index: 3 });
  });

  it('opens a closed group with Right, then moves into it', () => {
    const closed = visibleGroupTreeRows(tree, new Set([ROOT]));
    expect(groupTreeKeyAction('ArrowRight', closed, 1)).toEqual({
      type: 'toggle',
      index: 1,
      expand: true,
    });
    expect(groupTreeKeyAction('ArrowRight', rows, 1)).toEqual({ type: 'activate', index: 2 });
    expect(groupTreeKeyAction('ArrowRight', rows, 2)).toBeNull();
  });

  it('closes an open group with Left, else moves to the parent', () => {
    expect(groupTreeKeyAction('ArrowLeft', rows, 1)).toEqual({
      type: 'toggle',
      index: 1,
      expand: false,
    });
    expect(groupTreeKeyAction('ArrowLeft', rows, 2)).toEqual({ type: 'activate', index: 1 });
    expect(groupTreeKeyAction('ArrowLeft', rows, 3)).toEqual({ type: 'activate', index: 0 });
  });

  it('selects with Enter and Space, and ignores other keys', () => {
    expect(groupTreeKeyAction('Enter', rows, 2)).toEqual({ type: 'select', index: 2 });
    expect(groupTreeKeyAction(' ', rows, 3)).toEqual({ type: 'select', index: 3 });
    expect(groupTreeKeyAction('Enter', rows, -1)).toBeNull();
    expect(groupTreeKeyAction('x', rows, 1)).toBeNull();
    expect(groupTreeKeyAction('ArrowDown', [], -1)).toBeNull();
  });
});
