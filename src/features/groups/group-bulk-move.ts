import { t } from '@lingui/core/macro';
import { describeError } from '@/api/api-error';
import { groupKey } from '@/api/group-tree';
import type { GroupBulkMoveResult } from '@/api/groups';

export interface RequestedMove {
  groupId: string;
  name: string;
}

export interface BulkMoveOutcome {
  groupId: string;
  name: string;
  moved: boolean;
  /** Why it was not moved, in the service's words where it gave them. */
  reason: string | null;
}

/** One line per requested group, whatever mix of moved, refused and failed requests came back. */
export function bulkMoveOutcomes(
  requested: readonly RequestedMove[],
  result: GroupBulkMoveResult,
): BulkMoveOutcome[] {
  const moved = new Set(result.MovedGroups.map((group) => groupKey(group.id)));
  const refused = new Map(
    result.UnmovedGroups.flatMap((entry) =>
      entry.Group ? [[groupKey(entry.Group.id), entry.ErrorMessage ?? null] as const] : [],
    ),
  );
  const failed = new Map(
    result.failedMoves.map((failure) => [groupKey(failure.move.groupId), failure.error]),
  );
  return requested.map(({ groupId, name }) => {
    const key = groupKey(groupId);
    if (moved.has(key)) return { groupId, name, moved: true, reason: null };
    if (refused.has(key)) {
      return {
        groupId,
        name,
        moved: false,
        reason: refused.get(key) ?? t`The service gave no reason.`,
      };
    }
    if (failed.has(key)) {
      return { groupId, name, moved: false, reason: describeError(failed.get(key)) };
    }
    return { groupId, name, moved: false, reason: t`The service did not report on this group.` };
  });
}
