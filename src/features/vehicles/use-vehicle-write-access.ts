import { useQueries } from '@tanstack/react-query';
import { vehicleListQueryOptions, type Vehicle } from '@/api/vehicles';
import { useAccessRule } from '@/components/use-access-rule';

/** Vehicles sharing a name are few: one page settles whether this one is among them. */
const SAME_NAME_PAGE = { pageIndex: 0, pageSize: 1000 };

export const VEHICLE_OUT_OF_SCOPE_NOTE =
  'This vehicle belongs to a group outside your roles: you can read it, but not edit or delete it.';

/**
 * Whether the signed-in user may change or delete the vehicle (README, "Who can change what");
 * undefined until known. Without the group tree, the service is asked whether the vehicle lies
 * below one of the user's own groups (a listing of those groups with subgroups, by its name).
 */
export function useVehicleWriteAccess(vehicle: Vehicle | undefined): boolean | undefined {
  const { rule, knowsTree, ownWriteGroupIds } = useAccessRule();
  const directly = !!vehicle && !!rule && rule.canWriteIn(vehicle.groupId);
  const askService = !!vehicle && !!rule && !directly && !knowsTree;
  const below = useQueries({
    queries: (askService ? ownWriteGroupIds : []).map((groupId) => ({
      ...vehicleListQueryOptions({
        page: SAME_NAME_PAGE,
        groupId,
        includeSubgroups: true,
        name: vehicle?.name,
      }),
    })),
  });
  if (!vehicle || !rule) return undefined;
  if (directly) return true;
  if (!askService) return false;
  if (below.some((query) => query.data?.items.some((item) => item.id === vehicle.id))) return true;
  return below.every((query) => !query.isPending) ? false : undefined;
}
