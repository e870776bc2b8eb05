import { Badge, CloseButton, Group } from '@mantine/core';
import type { SafetyEvent } from '@/api/safety-events';
import { UserText } from '@/components/user-text';
import { personName } from './event-format';
import { NO_COACH } from './events-search';
import type { EventsSearch } from './events-search';

/** What the shown events have in common, for the queue's summary line, when the count leaves them out. */
export function uncountedMatchOf(filters: EventsSearch): string | undefined {
  if (!filters.coach && !filters.awaitingCoaching) return undefined;
  return filters.risks?.length ? 'match the browser-side filters' : 'are on the coaching backlog';
}

function coachLabel(coach: string | undefined, events: readonly SafetyEvent[]): string {
  if (!coach) return 'every coach';
  if (coach === NO_COACH) return 'no coach yet';
  const event = events.find(
    (candidate) => candidate.coachId?.toLowerCase() === coach.toLowerCase(),
  );
  return (event && personName(event.coachFirstName, event.coachLastName)) || 'one coach';
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
  if (!filters.coach && !filters.awaitingCoaching) return null;
  const what = filters.awaitingCoaching ? 'Coaching backlog' : 'Coach';
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color="orange" radius="sm" tt="none">
        {what}: <UserText>{coachLabel(filters.coach, events)}</UserText> (filtered in your browser)
      </Badge>
      <CloseButton
        size="sm"
        aria-label="Show every event, not only the coaching backlog"
        onClick={onClear}
      />
    </Group>
  );
}
