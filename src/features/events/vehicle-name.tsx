import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { vehicleDetailQueryOptions } from '@/api/vehicles';

/** Vehicle names rarely change; one request per vehicle serves every row and event that shows it. */
const VEHICLE_NAME_STALE_TIME_MS = 10 * 60_000;

export function useVehicleName(vehicleId: string | null | undefined) {
  return useQuery({
    ...vehicleDetailQueryOptions(vehicleId ?? ''),
    enabled: !!vehicleId,
    staleTime: VEHICLE_NAME_STALE_TIME_MS,
    select: (vehicle) => vehicle.name,
  });
}

/** A vehicle's name for a table cell, resolved through the vehicles API and cached. */
export function VehicleName({ vehicleId }: { vehicleId: string | null | undefined }) {
  const query = useVehicleName(vehicleId);
  if (!vehicleId)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  if (query.data) return <>{query.data}</>;
  if (query.error) {
    return (
      <Text span c="dimmed" size="sm" title={vehicleId}>
        Unknown vehicle
      </Text>
    );
  }
  return <Skeleton height={10} width={72} radius="sm" />;
}
