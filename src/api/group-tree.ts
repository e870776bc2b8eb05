import { compareText } from '@/lib/collate';
import { formatGroupPath, namesBelowRoot, readGroupPath } from '@/lib/group-path';
import type { Group } from './groups';

/**
 * The group tree built on the client from the flat list (Groups API, GET /groups; the service has
 * no tree endpoint). Pure functions, linear in the number of groups, so 5,000 groups stay cheap.
 */
export interface GroupTreeNode {
  /** Lower-cased ID: the service compares IDs case-insensitively, so lookups do too. */
  key: string;
  group: Group;
  parent: GroupTreeNode | null;
  /** Sorted by name. */
  children: GroupTreeNode[];
  /** 0 for a top-level group (the root). */
  depth: number;
  /** 1-based position among its siblings, for aria-posinset. */
  position: number;
}

export interface GroupTree {
  /** Normally just the root; orphans (parent missing) appear here too rather than vanishing. */
  roots: GroupTreeNode[];
  byKey: ReadonlyMap<string, GroupTreeNode>;
}

export const groupKey = (id: string): string => id.toLowerCase();

const compareNodes = (a: GroupTreeNode, b: GroupTreeNode) =>
  compareText(a.group.name, b.group.name);

export function isRootGroup(group: Group): boolean {
  return groupKey(group.id) === groupKey(group.rootGroupId) || group.id === group.parentId;
}

export function buildGroupTree(groups: readonly Group[]): GroupTree {
  const byKey = new Map<string, GroupTreeNode>();
  for (const group of groups) {
    const key = groupKey(group.id);
    if (byKey.has(key)) continue;
    byKey.set(key, { key, group, parent: null, children: [], depth: 0, position: 1 });
  }
  const roots: GroupTreeNode[] = [];
  for (const node of byKey.values()) {
    const parent = isRootGroup(node.group) ? undefined : byKey.get(groupKey(node.group.parentId));
    if (parent && parent !== node) {
      node.parent = parent;
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  // Depths and positions from the top; a parent cycle in bad data is never reached from a root.
  const reached = new Set<GroupTreeNode>();
  const assignDepths = (level: GroupTreeNode[], depth: number) => {
    let current = level;
    let currentDepth = depth;
    while (current.length > 0) {
      const next: GroupTreeNode[] = [];
      for (const node of current) {
        reached.add(node);
        node.depth = currentDepth;
        node.children.sort(compareNodes);
        node.children.forEach((child, index) => {
          child.position = index + 1;
        });
        next.push(...node.children);
      }
      current = next;
      currentDepth++;
    }
  };
  roots.sort(compareNodes);
  assignDepths(roots, 0);
  if (reached.size < byKey.size) {
    // Groups caught in a parent cycle (bad data): list them at the top level so none vanishes.
    const cut = [...byKey.values()].filter((node) => !reached.has(node));
    for (const node of cut) {
      node.parent = null;
      node.children = [];
    }
    roots.push(...cut);
    roots.sort(compareNodes);
    assignDepths(cut, 0);
  }
  roots.forEach((root, index) => {
    root.position = index + 1;
  });
  return { roots, byKey };
}

/** Root first, the node's parent last; the node itself is not included. */
export function ancestorsOf(node: GroupTreeNode): GroupTreeNode[] {
  const chain: GroupTreeNode[] = [];
  for (let current = node.parent; current; current = current.parent) chain.push(current);
  return chain.reverse();
}

/** True when `node` is `ancestor` or lies anywhere below it. */
export function isWithin(node: GroupTreeNode, ancestor: GroupTreeNode): boolean {
  for (let current: GroupTreeNode | null = node; current; current = current.parent) {
    if (current === ancestor) return true;
  }
  return false;
}

/** "Northwest Region › Portland Depot": names below the root, which every group shares. */
export function groupPathLabel(node: GroupTreeNode): string {
  return formatGroupPath(namesBelowRoot(groupPathNames(node)));
}

/** Names from the root down to the node, as the service's fullPath has them. */
export function groupPathNames(node: GroupTreeNode): string[] {
  return [...ancestorsOf(node), node].map((member) => member.group.name);
}

/** A group's names below the root, from its own `fullPath`; the root keeps its own name. */
export function fullPathBelowRoot(group: Pick<Group, 'id' | 'rootGroupId' | 'fullPath'>): string[] {
  const names = readGroupPath(group.fullPath, 'groups');
  return group.id === group.rootGroupId ? names : names.slice(1);
}

/** What names a group in lists ("Northwest Region › Portland Depot"): its path, else its name. */
export function groupLabelNames(group: Group): readonly string[] {
  const names = fullPathBelowRoot(group);
  return formatGroupPath(names) ? names : [group.name];
}

export interface GroupTreeRow {
  node: GroupTreeNode;
  expanded: boolean;
}

export interface GroupTreeSearch {
  query: string;
  matchKeys: ReadonlySet<string>;
  /** Ancestors of the matches: shown and expanded so each match appears in context. */
  revealKeys: ReadonlySet<string>;
}

/** Groups whose name contains the query (case-insensitive), or null for an empty query. */
export function searchGroupTree(tree: GroupTree, query: string): GroupTreeSearch | null {
  const needle = query.trim().toLowerCase();
  if (!needle) return null;
  const matchKeys = new Set<string>();
  const revealKeys = new Set<string>();
  for (const node of tree.byKey.values()) {
    if (!node.group.name.toLowerCase().includes(needle)) continue;
    matchKeys.add(node.key);
    // Stop at the first ancestor already revealed: its own ancestors are too, so this stays linear.
    for (let parent = node.parent; parent && !revealKeys.has(parent.key); parent = parent.parent) {
      revealKeys.add(parent.key);
    }
  }
  return { query: needle, matchKeys, revealKeys };
}

/**
 * The rows a tree shows, in order: every child of an expanded row. With a search, only matches,
 * their ancestors, and whatever the user expands below a match.
 */
export function visibleGroupTreeRows(
  tree: GroupTree,
  expandedKeys: ReadonlySet<string>,
  search: GroupTreeSearch | null = null,
): GroupTreeRow[] {
  const rows: GroupTreeRow[] = [];
  const visit = (node: GroupTreeNode, insideMatch: boolean) => {
    if (
      search &&
      !insideMatch &&
      !search.matchKeys.has(node.key) &&
      !search.revealKeys.has(node.key)
    )
      return;
    const expanded = node.children.length > 0 && expandedKeys.has(node.key);
    rows.push({ node, expanded });
    if (!expanded) return;
    const childrenInsideMatch = insideMatch || (search?.matchKeys.has(node.key) ?? false);
    for (const child of node.children) visit(child, childrenInsideMatch);
  };
  for (const root of tree.roots) visit(root, false);
  return rows;
}
