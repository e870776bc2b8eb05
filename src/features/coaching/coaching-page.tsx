import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouterState } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useSignedInUsername } from '@/api/runtime-context';
import {
  coachingBacklogQueryOptions,
  MAX_BACKLOG_EVENTS,
  safetyEventTriggersQueryOptions,
} from '@/api/safety-events';
import { currentUserQueryOptions } from '@/api/users';
import { InBrowserList } from '@/components/list/in-browser-list';
import { useListUrl } from '@/components/list/use-list-url';
import { PageHeader } from '@/components/page-header';
import { useKnownGroupPaths } from '@/components/use-known-group-paths';
import { UserText } from '@/components/user-text';
import { formatNumber } from '@/lib/format';
import { lastLocalDays } from '@/lib/local-date';
import { useToday } from '@/lib/use-today';
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
  backlogEventColumns,
  backlogGroupColumns,
  coachLabel,
  daysText,
  groupLabelOf,
} from './coaching-columns';
import { BACKLOG_WINDOWS, DEFAULT_BACKLOG_DAYS, type CoachingSearch } from './coaching-search';

const route = getRouteApi('/_auth/coaching');

/** At most this many events are read for the backlog (20 of the service's largest pages). */
const DEFAULT_PAGE_SIZE = 25;

/**
 * The coaching backlog: the window's coachable events not coached yet, counted by coach or by
 * group, most overdue first, and the events of the backlog chosen, each opening its event with
 * the queue limited to its coach's backlog.
 */
export function CoachingPage() {
  const { t, i18n } = useLingui();
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
  const groupLabel = useMemo(() => groupLabelOf(paths), [paths]);
  const triggers = useQuery(safetyEventTriggersQueryOptions());
  const triggerNames = useMemo(
    () => new Map((triggers.data ?? []).map((trigger) => [trigger.id, trigger.name])),
    [triggers.data],
  );
  const back = useRouterState({ select: (state) => state.location.href });

  // A change of what is shown starts both lists at their first page.
  const { setFilters } = groupsUrl;
  const choose = useCallback(
    (changes: Partial<CoachingSearch>) => setFilters({ ...changes, eventsPage: undefined }),
    [setFilters],
  );
  const chosenKey = by === 'coach' ? search.coach : search.group;
  // The columns' titles are in the chosen language: a new one builds them again.
  const locale = i18n.locale;
  const groupColumns = useMemo(
    () => backlogGroupColumns({ by, chosenKey, groupLabel, onChoose: choose }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale: see above
    [by, chosenKey, groupLabel, choose, locale],
  );
  const eventColumns = useMemo(
    () => backlogEventColumns({ back, range, groupLabel, triggerNames }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale: see above
    [back, range, groupLabel, triggerNames, locale],
  );
  const maxEvents = formatNumber(MAX_BACKLOG_EVENTS);
  const windowDays = daysText(days);

  const chosenName =
    chosenKey === undefined
      ? null
      : by === 'coach'
        ? coachLabel(chosenKey, groups?.find((group) => group.key === chosenKey)?.coachName ?? null)
        : groupLabel(chosenKey);

  return (
    <Stack gap="md">
      <PageHeader
        title={t`Coaching backlog`}
        description={t`Coachable events not coached yet, by coach or by group, the most overdue first. Open an event to review it with the queue limited to its coach’s backlog.`}
      />
      <Alert color="blue" title={t`Coaching is recorded in the vendor’s coaching workflow`}>
        <Trans>
          The public API cannot record coaching or change an event’s status, so this page only
          reads: the backlog shrinks here once coaching is recorded there and the events are read
          again.
        </Trans>
      </Alert>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="backlog-grouping-label">
            <Trans>Count by</Trans>
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
              { value: 'coach', label: t`Coach` },
              { value: 'group', label: t`Group` },
            ]}
          />
        </Stack>
        <Select
          label={t`Recorded in the last`}
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
            <Trans>My backlog</Trans>
          </Button>
        )}
      </Group>
      {read.data && !read.data.complete && (
        <Alert color="yellow" title={t`Only part of the window was read`}>
          <Trans>
            The backlog counts the first {maxEvents} events recorded in these days. Choose fewer
            days to see all of them.
          </Trans>
        </Alert>
      )}
      <Stack gap="xs" component="section" aria-labelledby="backlog-groups-title">
        <Text fw={600} component="h2" size="lg" id="backlog-groups-title">
          {by === 'coach' ? t`Backlog by coach` : t`Backlog by group`}
        </Text>
        <InBrowserList<BacklogGroup>
          label={by === 'coach' ? t`Backlog by coach` : t`Backlog by group`}
          noun={by === 'coach' ? t`coaches` : t`groups`}
          storeKey={`coaching-backlog-${by}`}
          rows={groups}
          columns={groupColumns}
          idAccessor={(group) => group.key}
          read={read}
          url={groupsUrl}
          filtered={false}
          emptyText={t`No event recorded in the last ${windowDays} is waiting for coaching.`}
        />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="backlog-events-title">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} component="h2" size="lg" id="backlog-events-title">
            {chosenName ? (
              <Trans>
                Awaiting coaching: <UserText>{chosenName}</UserText>
              </Trans>
            ) : (
              t`Every event awaiting coaching`
            )}
          </Text>
          {chosenName && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => choose({ coach: undefined, group: undefined })}
            >
              <Trans>Show every backlog</Trans>
            </Button>
          )}
        </Group>
        <InBrowserList<BacklogEvent>
          label={t`Events awaiting coaching`}
          noun={t`events`}
          storeKey="coaching-backlog-events"
          rows={shownEvents}
          columns={eventColumns}
          idAccessor={(event) => event.id}
          read={read}
          url={eventsUrl}
          filtered={!!chosenKey}
          emptyText={t`No event of this backlog is waiting for coaching.`}
        />
      </Stack>
    </Stack>
  );
}
