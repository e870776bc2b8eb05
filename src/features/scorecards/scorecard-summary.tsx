import { useLingui } from '@lingui/react/macro';
import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LookupList } from '@/features/events/use-safety-lookups';
import { formatNumber } from '@/lib/format';
import type { CountById, ScorecardRow } from './aggregate';
import { formatAverage, formatCount } from './scorecard-format';

const PERCENT: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 0 };

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={600}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The headline numbers of a scorecard: events, risk and where coaching stands. */
export function ScorecardStats({ row, label }: { row: ScorecardRow; label: string }) {
  const { t } = useLingui();
  const { metrics } = row;
  const average = formatAverage(metrics.averageScore);
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 5 }}
      spacing="sm"
      component="section"
      aria-label={label}
    >
      <Stat label={t`Events`} value={formatCount(metrics.events)} />
      <Stat
        label={t`Risk score`}
        value={formatCount(metrics.riskScore)}
        hint={t`${average} per event`}
      />
      <Stat label={t`Coached`} value={formatCount(metrics.coached)} />
      <Stat label={t`Awaiting coaching`} value={formatCount(metrics.awaitingCoaching)} />
      <Stat
        label={t`Overdue`}
        value={formatCount(metrics.overdue)}
        hint={t`late for review or coaching`}
      />
    </SimpleGrid>
  );
}

function BreakdownList({
  id,
  title,
  counts,
  names,
  total,
  empty,
}: {
  /** The heading's id: the title is in the reader's language. */
  id: string;
  title: string;
  counts: CountById[];
  names: LookupList;
  total: number;
  empty: string;
}) {
  const titleId = `breakdown-${id}`;
  const largest = counts[0]?.count ?? 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb="xs">
        {title}
      </Title>
      {counts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {counts.map(({ id, count }) => (
            <Box component="li" key={id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">{names.name(id)}</Text>
                <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {formatCount(count)}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({formatNumber(count / Math.max(1, total), PERCENT)})
                  </Text>
                </Text>
              </Group>
              {/* The bar repeats the number beside it for the eye. */}
              <Box
                aria-hidden="true"
                h={4}
                mt={2}
                bg="var(--mantine-primary-color-filled)"
                style={{ width: `${(count / largest) * 100}%`, borderRadius: 2 }}
              />
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** Behaviours and dynamic risks of a scorecard's events, most frequent first. */
export function ScorecardBreakdowns({
  row,
  behaviorNames,
  riskNames,
}: {
  row: ScorecardRow;
  behaviorNames: LookupList;
  riskNames: LookupList;
}) {
  const { t } = useLingui();
  const events = row.metrics.events;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <BreakdownList
        id="behaviours"
        title={t`Behaviours`}
        counts={row.behaviors}
        names={behaviorNames}
        total={events}
        empty={t`No behaviours recorded: they are noted when an event is reviewed.`}
      />
      <BreakdownList
        id="dynamic-risks"
        title={t`Dynamic risks`}
        counts={row.risks}
        names={riskNames}
        total={events}
        empty={t`No dynamic risks recorded.`}
      />
    </SimpleGrid>
  );
}
