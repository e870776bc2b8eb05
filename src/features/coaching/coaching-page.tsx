import { Alert, Badge, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouterState } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useSignedInUsername } from '@/api/runtime-context';
import {
  coachingBacklogQueryOptions,
  MAX_BACKLOG_EVENTS,
  safetyEventTriggersQueryOptions,
} from '@/api/safety-events';
import { currentUserQueryOptions } from '@/api/users';
import { AnchorLink } from '@/components/anchor-link';
import type { ListColumn } from '@/components/list/data-list';
import { useListUrl } from '@/components/list/use-list-url';
import { PageHeader } from '@/components/page-header';
import { UserText } from '@/components/user-text';
import { useKnownGroupPaths } from '@/components/use-known-group-paths';
import { formatDateTime, parseDateTime } from '@/lib/format';
import { lastLocalDays } from '@/lib/local-date';
import { useToday } from '@/lib/use-today';
import { InBrowserList } from '@/components/list/in-browser-list';
import {
  backlogEventsOf,
  compareBacklogEvents,
  groupBacklog,
  isCoachOfAny,
  type BacklogEvent,
  type BacklogGroup,
  type BacklogGrouping,
} from './coaching-backlog';
import {
  BACKLOG_WINDOWS,
  DEFAULT_BACKLOG_DAYS,
  NO_COACH_KEY,
  type CoachingSearch,
} from './coaching-search';

const route = getRouteApi('/_auth/coaching');

/** At most this many events are read for the backlog (20 of the service's largest pages). */
const DEFAULT_PAGE_SIZE = 25;
const dayCount = new Intl.NumberFormat();
/** A phone shows what needs doing (who, how many, how late); the rest from a tablet's width up. */
const WIDE_ENOUGH = '(min-width: 48em)';

function daysText(days: number): string {
  return `${dayCount.format(days)} day${days === 1 ? '' : 's'}`;
}

function coachLabel(key: string, name: string | null): string {
  if (key === NO_COACH_KEY) return 'No coach yet';
  return name ?? 'Unnamed coach';
}

/**
 * The coaching backlog: the window's coachable events not coached yet, counted by coach or by
 * group, most overdue first, and the events of the backlog chosen, each opening its event with
 * the queue limited to its coach's backlog.
 */
export function CoachingPage() {
  const groupsUrl = useListUrl(route, {
    keys: { page: 'page', pageSize: 'pageSize' },
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  const eventsUrl = useListUrl(route, {
    keys: { page: 'eventsPage', pageSize: 'eventsPageSize' },
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  const { search } = groupsUrl;
  const by: BacklogGrouping = search.by ?? 'coach';
  const days = search.days ?? DEFAULT_BACKLOG_DAYS;
  const today = useToday();
  const range = useMemo(() => lastLocalDays(days, today), [days, today]);
  const read = useQuery(coachingBacklogQueryOptions(range));
  // Whether coaching is overdue, as of when the page was opened.
  const [nowMs] = useState(() => Date.now());
  const backlog = useMemo(
    () => (read.data ? backlogEventsOf(read.data.items, nowMs) : undefined),
    [read.data, nowMs],
  );
  const groups = useMemo(() => backlog && groupBacklog(backlog, by), [backlog, by]);
  const shownEvents = useMemo(
    () =>
      backlog
        ?.filter(
          (event) =>
            (!search.coach || event.coachKey === search.coach) &&
            (!search.group || event.groupId === search.group),
        )
        .sort(compareBacklogEvents),
    [backlog, search.coach, search.group],
  );

  const username = useSignedInUsername();
  const currentUser = useQuery({
    ...currentUserQueryOptions(username ?? ''),
    enabled: !!username,
  });
  const myId = currentUser.data?.userId.toLowerCase();
  const isCoach = !!myId && !!read.data && isCoachOfAny(read.data.items, myId);
  const showingMine = !!myId && search.coach === myId;

  const { paths } = useKnownGroupPaths();
  const groupLabel = (groupId: string) => paths.get(groupId) ?? 'Group not found';
  const triggers = useQuery(safetyEventTriggersQueryOptions());
  const triggerNames = useMemo(
    () => new Map((triggers.data ?? []).map((trigger) => [trigger.id, trigger.name])),
    [triggers.data],
  );
  const back = useRouterState({ select: (state) => state.location.href });

  // A change of what is shown starts both lists at their first page.
  const choose = (changes: Partial<CoachingSearch>) =>
    groupsUrl.setFilters({ ...changes, eventsPage: undefined });
  const chosenKey = by === 'coach' ? search.coach : search.group;
  const groupName = (group: BacklogGroup) =>
    by === 'coach' ? coachLabel(group.key, group.coachName) : groupLabel(group.key);

  const groupColumns: ListColumn<BacklogGroup>[] = [
    {
      accessor: 'key',
      title: by === 'coach' ? 'Coach' : 'Group',
      sortable: true,
      sortValue: groupName,
      exportValue: groupName,
      render: (group) => (
        <Button
          variant={chosenKey === group.key ? 'light' : 'subtle'}
          size="compact-sm"
          aria-pressed={chosenKey === group.key}
          onClick={() =>
            choose(
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
      title: 'Awaiting',
      textAlign: 'right',
      sortable: true,
      sortValue: (group) => group.count,
      exportValue: (group) => group.count,
    },
    {
      accessor: 'overdueCount',
      title: 'Overdue',
      textAlign: 'right',
      sortable: true,
      sortValue: (group) => group.overdueCount,
      exportValue: (group) => group.overdueCount,
      render: (group) =>
        group.overdueCount > 0 ? (
          <Badge color="red" variant="light" tt="none">
            {dayCount.format(group.overdueCount)}
          </Badge>
        ) : (
          '0'
        ),
    },
    {
      accessor: 'mostOverdueDays',
      visibleMediaQuery: WIDE_ENOUGH,
      title: 'Most overdue',
      sortable: true,
      sortValue: (group) => group.mostOverdueDays,
      exportValue: (group) => group.mostOverdueDays,
      render: (group) => (group.mostOverdueDays > 0 ? daysText(group.mostOverdueDays) : '—'),
    },
    {
      accessor: 'oldestMs',
      visibleMediaQuery: WIDE_ENOUGH,
      title: 'Oldest',
      noWrap: true,
      sortable: true,
      sortValue: (group) => group.oldestMs,
      exportValue: (group) => new Date(group.oldestMs),
      render: (group) => formatDateTime(new Date(group.oldestMs).toISOString()),
    },
  ];

  const eventColumns: ListColumn<BacklogEvent>[] = [
    {
      accessor: 'recordDateUTC',
      title: 'Recorded',
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
      title: 'Overdue',
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
            'No'
          )}
          {/* A phone has no room for the due date's column: it goes under the days. */}
          {event.dueDate && (
            <Text size="xs" c="dimmed" hiddenFrom="sm">
              Due {formatDateTime(event.dueDate)}
            </Text>
          )}
        </>
      ),
    },
    {
      accessor: 'dueDate',
      visibleMediaQuery: WIDE_ENOUGH,
      title: 'Coaching due',
      noWrap: true,
      sortable: true,
      sortValue: (event) => event.dueDate && Date.parse(event.dueDate),
      exportValue: (event) => parseDateTime(event.dueDate),
      render: (event) => formatDateTime(event.dueDate),
    },
    {
      accessor: 'coachKey',
      visibleMediaQuery: WIDE_ENOUGH,
      title: 'Coach',
      sortable: true,
      sortValue: (event) => coachLabel(event.coachKey, event.coachName),
      exportValue: (event) => coachLabel(event.coachKey, event.coachName),
      render: (event) => <UserText>{coachLabel(event.coachKey, event.coachName)}</UserText>,
    },
    {
      accessor: 'groupId',
      visibleMediaQuery: WIDE_ENOUGH,
      title: 'Group',
      sortable: true,
      sortValue: (event) => groupLabel(event.groupId),
      exportValue: (event) => groupLabel(event.groupId),
      render: (event) => <UserText>{groupLabel(event.groupId)}</UserText>,
    },
    {
      accessor: 'driverName',
      visibleMediaQuery: WIDE_ENOUGH,
      title: 'Driver',
      sortable: true,
      sortValue: (event) => event.driverName,
      exportValue: (event) => event.driverName,
      render: (event) => <UserText>{event.driverName ?? 'No driver'}</UserText>,
    },
    {
      accessor: 'eventTriggerId',
      visibleMediaQuery: WIDE_ENOUGH,
      title: 'Trigger',
      sortable: true,
      sortValue: (event) => triggerNames.get(event.eventTriggerId),
      exportValue: (event) => triggerNames.get(event.eventTriggerId),
      render: (event) =>
        triggerNames.get(event.eventTriggerId) ?? `Trigger ${event.eventTriggerId}`,
    },
    {
      accessor: 'score',
      visibleMediaQuery: WIDE_ENOUGH,
      title: 'Score',
      textAlign: 'right',
      sortable: true,
      sortValue: (event) => event.score,
      exportValue: (event) => event.score,
    },
  ];

  const chosenName =
    chosenKey === undefined
      ? null
      : by === 'coach'
        ? coachLabel(chosenKey, groups?.find((group) => group.key === chosenKey)?.coachName ?? null)
        : groupLabel(chosenKey);

  return (
    <Stack gap="md">
      <PageHeader
        title="Coaching backlog"
        description="Coachable events not coached yet, by coach or by group, the most overdue first. Open an event to review it with the queue limited to its coach’s backlog."
      />
      <Alert color="blue" title="Coaching is recorded in the vendor’s coaching workflow">
        The public API cannot record coaching or change an event’s status, so this page only reads:
        the backlog shrinks here once coaching is recorded there and the events are read again.
      </Alert>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="backlog-grouping-label">
            Count by
          </Text>
          <SegmentedControl
            aria-labelledby="backlog-grouping-label"
            value={by}
            onChange={(value) =>
              choose({
                by: value === 'group' ? 'group' : undefined,
                coach: undefined,
                group: undefined,
              })
            }
            data={[
              { value: 'coach', label: 'Coach' },
              { value: 'group', label: 'Group' },
            ]}
          />
        </Stack>
        <Select
          label="Recorded in the last"
          w={160}
          allowDeselect={false}
          value={String(days)}
          onChange={(value) => {
            const chosen = BACKLOG_WINDOWS.find((window) => String(window) === value);
            choose({ days: chosen === DEFAULT_BACKLOG_DAYS ? undefined : chosen });
          }}
          data={BACKLOG_WINDOWS.map((window) => ({
            value: String(window),
            label: daysText(window),
          }))}
        />
        {isCoach && (
          <Button
            variant={showingMine ? 'filled' : 'default'}
            aria-pressed={showingMine}
            onClick={() =>
              choose(
                showingMine
                  ? { coach: undefined }
                  : { by: undefined, coach: myId, group: undefined },
              )
            }
          >
            My backlog
          </Button>
        )}
      </Group>
      {read.data && !read.data.complete && (
        <Alert color="yellow" title="Only part of the window was read">
          The backlog counts the first {dayCount.format(MAX_BACKLOG_EVENTS)} events recorded in
          these days. Choose fewer days to see all of them.
        </Alert>
      )}
      <Stack gap="xs" component="section" aria-labelledby="backlog-groups-title">
        <Text fw={600} component="h2" size="lg" id="backlog-groups-title">
          {by === 'coach' ? 'Backlog by coach' : 'Backlog by group'}
        </Text>
        <InBrowserList<BacklogGroup>
          label={by === 'coach' ? 'Backlog by coach' : 'Backlog by group'}
          noun={by === 'coach' ? 'coaches' : 'groups'}
          storeKey={`coaching-backlog-${by}`}
          rows={groups}
          columns={groupColumns}
          idAccessor={(group) => group.key}
          read={read}
          url={groupsUrl}
          filtered={false}
          emptyText={`No event recorded in the last ${daysText(days)} is waiting for coaching.`}
        />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="backlog-events-title">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} component="h2" size="lg" id="backlog-events-title">
            {chosenName ? (
              <>
                Awaiting coaching: <UserText>{chosenName}</UserText>
              </>
            ) : (
              'Every event awaiting coaching'
            )}
          </Text>
          {chosenName && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => choose({ coach: undefined, group: undefined })}
            >
              Show every backlog
            </Button>
          )}
        </Group>
        <InBrowserList<BacklogEvent>
          label="Events awaiting coaching"
          noun="events"
          storeKey="coaching-backlog-events"
          rows={shownEvents}
          columns={eventColumns}
          idAccessor={(event) => event.id}
          read={read}
          url={eventsUrl}
          filtered={!!chosenKey}
          emptyText="No event of this backlog is waiting for coaching."
        />
      </Stack>
    </Stack>
  );
}
