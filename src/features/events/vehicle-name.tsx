import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  vehicleDetailQueryOptions,
  vehicleNameIndexQueryOptions,
  type VehicleScope,
} from '@/api/vehicles';

/** Vehicle names rarely change; one request per vehicle serves every view that shows it. */
const VEHICLE_NAME_STALE_TIME_MS = 10 * 60_000;

export function useVehicleName(vehicleId: string | null | undefined, enabled = true) {
  return useQuery({
    ...vehicleDetailQueryOptions(vehicleId ?? ''),
    enabled: enabled && !!vehicleId,
    staleTime: VEHICLE_NAME_STALE_TIME_MS,
    select: (vehicle) => vehicle.name,
  });
}

/** Reads a vehicle's name ahead of the page that shows it (the next event of a queue). */
export function prefetchVehicleName(queryClient: QueryClient, vehicleId: string): Promise<void> {
  return queryClient.prefetchQuery({
    ...vehicleDetailQueryOptions(vehicleId),
    staleTime: VEHICLE_NAME_STALE_TIME_MS,
  });
}

/** The names of a queue's vehicles from the vehicle list, read once for the queue's group scope. */
export function useVehicleNameIndex(scope: VehicleScope) {
  return useQuery(vehicleNameIndexQueryOptions(scope));
}

function Dimmed({ children, title }: { children: string; title?: string }) {
  return (
    <Text span c="dimmed" size="sm" title={title}>
      {children}
    </Text>
  );
}

interface VehicleNameCellProps {
  vehicleId: string | null | undefined;
  index: ReturnType<typeof useVehicleNameIndex>;
}

/**
 * A vehicle's name for a table cell, from the queue's name index. A vehicle the index does not
 * hold (moved to another group, or beyond the index's cap) is fetched only when asked, so a page
 * of rows never turns into a request per row.
 */
export function VehicleNameCell({ vehicleId, index }: VehicleNameCellProps) {
  const { t } = useLingui();
  const [asked, setAsked] = useState(false);
  const indexedName = vehicleId ? index.data?.nameById[vehicleId.toLowerCase()] : undefined;
  const detail = useVehicleName(vehicleId, asked && !indexedName);
  if (!vehicleId) return <Dimmed>—</Dimmed>;
  if (indexedName) return <>{indexedName}</>;
  // A name asked for earlier is still in the cache when a virtualised row comes back into view.
  if (detail.data) return <>{detail.data}</>;
  if (index.isPending) return <Skeleton height={10} width={72} radius="sm" />;
  if (!asked) {
    return (
      <UnstyledButton
        fz="sm"
        c="dimmed"
        td="underline"
        title={vehicleId}
        aria-label={t`Show the vehicle's name`}
        onClick={(event) => {
          // The row's own click selects it; this one only asks for the name.
          event.stopPropagation();
          setAsked(true);
        }}
      >
        <Trans>Show name</Trans>
      </UnstyledButton>
    );
  }
  if (detail.error) return <Dimmed title={vehicleId}>{t`Unknown vehicle`}</Dimmed>;
  return <Skeleton height={10} width={72} radius="sm" />;
}
