import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { ListStates } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';
import { SectionBoundary } from '@/components/section-boundary';
import { formatEventTime } from '@/features/events/event-format';
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
  const inScope = scope.kind === 'group' ? ` in ${scope.name}` : '';
  const triggerName = useMemo(() => {
    const names = new Map((triggers.data ?? []).map((trigger) => [trigger.id, trigger.name]));
    return (id: number) => names.get(id) ?? `Trigger ${id}`;
  }, [triggers.data]);

  return (
    <Stack>
      <PageHeader
        title="Overview"
        description={
          scope.kind === 'group'
            ? `The fleet of ${scope.name} and its subgroups at a glance: the groups you work in.`
            : 'The fleet at a glance.'
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CountCard
          label={`Vehicles${inScope}`}
          to="/vehicles"
          search={groupScope}
          query={vehicles}
          pending={!scopeKnown}
        />
        <CountCard
          label={`Camera devices${inScope}`}
          to="/devices"
          search={groupScope}
          query={devices}
          pending={!scopeKnown}
        />
        <CountCard
          label={`Open safety events${inScope}, last ${RECENT_DAYS} days`}
          to="/events"
          search={openEventsQueue}
          query={openEvents}
          pending={statuses.isLoading || !scopeKnown}
          // Without statuses that say which are open, the number is unknown, not zero.
          failed={statuses.isError || openStatuses === null}
        />
      </SimpleGrid>
      <SectionBoundary what="Camera health">
        {scopeKnown && cameraHealth?.(groupScope)}
      </SectionBoundary>
      <SectionBoundary what="Recent safety events">
        <Card withBorder component="section" aria-labelledby="recent-events-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="recent-events-title">
              Recent safety events{inScope}
            </Title>
            <AnchorLink to="/events" search={groupScope} size="sm">
              Open the review queue
            </AnchorLink>
          </Group>
          <ListStates
            noun="safety events"
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
            empty={`No safety events in the last ${RECENT_DAYS} days.`}
          >
            <Table aria-label="Recent safety events" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Recorded</Table.Th>
                  <Table.Th>Trigger</Table.Th>
                  <Table.Th>Driver</Table.Th>
                  <Table.Th>Score</Table.Th>
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
  return (
    <Card withBorder component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {query.error || failed ? (
        <Text c="red" size="sm" role="alert">
          Could not be counted.
        </Text>
      ) : query.isLoading || pending ? (
        <Skeleton height={36} width={90} mt={4} />
      ) : (
        <AnchorLink
          to={to}
          search={search ?? {}}
          fz={32}
          fw={600}
          aria-label={`${label}: ${(query.data?.total ?? 0).toLocaleString()}, open the list`}
        >
          {(query.data?.total ?? 0).toLocaleString()}
        </AnchorLink>
      )}
    </Card>
  );
}
