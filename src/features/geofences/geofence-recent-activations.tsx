import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  activationEndReasonsQueryOptions,
  geofenceActivationListQueryOptions,
} from '@/api/geofences';
import { AnchorLink } from '@/components/anchor-link';
import { LoadingStatus } from '@/components/page-loader';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatDateTime } from '@/lib/format';
import {
  activationRows,
  describeDuration,
  endReasonsById,
  endReasonText,
  vehicleLabel,
} from './activation-rows';

const RECENT_COUNT = 5;

/** The selected geofence's latest visits, with a way into the full activations table. */
export function GeofenceRecentActivations({ geofenceId }: { geofenceId: string }) {
  const activationsQuery = useQuery(
    geofenceActivationListQueryOptions({
      page: { pageIndex: 0, pageSize: RECENT_COUNT },
      geofenceIdentifier: geofenceId,
      order: 'desc',
    }),
  );
  const reasonsQuery = useQuery(activationEndReasonsQueryOptions());
  const reasons = useMemo(() => endReasonsById(reasonsQuery.data ?? []), [reasonsQuery.data]);
  const rows = useMemo(
    () => activationRows(activationsQuery.data?.items ?? []),
    [activationsQuery.data],
  );

  return (
    <Stack gap="xs" component="section" aria-labelledby="recent-activations-title">
      <Group justify="space-between">
        <Title order={3} size="h5" id="recent-activations-title">
          Recent activations
        </Title>
        <AnchorLink to="/geofences/activations" search={{ geofenceId }} size="sm">
          See all
        </AnchorLink>
      </Group>
      {activationsQuery.isPending ? (
        <LoadingStatus size="sm" label="Loading activations" />
      ) : activationsQuery.error ? (
        <QueryErrorAlert
          title="The activations could not be loaded"
          error={activationsQuery.error}
          onRetry={() => void activationsQuery.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No vehicle has entered this geofence yet.
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map(({ activation, vehicle }) => (
            <li key={activation.activationId}>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text size="sm" fw={500} truncate>
                  {vehicleLabel(vehicle)}
                </Text>
                {activation.activationEndDate ? (
                  <Text size="xs" c="dimmed">
                    {endReasonText(activation, reasons)}
                  </Text>
                ) : (
                  <Badge size="xs" color="green" variant="light">
                    Still inside
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(activation.activationStartDate)} ·{' '}
                {describeDuration(activation.activationStartDate, activation.activationEndDate)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
