import { describe, expect, it } from 'vitest';
import { testGroup } from '@/test/group-fixture';
import {
  ancestorsOf,
  buildGroupTree,
  groupPathLabel,
  isWithin,
  searchGroupTree,
  visibleGroupTreeRows,
} from './group-tree';
import type { Group } from './groups';

const ROOT = 'AAAAAAAA-0000-0000-0000-000000000000';

const group = (id: string, name: string, parentId: string = ROOT): Group =>
  testGroup(id, name, parentId, ROOT);

/** Root → North (Portland → Long Haul, Day), South (Fresno → Long Haul). */
const groups: Group[] = [
  group('long-haul-2', 'Long Haul', 'fresno'),
  group('south', 'South Region'),
  group('day', 'Day Shift', 'portland'),
  group('portland', 'Portland Depot', 'north'),
  group(ROOT, 'Company Root', ROOT),
  group('north', 'North Region'),
  group('fresno', 'Fresno Depot', 'south'),
  group('long-haul-1', 'Long Haul', 'portland'),
];

const names = (rows: ReturnType<typeof visibleGroupTreeRows>) =>
  rows.map((row) => `${'  '.repeat(row.node.depth)}${row.node.group.name}`);

describe('buildGroupTree', () => {
  it('builds the tree from an unordered flat list, children sorted by name', () => {
    const tree = buildGroupTree(groups);
    expect(tree.roots).toHaveLength(1);
    const root = tree.roots[0]!;
    expect(root.group.name).toBe('Company Root');
    expect(root.children.map((child) => child.group.name)).toEqual([
      'North Region',
      'South Region',
    ]);
    const portland = tree.byKey.get('portland')!;
    expect(portland.depth).toBe(2);
    expect(portland.children.map((child) => child.group.name)).toEqual(['Day Shift', 'Long Haul']);
    expect(portland.children.map((child) => child.position)).toEqual([1, 2]);
    expect(tree.byKey.size).toBe(groups.length);
  });

  it('looks IDs up regardless of case, as the service compares them', () => {
    const tree = buildGroupTree([
      group(ROOT, 'Company Root', ROOT),
      group('ABC', 'Upper', ROOT.toLowerCase()),
      group('child', 'Child', 'abc'),
    ]);
    expect(tree.byKey.get('abc')!.children.map((child) => child.group.name)).toEqual(['Child']);
    expect(tree.byKey.get(ROOT.toLowerCase())!.children).toHaveLength(1);
  });

  it('keeps orphans and groups caught in a parent cycle visible at the top level', () => {
    const tree = buildGroupTree([
      group(ROOT, 'Company Root', ROOT),
      group('orphan', 'Orphan', 'deleted-parent'),
      group('loop-a', 'Loop A', 'loop-b'),
      group('loop-b', 'Loop B', 'loop-a'),
    ]);
    expect(tree.roots.map((root) => root.group.name)).toEqual([
      'Company Root',
      'Loop A',
      'Loop B',
      'Orphan',
    ]);
    expect([...tree.byKey.values()].every((node) => node.depth === 0)).toBe(true);
  });

  it('builds 5,000 groups in one pass', () => {
    const many: Group[] = [group(ROOT, 'Company Root', ROOT)];
    for (let index = 0; index < 5_000; index++) {
      many.push(group(`g${index}`, `Group ${index}`, index < 50 ? ROOT : `g${index % 50}`));
    }
    const tree = buildGroupTree(many);
    expect(tree.byKey.size).toBe(5_001);
    expect(tree.byKey.get('g7')!.children).toHaveLength(99);
  });
});

describe('tree helpers', () => {
  const tree = buildGroupTree(groups);
  const day = tree.byKey.get('day')!;
  const north = tree.byKey.get('north')!;

  it('lists ancestors root first and labels paths below the root', () => {
    expect(ancestorsOf(day).map((node) => node.group.name)).toEqual([
      'Company Root',
      'North Region',
      'Portland Depot',
    ]);
    expect(groupPathLabel(day)).toBe('North Region › Portland Depot › Day Shift');
    expect(groupPathLabel(tree.roots[0]!)).toBe('Company Root');
  });

  it('knows what lies within a subtree', () => {
    expect(isWithin(day, north)).toBe(true);
    expect(isWithin(north, day)).toBe(false);
    expect(isWithin(north, north)).toBe(true);
  });
});

describe('visibleGroupTreeRows', () => {
  const tree = buildGroupTree(groups);
  const rootKey = ROOT.toLowerCase();

  it('shows the children of expanded groups only', () => {
    expect(names(visibleGroupTreeRows(tree, new Set([rootKey])))).toEqual([
      'Company Root',
      '  North Region',
      '  South Region',
    ]);
    expect(names(visibleGroupTreeRows(tree, new Set([rootKey, 'north', 'portland'])))).toEqual([
      'Company Root',
      '  North Region',
      '    Portland Depot',
      '      Day Shift',
      '      Long Haul',
      '  South Region',
    ]);
  });
});

describe('searchGroupTree', () => {
  const tree = buildGroupTree(groups);

  it('finds matches case-insensitively and reveals their ancestors in context', () => {
    const search = searchGroupTree(tree, '  long HAUL ')!;
    expect([...search.matchKeys].sort()).toEqual(['long-haul-1', 'long-haul-2']);
    expect([...search.revealKeys].sort()).toEqual(
      ['fresno', 'north', 'portland', 'south', ROOT.toLowerCase()].sort(),
    );
    // Non-matching siblings (Day Shift) stay hidden; ancestors are shown expanded.
    expect(names(visibleGroupTreeRows(tree, search.revealKeys, search))).toEqual([
      'Company Root',
      '  North Region',
      '    Portland Depot',
      '      Long Haul',
      '  South Region',
      '    Fresno Depot',
      '      Long Haul',
    ]);
  });

  it('shows what lies below a match once the user expands it', () => {
    const search = searchGroupTree(tree, 'portland')!;
    const collapsed = visibleGroupTreeRows(tree, search.revealKeys, search);
    expect(names(collapsed)).toEqual(['Company Root', '  North Region', '    Portland Depot']);
    const expanded = visibleGroupTreeRows(
      tree,
      new Set([...search.revealKeys, 'portland']),
      search,
    );
    expect(names(expanded)).toEqual([
      'Company Root',
      '  North Region',
      '    Portland Depot',
      '      Day Shift',
      '      Long Haul',
    ]);
  });

  it('returns nothing for an empty query and no rows when nothing matches', () => {
    expect(searchGroupTree(tree, '   ')).toBeNull();
    const search = searchGroupTree(tree, 'zzz')!;
    expect(visibleGroupTreeRows(tree, search.revealKeys, search)).toEqual([]);
  });
});
