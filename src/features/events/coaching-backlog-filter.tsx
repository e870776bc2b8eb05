import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, CloseButton, Group } from '@mantine/core';
import type { SafetyEvent } from '@/api/safety-events';
import { UserText } from '@/components/user-text';
import { personName } from './event-format';
import { NO_COACH } from './events-search';
import type { EventsSearch } from './events-search';

/** What the shown events have in common, for the queue's summary line, when the count leaves them out. */
export function uncountedMatchOf(filters: EventsSearch): string | undefined {
  if (!filters.coach && !filters.awaitingCoaching) return undefined;
  // Ends the summary's "12 of 200 events loaded …" sentence.
  return filters.risks?.length ? t`match the browser-side filters` : t`are on the coaching backlog`;
}

function coachLabel(coach: string | undefined, events: readonly SafetyEvent[]): string {
  if (!coach) return t`every coach`;
  if (coach === NO_COACH) return t`no coach yet`;
  const event = events.find(
    (candidate) => candidate.coachId?.toLowerCase() === coach.toLowerCase(),
  );
  return (event && personName(event.coachFirstName, event.coachLastName)) || t`one coach`;
}

/**
 * The queue limited to a coaching backlog (opened from the coaching page): says whose, and lifts
 * the limit. Applied in the browser, as the service has no coach filter.
 */
export function CoachingBacklogFilter({
  filters,
  events,
  onClear,
}: {
  filters: EventsSearch;
  events: readonly SafetyEvent[];
  onClear: () => void;
}) {
  const { t: translate } = useLingui();
  if (!filters.coach && !filters.awaitingCoaching) return null;
  const coach = coachLabel(filters.coach, events);
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color="orange" radius="sm" tt="none">
        {filters.awaitingCoaching ? (
          <Trans>
            Coaching backlog: <UserText>{coach}</UserText> (filtered in your browser)
          </Trans>
        ) : (
          <Trans>
            Coach: <UserText>{coach}</UserText> (filtered in your browser)
          </Trans>
        )}
      </Badge>
      <CloseButton
        size="sm"
        aria-label={translate`Show every event, not only the coaching backlog`}
        onClick={onClear}
      />
    </Group>
  );
}
