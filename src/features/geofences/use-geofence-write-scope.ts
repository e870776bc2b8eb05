import { t } from '@lingui/core/macro';
import { useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import { collectionGeofences, type Geofence } from '@/api/geofences';
import { useGroupTree } from '@/api/group-options';
import { useAccessRule } from '@/components/use-access-rule';
import { geofenceCollectionQuery } from './geofence-collection-query';

export function geofenceOutOfScopeNote(): string {
  return t`This geofence belongs to a group outside your roles: you can read it, but not change or delete it.`;
}

export type GeofenceWriteScope = (
  geofence: Pick<Geofence, 'geofenceId' | 'groupId'>,
) => boolean | undefined;

/**
 * Whether the signed-in user may change or delete a geofence (docs/access.md);
 * undefined while unknown, when the console keeps offering the change and the service decides.
 * Without the group tree (no Group Manager), the geofences below the user's own groups are read
 * (the map's own per-group read) to place a geofence of a subgroup.
 */
export function useGeofenceWriteScope(): GeofenceWriteScope {
  const { rule, knowsTree, ownWriteGroupIds } = useAccessRule();
  // Only a user refused the tree reads below their groups; while the tree loads, nothing is known.
  const { limitedToOwnGroups } = useGroupTree();
  const readsBelow = !!rule && !knowsTree && limitedToOwnGroups;
  const below = useQueries({
    queries: (readsBelow ? ownWriteGroupIds : []).map((groupId) =>
      geofenceCollectionQuery({ groupId }),
    ),
    combine: (results) => ({
      ids: new Set(
        results
          .flatMap((result) => (result.data ? collectionGeofences(result.data) : []))
          .map(({ geofenceId }) => geofenceId.toLowerCase()),
      ),
      // A failed read leaves the answer unknown, not "outside".
      complete: results.every((result) => result.isSuccess && result.data.complete),
    }),
  });
  return useCallback(
    ({ geofenceId, groupId }) => {
      if (!rule || !groupId) return undefined;
      if (rule.canWriteIn(groupId)) return true;
      if (knowsTree) return false;
      if (!readsBelow) return undefined;
      if (below.ids.has(geofenceId.toLowerCase())) return true;
      return below.complete ? false : undefined;
    },
    [rule, knowsTree, readsBelow, below],
  );
}
