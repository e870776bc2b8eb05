import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatCount } from './scorecard-format';
import type { ScorecardProgress } from './scorecard-queries';

/** "12,000 of ~100,000 events": how far the read of a window has come. */
function describeLoadProgress(progress: ScorecardProgress): string {
  const loaded = formatCount(progress.loadedEvents);
  const loadedEvents = progress.loadedEvents;
  if (progress.complete) {
    return progress.truncated
      ? t`The first ${loaded} events (the most recent): narrow the window or the group to see them all`
      : plural(loadedEvents, { one: '# event', other: '# events' });
  }
  if (progress.expectedEvents !== null) {
    const expected = formatCount(progress.expectedEvents);
    return t`${loaded} of ~${expected} events`;
  }
  return t`${loaded} events so far`;
}

/** The read's progress bar while pages arrive; afterwards, how many events the scorecards cover. */
export function ScorecardLoadProgress({ progress }: { progress: ScorecardProgress }) {
  const { t } = useLingui();
  const text = describeLoadProgress(progress);
  if (progress.complete) {
    return (
      <Text size="sm" c={progress.truncated ? 'orange' : 'dimmed'}>
        <Trans>Scorecards from {text}.</Trans>
      </Text>
    );
  }
  const percent =
    progress.expectedEvents && progress.expectedEvents > 0
      ? Math.min(100, Math.round((progress.loadedEvents / progress.expectedEvents) * 100))
      : 0;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          <Trans>Reading events: {text}</Trans>
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>The ranking updates as they arrive</Trans>
        </Text>
      </Group>
      <Progress value={percent} animated striped aria-label={t`Events read`} />
    </Stack>
  );
}
