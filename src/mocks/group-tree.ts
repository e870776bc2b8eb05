import type { AuditAction, AuditLogRecord, GroupRecord } from './db';

/** The root plus twelve sub-group levels: the depth the bulk-import CSV layout can express. */
export const MAX_GROUP_DEPTH = 13;

/** A read-only view of the group tree, built once per request so paths cost O(depth) each. */
export interface GroupIndex {
  byId(id: string): GroupRecord | undefined;
  children(id: string): GroupRecord[];
  /** Root first, the group itself last. */
  ancestry(group: GroupRecord): GroupRecord[];
  /** Names from the root joined by `\`; each name URL-encoded when asked (the list's default). */
  fullPath(group: GroupRecord, encode?: boolean): string;
  fullPathId(group: GroupRecord): string;
  /** 1 for the root. */
  depth(group: GroupRecord): number;
}

const isRoot = (group: GroupRecord) => group.id === group.parentId;

export function indexGroups(groups: readonly GroupRecord[]): GroupIndex {
  const byId = new Map<string, GroupRecord>();
  const childrenByParent = new Map<string, GroupRecord[]>();
  for (const group of groups) byId.set(group.id.toLowerCase(), group);
  for (const group of groups) {
    if (isRoot(group)) continue;
    const key = group.parentId.toLowerCase();
    const siblings = childrenByParent.get(key);
    if (siblings) siblings.push(group);
    else childrenByParent.set(key, [group]);
  }
  const ancestryCache = new Map<string, GroupRecord[]>();

  const ancestry = (group: GroupRecord): GroupRecord[] => {
    const cached = ancestryCache.get(group.id);
    if (cached) return cached;
    const parent = isRoot(group) ? undefined : byId.get(group.parentId.toLowerCase());
    // An orphan (parent deleted) starts its own path rather than failing the whole request.
    const chain = parent && parent !== group ? [...ancestry(parent), group] : [group];
    ancestryCache.set(group.id, chain);
    return chain;
  };

  return {
    byId: (id) => byId.get(id.toLowerCase()),
    children: (id) => childrenByParent.get(id.toLowerCase()) ?? [],
    ancestry,
    fullPath: (group, encode = false) =>
      ancestry(group)
        .map((member) => (encode ? encodeURIComponent(member.name) : member.name))
        .join('\\'),
    fullPathId: (group) =>
      ancestry(group)
        .map((member) => member.id)
        .join('\\'),
    depth: (group) => ancestry(group).length,
  };
}

/** The audit row for an action on a group, with the group as it stands after the action. */
export function auditLogRecord(
  index: GroupIndex,
  entry: {
    logId: string;
    action: AuditAction;
    group: GroupRecord;
    actorUserId: string;
    at: string;
  },
): AuditLogRecord {
  const { group } = entry;
  const deleted = entry.action === 'DELETE';
  return {
    logId: entry.logId,
    action: entry.action,
    group: {
      id: group.id,
      name: group.name,
      description: group.description,
      parentId: group.parentId,
      rootGroupId: group.rootGroupId,
      revision: group.revision,
      createdDate: group.createdDate,
      updatedDate: group.updatedDate,
      fullPath: index.fullPath(group),
      fullPathId: index.fullPathId(group),
    },
    isDeleted: deleted,
    deletedDate: deleted ? entry.at : null,
    actorUserId: entry.actorUserId,
    at: entry.at,
  };
}
