import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '@/components/anchor-link';
import { ListStates } from '@/components/list/list-states';
import { formatDateTime } from '@/lib/format';
import { describeDuration, endReasonText, vehicleLabel } from './activation-rows';
import { useActivationRows } from './use-activation-rows';

const RECENT_COUNT = 5;

/**
 * The selected geofence's latest visits, with a way into the full activations table. A short list
 * in the map's side panel, not a table: the panel is too narrow for the table's columns.
 */
export function GeofenceRecentActivations({ geofenceId }: { geofenceId: string }) {
  const { t } = useLingui();
  const { list, reasons } = useActivationRows({
    page: { pageIndex: 0, pageSize: RECENT_COUNT },
    geofenceIdentifier: geofenceId,
    order: 'desc',
  });
  const rows = list.data?.items ?? [];

  return (
    <Stack gap="xs" component="section" aria-labelledby="recent-activations-title">
      <Group justify="space-between">
        <Title order={3} size="h5" id="recent-activations-title">
          <Trans>Recent activations</Trans>
        </Title>
        <AnchorLink to="/geofences/activations" search={{ geofenceId }} size="sm">
          <Trans>See all</Trans>
        </AnchorLink>
      </Group>
      <ListStates
        noun={t`activations`}
        list={list}
        isEmpty={rows.length === 0}
        empty={t`No vehicle has entered this geofence yet.`}
      >
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
                    <Trans>Still inside</Trans>
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
      </ListStates>
    </Stack>
  );
}
