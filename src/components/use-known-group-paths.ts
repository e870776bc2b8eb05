import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { deviceGroupPathsQueryOptions, type DeviceScope } from '@/api/devices';
import { useGroupOptions } from '@/api/group-options';

/**
 * Group ID (lower case) → "Northwest Region › Portland Depot": from the group list, or, for a user
 * without the group routes (they need Group Manager), from their own roles and from the group paths
 * the camera records of `scope` carry. `limitedToOwnGroups` says the map may be partial.
 */
export function useKnownGroupPaths(scope: DeviceScope = {}) {
  const { labelsById, limitedToOwnGroups, unavailableReason } = useGroupOptions();
  const devicePaths = useQuery({
    ...deviceGroupPathsQueryOptions(scope),
    enabled: limitedToOwnGroups,
  });
  const paths = useMemo(
    () => new Map([...labelsById, ...(devicePaths.data ?? [])]),
    [labelsById, devicePaths.data],
  );
  return { paths, limitedToOwnGroups, unavailableReason };
}
