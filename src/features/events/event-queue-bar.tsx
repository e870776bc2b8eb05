import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Kbd, Loader, Paper, Text } from '@mantine/core';
import { formatNumber } from '@/lib/format';
import type { useQueueNeighbours } from './use-queue-neighbours';

/** Where the event stands in the review queue, and Previous and Next (k and j) through it. */

export function EventQueueBar({ queue }: { queue: ReturnType<typeof useQueueNeighbours> }) {
  const { t } = useLingui();
  const { place } = queue;
  let position: string;
  if (queue.queueError) position = t`The queue could not be loaded, so next and previous are off.`;
  else if (queue.positionError) position = t`This event’s place in the queue could not be found.`;
  else if (place.kind === 'found') {
    const eventNumber = formatNumber(place.index + 1);
    const totalCount = queue.total === undefined ? undefined : formatNumber(queue.total);
    position =
      totalCount !== undefined
        ? t`Event ${eventNumber} of ${totalCount} in the queue`
        : t`Event ${eventNumber} in the queue`;
  } else if (place.kind === 'outside') {
    const limit = formatNumber(10_000);
    position =
      place.reason === 'too-far'
        ? t`This event is beyond the first ${limit} events of the queue; next and previous are off.`
        : t`This event is not in the queue with the current filters; next and previous are off.`;
  } else position = t`Finding this event in the queue…`;

  return (
    <Paper withBorder px="md" py="xs">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          {(place.kind === 'pending' ||
            place.kind === 'needs-position' ||
            place.kind === 'needs-more') &&
            !queue.queueError &&
            !queue.positionError && <Loader size="xs" />}
          <Text size="sm">{position}</Text>
          {queue.queueError ? (
            <Button size="compact-xs" variant="light" onClick={queue.retryQueue}>
              <Trans>Try again</Trans>
            </Button>
          ) : null}
        </Group>
        <Group gap="xs">
          {queue.edgeMessage && (
            <Text size="sm" c="dimmed">
              {queue.edgeMessage}
            </Text>
          )}
          <Button
            variant="default"
            size="xs"
            // No focus on click: a following space must play the video, not press this again.
            onMouseDown={(event) => event.preventDefault()}
            onClick={queue.previous}
            disabled={place.kind !== 'found' || !queue.previousId}
            rightSection={
              <Kbd size="xs" className="key-hint">
                k
              </Kbd>
            }
          >
            <Trans>Previous</Trans>
          </Button>
          <Button
            variant="default"
            size="xs"
            onMouseDown={(event) => event.preventDefault()}
            onClick={queue.next}
            loading={queue.loadingNext}
            disabled={place.kind !== 'found' || (!queue.nextId && !place.needsMore)}
            rightSection={
              <Kbd size="xs" className="key-hint">
                j
              </Kbd>
            }
          >
            <Trans>Next</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
