import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { deviceGroupPathsQueryOptions, type DeviceScope } from '@/api/devices';
import { useGroupOptions } from '@/api/group-options';
import { groupLabelNames } from '@/api/group-tree';
import { formatGroupPath } from '@/lib/group-path';

/**
 * Group ID (lower case) → its names below the root (`names`) and their label (`paths`, "Northwest
 * Region › Portland Depot"): from the group list, or, for a user without the group routes (they
 * need Group Manager), from their own roles and from the group paths the camera records of `scope`
 * carry. `limitedToOwnGroups` says the maps may be partial.
 */
export function useKnownGroupPaths(scope: DeviceScope = {}) {
  const { groupsById, limitedToOwnGroups, unavailableReason } = useGroupOptions();
  const devicePaths = useQuery({
    ...deviceGroupPathsQueryOptions(scope),
    enabled: limitedToOwnGroups,
  });
  const names = useMemo(
    () =>
      new Map<string, readonly string[]>([
        ...[...groupsById].map(([key, group]) => [key, groupLabelNames(group)] as const),
        ...(devicePaths.data ?? []),
      ]),
    [groupsById, devicePaths.data],
  );
  const paths = useMemo(
    () => new Map([...names].map(([key, groupNames]) => [key, formatGroupPath(groupNames)])),
    [names],
  );
  return { names, paths, limitedToOwnGroups, unavailableReason };
}
