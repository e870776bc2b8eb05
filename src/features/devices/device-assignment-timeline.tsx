import { useLingui as useTranslator } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader, Group, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { vehicleAssignmentRangeQueryOptions } from '@/api/devices';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatDateTime } from '@/lib/format';
import { describeAssignmentChange, matchesAssignmentFilters } from './assignment-change';
import { AssignmentChangeText } from './assignment-change-text';
import { changeRangeFromSearch } from './devices-search';

const kindBullets = { addition: '+', removal: '−', move: '→' } as const;
const kindColors = { addition: 'green', removal: 'red', move: 'blue' } as const;

/** One camera's moves between vehicles over the last `days` days, newest first. */
export function DeviceAssignmentTimeline({
  deviceId,
  range,
}: {
  deviceId: string;
  range: { from: string; to: string };
}) {
  const { t } = useLingui();
  const { _: translate } = useTranslator();
  const checked = changeRangeFromSearch(range);
  const changesQuery = useQuery({
    ...vehicleAssignmentRangeQueryOptions(
      checked.ok ? checked.params : { startDate: '', endDate: '' },
    ),
    enabled: checked.ok,
  });
  const changes = useMemo(
    () =>
      (changesQuery.data ?? [])
        .filter((change) => matchesAssignmentFilters(change, { device: deviceId }))
        .map((change) => ({ change, view: describeAssignmentChange(change, translate) })),
    [changesQuery.data, deviceId, translate],
  );

  if (changesQuery.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">
          <Trans>Reading the assignment history…</Trans>
        </Text>
      </Group>
    );
  }
  if (changesQuery.error) {
    return (
      <QueryErrorAlert
        title={t`The assignment history could not be loaded`}
        error={changesQuery.error}
        onRetry={() => void changesQuery.refetch()}
      />
    );
  }
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>This camera did not change vehicle in this period.</Trans>
      </Text>
    );
  }
  return (
    // Every item "active", so each takes its kind's colour.
    <Timeline
      bulletSize={22}
      lineWidth={2}
      active={changes.length - 1}
      aria-label={t`Assignment history`}
    >
      {changes.map(({ change, view }) => (
        <Timeline.Item
          key={`${change.updatedDate}-${view.text}`}
          bullet={<span aria-hidden="true">{kindBullets[view.kind]}</span>}
          color={kindColors[view.kind]}
          title={<AssignmentChangeText view={view} />}
        >
          <Text size="xs" c="dimmed">
            {formatDateTime(change.updatedDate)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
