import { useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deviceSearchIndexQueryOptions, type Device } from '@/api/devices';
import { vehicleSearchIndexQueryOptions, type Vehicle } from '@/api/vehicles';
import { useAccessRule } from './use-access-rule';

export { VEHICLE_OUT_OF_SCOPE_NOTE } from './vehicle-out-of-scope-note';

interface IndexRead<T> {
  data?: T;
  isPending: boolean;
}

// Outside the hooks: a combine function that stays the same is only run again when the reads
// change, so the scope keeps its identity between renders (the dispatch check restarts on a new
// one, and never finished 10,000 rows).
function vehiclesBelow(results: IndexRead<{ vehicles: readonly Pick<Vehicle, 'id'>[] }>[]) {
  return {
    ids: new Set(results.flatMap((result) => result.data?.vehicles ?? []).map(({ id }) => id)),
    settled: results.every((result) => !result.isPending),
  };
}

function camerasBelow(results: IndexRead<{ devices: readonly Pick<Device, 'deviceId'>[] }>[]) {
  return {
    ids: new Set(
      results.flatMap((result) => result.data?.devices ?? []).map(({ deviceId }) => deviceId),
    ),
    settled: results.every((result) => !result.isPending),
  };
}

export type VehicleWriteScope = (vehicle: Pick<Vehicle, 'id' | 'groupId'>) => boolean | undefined;

/**
 * Whether the signed-in user may change or delete a vehicle (docs/access.md);
 * undefined while unknown. Without the group tree, the vehicles below the user's own groups are
 * read once (the same index the VIN search uses) to place a vehicle of a subgroup.
 */
export function useVehicleWriteScope(): VehicleWriteScope {
  const { rule, knowsTree, ownWriteGroupIds } = useAccessRule();
  const below = useQueries({
    queries: (rule && !knowsTree ? ownWriteGroupIds : []).map((groupId) =>
      vehicleSearchIndexQueryOptions({ groupId, includeSubgroups: true }),
    ),
    combine: vehiclesBelow,
  });
  return useCallback(
    (vehicle) => {
      if (!rule) return undefined;
      if (rule.canWriteIn(vehicle.groupId)) return true;
      if (knowsTree) return false;
      if (below.ids.has(vehicle.id)) return true;
      return below.settled ? false : undefined;
    },
    [rule, knowsTree, below],
  );
}

export function useVehicleWriteAccess(vehicle: Vehicle | undefined): boolean | undefined {
  const scope = useVehicleWriteScope();
  return vehicle ? scope(vehicle) : undefined;
}

export type CameraWriteScope = (
  device: Pick<Device, 'deviceId' | 'groupId'>,
) => boolean | undefined;

/**
 * Whether the signed-in user may put a camera in one of their vehicles: its group (a spare's own,
 * or that of the vehicle it is in) must be in their write scope, as the service checks; undefined
 * while unknown. Without the group tree, the cameras below the user's own groups are read once
 * (when `enabled`) to place a camera of a subgroup.
 */
export function useCameraWriteScope({ enabled }: { enabled: boolean }): CameraWriteScope {
  const { rule, knowsTree, ownWriteGroupIds } = useAccessRule();
  const below = useQueries({
    queries: (enabled && rule && !knowsTree ? ownWriteGroupIds : []).map((groupId) =>
      deviceSearchIndexQueryOptions({ groupId, includeSubgroups: true }),
    ),
    combine: camerasBelow,
  });
  return useCallback(
    (device) => {
      if (!rule || !device.groupId) return undefined;
      if (rule.canWriteIn(device.groupId)) return true;
      if (knowsTree) return false;
      if (below.ids.has(device.deviceId)) return true;
      return below.settled ? false : undefined;
    },
    [rule, knowsTree, below],
  );
}
