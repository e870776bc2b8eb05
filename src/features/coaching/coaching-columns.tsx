import { plural, t } from '@lingui/core/macro';
import { Badge, Button, Text } from '@mantine/core';
import { AnchorLink } from '@/components/anchor-link';
import type { ListColumn } from '@/components/list/data-list';
import { UserText } from '@/components/user-text';
import { formatDateTime, formatNumber, parseDateTime } from '@/lib/format';
import type { BacklogEvent, BacklogGroup, BacklogGrouping } from './coaching-backlog';
import { NO_COACH_KEY, type CoachingSearch } from './coaching-search';

/** A phone shows what needs doing (who, how many, how late); the rest from a tablet's width up. */
const WIDE_ENOUGH = '(min-width: 48em)';

export function daysText(days: number): string {
  return plural(days, { one: '# day', other: '# days' });
}

export function coachLabel(key: string, name: string | null): string {
  if (key === NO_COACH_KEY) return t`No coach yet`;
  return name ?? t`Unnamed coach`;
}

/** "Due Nov 3, 2026, 9:00 AM", under the overdue days on a phone. */
function dueText(dueDate: string): string {
  const due = formatDateTime(dueDate);
  return t`Due ${due}`;
}

/** A trigger the service sent unnamed: its number. */
function triggerFallback(triggerId: number): string {
  return t`Trigger ${triggerId}`;
}

/** A group's label by its ID, from the known group paths. */
export function groupLabelOf(paths: ReadonlyMap<string, string>) {
  return (groupId: string) => paths.get(groupId) ?? t`Group not found`;
}

/** The columns of the backlog counted by coach or by group; a name chooses (or unchooses) it. */
export function backlogGroupColumns({
  by,
  chosenKey,
  groupLabel,
  onChoose,
}: {
  by: BacklogGrouping;
  /** The coach or group whose events are shown, if one is chosen. */
  chosenKey: string | undefined;
  groupLabel: (groupId: string) => string;
  onChoose: (changes: Partial<CoachingSearch>) => void;
}): ListColumn<BacklogGroup>[] {
  const groupName = (group: BacklogGroup) =>
    by === 'coach' ? coachLabel(group.key, group.coachName) : groupLabel(group.key);
  return [
    {
      accessor: 'key',
      title: by === 'coach' ? t`Coach` : t`Group`,
      sortable: true,
      sortValue: groupName,
      exportValue: groupName,
      render: (group) => (
        <Button
          variant={chosenKey === group.key ? 'light' : 'subtle'}
          size="compact-sm"
          aria-pressed={chosenKey === group.key}
          onClick={() =>
            onChoose(
              by === 'coach'
                ? { coach: chosenKey === group.key ? undefined : group.key }
                : { group: chosenKey === group.key ? undefined : group.key },
            )
          }
        >
          <UserText>{groupName(group)}</UserText>
        </Button>
      ),
    },
    {
      accessor: 'count',
      title: t`Awaiting`,
      textAlign: 'right',
      sortable: true,
      sortValue: (group) => group.count,
      exportValue: (group) => group.count,
    },
    {
      accessor: 'overdueCount',
      title: t`Overdue`,
      textAlign: 'right',
      sortable: true,
      sortValue: (group) => group.overdueCount,
      exportValue: (group) => group.overdueCount,
      render: (group) =>
        group.overdueCount > 0 ? (
          <Badge color="red" variant="light" tt="none">
            {formatNumber(group.overdueCount)}
          </Badge>
        ) : (
          '0'
        ),
    },
    {
      accessor: 'mostOverdueDays',
      visibleMediaQuery: WIDE_ENOUGH,
      title: t`Most overdue`,
      sortable: true,
      sortValue: (group) => group.mostOverdueDays,
      exportValue: (group) => group.mostOverdueDays,
      render: (group) => (group.mostOverdueDays > 0 ? daysText(group.mostOverdueDays) : '—'),
    },
    {
      accessor: 'oldestMs',
      visibleMediaQuery: WIDE_ENOUGH,
      title: t`Oldest`,
      noWrap: true,
      sortable: true,
      sortValue: (group) => group.oldestMs,
      exportValue: (group) => new Date(group.oldestMs),
      render: (group) => formatDateTime(new Date(group.oldestMs).toISOString()),
    },
  ];
}

/** The columns of the backlog's events; the recorded time opens the event in its coach's queue. */
export function backlogEventColumns({
  back,
  range,
  groupLabel,
  triggerNames,
}: {
  /** Where the event's page leads back to (this page as it is). */
  back: string;
  /** The backlog's days, which the event's queue keeps. */
  range: { from: string; to: string };
  groupLabel: (groupId: string) => string;
  /** Trigger names by ID (a trigger the service sent unnamed has none). */
  triggerNames: ReadonlyMap<number, string | null | undefined>;
}): ListColumn<BacklogEvent>[] {
  return [
    {
      accessor: 'recordDateUTC',
      title: t`Recorded`,
      noWrap: true,
      sortable: true,
      sortValue: (event) => event.recordMs,
      exportValue: (event) => parseDateTime(event.recordDateUTC),
      render: (event) => (
        <AnchorLink
          to="/events/$eventId"
          params={{ eventId: event.id }}
          // The queue behind j and k: this coach's backlog over the same days.
          search={{
            back,
            from: range.from,
            to: range.to,
            coach: event.coachKey,
            awaitingCoaching: true,
            // Oldest first: next (j) moves towards the events that fall due later.
            sortDirection: 'asc',
          }}
          size="sm"
        >
          {formatDateTime(event.recordDateUTC)}
        </AnchorLink>
      ),
    },
    {
      accessor: 'overdueDays',
      title: t`Overdue`,
      sortable: true,
      sortValue: (event) => event.overdueDays,
      exportValue: (event) => event.overdueDays,
      render: (event) => (
        <>
          {event.overdueDays > 0 ? (
            <Badge color="red" variant="light" tt="none">
              {daysText(event.overdueDays)}
            </Badge>
          ) : (
            t`No`
          )}
          {/* A phone has no room for the due date's column: it goes under the days. */}
          {event.dueDate && (
            <Text size="xs" c="dimmed" hiddenFrom="sm">
              {dueText(event.dueDate)}
            </Text>
          )}
        </>
      ),
    },
    {
      accessor: 'dueDate',
      visibleMediaQuery: WIDE_ENOUGH,
      title: t`Coaching due`,
      noWrap: true,
      sortable: true,
      sortValue: (event) => event.dueDate && Date.parse(event.dueDate),
      exportValue: (event) => parseDateTime(event.dueDate),
      render: (event) => formatDateTime(event.dueDate),
    },
    {
      accessor: 'coachKey',
      visibleMediaQuery: WIDE_ENOUGH,
      title: t`Coach`,
      sortable: true,
      sortValue: (event) => coachLabel(event.coachKey, event.coachName),
      exportValue: (event) => coachLabel(event.coachKey, event.coachName),
      render: (event) => <UserText>{coachLabel(event.coachKey, event.coachName)}</UserText>,
    },
    {
      accessor: 'groupId',
      visibleMediaQuery: WIDE_ENOUGH,
      title: t`Group`,
      sortable: true,
      sortValue: (event) => groupLabel(event.groupId),
      exportValue: (event) => groupLabel(event.groupId),
      render: (event) => <UserText>{groupLabel(event.groupId)}</UserText>,
    },
    {
      accessor: 'driverName',
      visibleMediaQuery: WIDE_ENOUGH,
      title: t`Driver`,
      sortable: true,
      sortValue: (event) => event.driverName,
      exportValue: (event) => event.driverName,
      render: (event) => <UserText>{event.driverName ?? t`No driver`}</UserText>,
    },
    {
      accessor: 'eventTriggerId',
      visibleMediaQuery: WIDE_ENOUGH,
      title: t`Trigger`,
      sortable: true,
      sortValue: (event) => triggerNames.get(event.eventTriggerId),
      exportValue: (event) => triggerNames.get(event.eventTriggerId),
      render: (event) =>
        triggerNames.get(event.eventTriggerId) ?? triggerFallback(event.eventTriggerId),
    },
    {
      accessor: 'score',
      visibleMediaQuery: WIDE_ENOUGH,
      title: t`Score`,
      textAlign: 'right',
      sortable: true,
      sortValue: (event) => event.score,
      exportValue: (event) => event.score,
    },
  ];
}
