import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { deviceListQueryOptions } from '@/api/devices';
import {
  safetyEventIdListQueryOptions,
  safetyEventListQueryOptions,
  safetyEventStatusesQueryOptions,
  safetyEventTriggersQueryOptions,
} from '@/api/safety-events';
import { vehicleListQueryOptions } from '@/api/vehicles';
import { AnchorLink } from '@/components/anchor-link';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatDateTime } from '@/lib/format';

const countOnly = { pageIndex: 0, pageSize: 1 };
const RECENT_DAYS = 7;
/** Statuses that still need a reviewer or coach (the service does not flag them itself). */
const CLOSED_STATUS_PATTERN = /resolved|coached|closed|dismissed|complete/i;

export function OverviewPage() {
  // Fixed for the visit, so the query keys (and the cache) stay stable while the page is open.
  const [range] = useState(() => {
    const to = new Date();
    return { from: new Date(to.getTime() - RECENT_DAYS * 24 * 3600 * 1000), to };
  });
  const vehicles = useQuery(vehicleListQueryOptions({ page: countOnly }));
  const devices = useQuery(deviceListQueryOptions({ page: countOnly }));
  const statuses = useQuery(safetyEventStatusesQueryOptions());
  const triggers = useQuery(safetyEventTriggersQueryOptions());
  const openStatusIds = useMemo(
    () =>
      (statuses.data ?? [])
        .filter((status) => !CLOSED_STATUS_PATTERN.test(status.name ?? ''))
        .map((status) => status.id),
    [statuses.data],
  );
  const openEvents = useQuery({
    ...safetyEventIdListQueryOptions({ page: countOnly, ...range, statuses: openStatusIds }),
    enabled: statuses.isSuccess && openStatusIds.length > 0,
  });
  const recentEvents = useQuery(
    safetyEventListQueryOptions({
      page: { pageIndex: 0, pageSize: 8 },
      ...range,
      dateOption: 'recordDate',
      sortBy: 'recordDate',
      sortDirection: 'desc',
    }),
  );
  const triggerName = useMemo(() => {
    const names = new Map((triggers.data ?? []).map((trigger) => [trigger.id, trigger.name]));
    return (id: number) => names.get(id) ?? `Trigger ${id}`;
  }, [triggers.data]);

  return (
    <Stack>
      <PageHeader title="Overview" description="The fleet at a glance." />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CountCard label="Vehicles" to="/vehicles" query={vehicles} />
        <CountCard label="Camera devices" to="/devices" query={devices} />
        <CountCard
          label={`Open safety events, last ${RECENT_DAYS} days`}
          to="/events"
          query={openEvents}
          pending={statuses.isLoading}
        />
      </SimpleGrid>
      <Card withBorder component="section" aria-labelledby="recent-events-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="recent-events-title">
            Recent safety events
          </Title>
          <AnchorLink to="/events" size="sm">
            Open the review queue
          </AnchorLink>
        </Group>
        {recentEvents.error ? (
          <QueryErrorAlert error={recentEvents.error} onRetry={() => void recentEvents.refetch()} />
        ) : recentEvents.isLoading ? (
          <Stack gap="xs">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={24} />
            ))}
          </Stack>
        ) : (recentEvents.data?.items.length ?? 0) === 0 ? (
          <Text c="dimmed" size="sm">
            No safety events in the last {RECENT_DAYS} days.
          </Text>
        ) : (
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
                <Table.Tr key={event.id}>
                  <Table.Td>{formatDateTime(event.recordDateUTC)}</Table.Td>
                  <Table.Td>{triggerName(event.eventTriggerId)}</Table.Td>
                  <Table.Td>
                    {[event.driverFirstName, event.driverLastName].filter(Boolean).join(' ') || '—'}
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
        )}
      </Card>
    </Stack>
  );
}

function CountCard({
  label,
  to,
  query,
  pending,
}: {
  label: string;
  to: '/vehicles' | '/devices' | '/events';
  query: { data?: { total: number | null }; error: unknown; isLoading: boolean };
  pending?: boolean;
}) {
  return (
    <Card withBorder component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {query.error ? (
        <Text c="red" size="sm" role="alert">
          Could not be counted.
        </Text>
      ) : query.isLoading || pending ? (
        <Skeleton height={36} width={90} mt={4} />
      ) : (
        <Text fz={32} fw={600}>
          {(query.data?.total ?? 0).toLocaleString()}
        </Text>
      )}
      <AnchorLink to={to} size="sm">
        View all
      </AnchorLink>
    </Card>
  );
}
