import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatCount } from './scorecard-format';
import type { ScorecardProgress } from './scorecard-queries';

/** "12,000 of ~100,000 events": how far the read of a window has come. */
function describeLoadProgress(progress: ScorecardProgress): string {
  const loaded = formatCount(progress.loadedEvents);
  if (progress.complete) {
    return progress.truncated
      ? `The first ${loaded} events (the most recent): narrow the window or the group to see them all`
      : `${loaded} ${progress.loadedEvents === 1 ? 'event' : 'events'}`;
  }
  return progress.expectedEvents !== null
    ? `${loaded} of ~${formatCount(progress.expectedEvents)} events`
    : `${loaded} events so far`;
}

/** The read's progress bar while pages arrive; afterwards, how many events the scorecards cover. */
export function ScorecardLoadProgress({ progress }: { progress: ScorecardProgress }) {
  const text = describeLoadProgress(progress);
  if (progress.complete) {
    return (
      <Text size="sm" c={progress.truncated ? 'orange' : 'dimmed'}>
        Scorecards from {text}.
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
        <Text size="sm">Reading events: {text}</Text>
        <Text size="xs" c="dimmed">
          The ranking updates as they arrive
        </Text>
      </Group>
      <Progress value={percent} animated striped aria-label="Events read" />
    </Stack>
  );
}
