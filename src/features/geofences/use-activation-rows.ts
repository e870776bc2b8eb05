import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  activationEndReasonsQueryOptions,
  geofenceActivationListQueryOptions,
  type GeofenceActivationListParams,
} from '@/api/geofences';
import { activationRowPage, endReasonsById } from './activation-rows';

/**
 * Activations as flat rows, with the end reasons' words. `keepPreviousRows` keeps the last page on
 * screen while a filter or page change loads; a list of one geofence's visits must not.
 */
export function useActivationRows(
  params: GeofenceActivationListParams,
  { keepPreviousRows = false }: { keepPreviousRows?: boolean } = {},
) {
  const list = useQuery({
    ...geofenceActivationListQueryOptions(params),
    select: activationRowPage,
    placeholderData: keepPreviousRows ? keepPreviousData : undefined,
  });
  const reasonsQuery = useQuery(activationEndReasonsQueryOptions());
  const reasons = useMemo(() => endReasonsById(reasonsQuery.data ?? []), [reasonsQuery.data]);
  return { list, reasons };
}
