import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { ListStates } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';
import { SectionBoundary } from '@/components/section-boundary';
import { formatEventTime } from '@/features/events/event-format';
import { formatNumber } from '@/lib/format';
import { useToday } from '@/lib/use-today';
import {
  defaultQueue,
  openStatusIds,
  overviewQueries,
  RECENT_DAYS,
  type EventQueueFilters,
  type OverviewGroupScope,
  type QueueLinkSearch,
} from './overview-queries';
import { useOverviewScope } from './use-overview-scope';

export function OverviewPage({
  eventQueue,
  cameraHealth,
}: {
  eventQueue: EventQueueFilters;
  /** The devices area's counts of what needs attention in a scope, handed in by the route. */
  cameraHealth?: (scope: OverviewGroupScope) => ReactNode;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const today = useToday();
  const scope = useOverviewScope();
  const scopeKnown = scope.kind !== 'pending';
  const groupScope: OverviewGroupScope = scope.kind === 'group' ? { groupId: scope.groupId } : {};
  const vehicles = useQuery({ ...overviewQueries.vehicles(groupScope), enabled: scopeKnown });
  const devices = useQuery({ ...overviewQueries.devices(groupScope), enabled: scopeKnown });
  const statuses = useQuery(overviewQueries.statuses());
  const triggers = useQuery(overviewQueries.triggers());
  // Only the statuses the service has listed: a count for remembered ones may be out of date.
  const openStatuses = useMemo(
    () => (statuses.data ? openStatusIds(statuses.data) : undefined),
    [statuses.data],
  );
  const openEventsQueue: QueueLinkSearch = { statuses: openStatuses ?? [], ...groupScope };
  const openEvents = useQuery({
    ...overviewQueries.openEvents(eventQueue, openStatuses ?? [], today, groupScope),
    select: (total) => ({ total }),
    enabled: scopeKnown && (openStatuses?.length ?? 0) > 0,
  });
  const recentEvents = useQuery({
    ...overviewQueries.recentEvents(eventQueue, today, groupScope),
    enabled: scopeKnown,
  });
  const groupName = scope.kind === 'group' ? scope.name : null;
  const recentDays = RECENT_DAYS;
  const triggerNames = useMemo(
    () => new Map((triggers.data ?? []).map((trigger) => [trigger.id, trigger.name])),
    [triggers.data],
  );
  const triggerName = (triggerId: number) => triggerNames.get(triggerId) ?? t`Trigger ${triggerId}`;

  return (
    <Stack>
      <PageHeader
        title={t`Overview`}
        description={
          groupName !== null
            ? t`The fleet of ${groupName} and its subgroups at a glance: the groups you work in.`
            : t`The fleet at a glance.`
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CountCard
          label={groupName !== null ? t`Vehicles in ${groupName}` : t`Vehicles`}
          to="/vehicles"
          search={groupScope}
          query={vehicles}
          pending={!scopeKnown}
        />
        <CountCard
          label={groupName !== null ? t`Camera devices in ${groupName}` : t`Camera devices`}
          to="/devices"
          search={groupScope}
          query={devices}
          pending={!scopeKnown}
        />
        <CountCard
          label={
            groupName !== null
              ? t`Open safety events in ${groupName}, last ${recentDays} days`
              : t`Open safety events, last ${recentDays} days`
          }
          to="/events"
          search={openEventsQueue}
          query={openEvents}
          pending={statuses.isLoading || !scopeKnown}
          // Without statuses that say which are open, the number is unknown, not zero.
          failed={statuses.isError || openStatuses === null}
        />
      </SimpleGrid>
      <SectionBoundary what={t`Camera health`}>
        {scopeKnown && cameraHealth?.(groupScope)}
      </SectionBoundary>
      <SectionBoundary what={t`Recent safety events`}>
        <Card withBorder component="section" aria-labelledby="recent-events-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="recent-events-title">
              {groupName !== null ? (
                <Trans>Recent safety events in {groupName}</Trans>
              ) : (
                <Trans>Recent safety events</Trans>
              )}
            </Title>
            <AnchorLink to="/events" search={groupScope} size="sm">
              <Trans>Open the review queue</Trans>
            </AnchorLink>
          </Group>
          <ListStates
            noun={t`safety events`}
            // Until the scope is known, a cached read of another scope is not shown.
            list={scopeKnown ? recentEvents : { ...recentEvents, isPending: true }}
            isEmpty={(recentEvents.data?.items.length ?? 0) === 0}
            loading={
              <Stack gap="xs">
                {[0, 1, 2].map((row) => (
                  <Skeleton key={row} height={24} />
                ))}
              </Stack>
            }
            empty={t`No safety events in the last ${recentDays} days.`}
          >
            <Table aria-label={t`Recent safety events`} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Recorded</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Trigger</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Driver</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Score</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recentEvents.data?.items.map((event) => (
                  <Table.Tr
                    key={event.id}
                    // Pointer shortcut only: keyboard users reach the link in the first cell.
                    onClick={() =>
                      void navigate({
                        to: '/events/$eventId',
                        params: { eventId: event.id },
                        search: { ...defaultQueue, ...groupScope },
                      })
                    }
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>
                      <AnchorLink
                        to="/events/$eventId"
                        params={{ eventId: event.id }}
                        search={{ ...defaultQueue, ...groupScope }}
                        size="sm"
                      >
                        {formatEventTime(event, 'short')}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>{triggerName(event.eventTriggerId)}</Table.Td>
                    <Table.Td>
                      {[event.driverFirstName, event.driverLastName].filter(Boolean).join(' ') ||
                        '—'}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={event.score >= 7 ? 'red' : event.score >= 4 ? 'orange' : 'gray'}
                      >
                        {event.score}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ListStates>
        </Card>
      </SectionBoundary>
    </Stack>
  );
}

function CountCard({
  label,
  to,
  search,
  query,
  pending,
  failed,
}: {
  label: string;
  to: '/vehicles' | '/devices' | '/events';
  /** The filters the number counts, so the link opens exactly that list. */
  search?: QueueLinkSearch & OverviewGroupScope;
  query: { data?: { total: number | null }; error: unknown; isLoading: boolean };
  pending?: boolean;
  /** Something the count depends on could not be read. */
  failed?: boolean;
}) {
  const { t } = useLingui();
  const total = formatNumber(query.data?.total ?? 0);
  return (
    <Card withBorder component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {query.error || failed ? (
        <Text c="red" size="sm" role="alert">
          <Trans>Could not be counted.</Trans>
        </Text>
      ) : query.isLoading || pending ? (
        <Skeleton height={36} width={90} mt={4} />
      ) : (
        <AnchorLink
          to={to}
          search={search ?? {}}
          fz={32}
          fw={600}
          aria-label={t`${label}: ${total}, open the list`}
        >
          {total}
        </AnchorLink>
      )}
    </Card>
  );
}
