import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Box, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { toPage } from '@/api/paging';
import {
  listSafetyEventsWithMetadata,
  safetyEventListQueryOptions,
  type SafetyEvent,
} from '@/api/safety-events';
import { AnchorLink } from '@/components/anchor-link';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { useListController } from '@/components/list/use-list-controller';
import type { ListViewsBinding } from '@/components/list/use-list-url';
import { formatEventTime, personName } from '@/features/events/event-format';
import type { SafetyLookups } from '@/features/events/use-safety-lookups';
import { useVehicleNameIndex, VehicleNameCell } from '@/features/events/vehicle-name';
import { parseDateTime } from '@/lib/format';
import { toScorecardEvent } from './aggregate';
import classes from './scorecard-events-list.module.css';
import type { ScorecardScope } from './scorecard-queries';
import { windowInstants } from './scorecard-window';

const SCORECARD_EVENTS_PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_SCORECARD_EVENTS_PAGE_SIZE = 10;

function coachingStateText(state: ReturnType<typeof toScorecardEvent>): string | null {
  if (state.overdue) return t`Overdue`;
  if (state.coached) return t`Coached`;
  return state.awaitingCoaching ? t`Awaiting coaching` : null;
}

function CoachingState({ event, nowMs }: { event: SafetyEvent; nowMs: number }) {
  const state = toScorecardEvent(event, nowMs);
  if (state.overdue)
    return (
      <Badge color="red" variant="light" tt="none">
        <Trans>Overdue</Trans>
      </Badge>
    );
  if (state.coached)
    return (
      <Badge color="teal" variant="light" tt="none">
        <Trans>Coached</Trans>
      </Badge>
    );
  if (state.awaitingCoaching)
    return (
      <Badge color="yellow" variant="light" tt="none">
        <Trans>Awaiting coaching</Trans>
      </Badge>
    );
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/**
 * The events behind one driver's or one vehicle's scorecard, newest first, as the service pages
 * them. Each opens the event, whose next and previous then stay within these events.
 */
export function ScorecardEventsList({
  scope,
  subject,
  lookups,
  paging,
  order,
  onOrderChange,
  total = null,
}: {
  scope: ScorecardScope & ({ driverId: string } | { vehicleId: string });
  subject: 'driver' | 'vehicle';
  lookups: SafetyLookups;
  paging: {
    page: number;
    pageSize: number;
    setPage: (page: number) => void;
    setPageSize: (pageSize: number) => void;
    views?: ListViewsBinding;
  };
  order: 'asc' | 'desc';
  onOrderChange: (order: 'asc' | 'desc') => void;
  /** The scorecard's count of the same events, once known: the pager can then say "of 39". */
  total?: number | null;
}) {
  const { t } = useLingui();
  const eventParams = {
    ...windowInstants(scope),
    dateOption: 'recordDate',
    sortBy: 'recordDate',
    sortDirection: order,
    driverId: scope.driverId,
    vehicleId: scope.vehicleId,
  } as const;
  const events = useQuery({
    ...safetyEventListQueryOptions({
      ...eventParams,
      page: { pageIndex: paging.page - 1, pageSize: paging.pageSize },
    }),
    placeholderData: keepPreviousData,
  });
  // The metadata list has no total; the scorecard counted the same events.
  const shown = events.data;
  const list = {
    isFetching: events.isFetching,
    error: events.error,
    refetch: events.refetch,
    data: shown && total !== null ? toPage(shown.items, total, shown) : shown,
  };
  const vehicleNames = useVehicleNameIndex({});
  // Whether coaching is overdue, as of when the list was opened.
  const [nowMs] = useState(() => Date.now());
  // The event page's queue: this window and this driver or vehicle, in this order; its "Back"
  // returns here, to this page of the list.
  const { fromDay, toDay } = scope;
  const back = useRouterState({ select: (state) => state.location.href });
  const queueSearch = {
    back,
    from: scope.fromDay,
    to: scope.toDay,
    driverId: scope.driverId,
    vehicleId: scope.vehicleId,
    sortDirection: order,
  };

  const columns: ListColumn<SafetyEvent>[] = [
    {
      accessor: 'recordDateUTC',
      title: t`Recorded`,
      sortable: true,
      noWrap: true,
      exportValue: (event) => parseDateTime(event.recordDateUTC),
      render: (event) => (
        <>
          <AnchorLink
            to="/events/$eventId"
            params={{ eventId: event.id }}
            search={queueSearch}
            size="sm"
          >
            {formatEventTime(event, 'short')}
          </AnchorLink>
          {/* A phone has room for the time and the score only: what happened goes under the time. */}
          <Box hiddenFrom="xs" className={classes.phoneDetails}>
            <Text size="xs">{whatHappened(event, lookups)}</Text>
            <Text size="xs" c="dimmed" component="div">
              {subject === 'driver' ? (
                <VehicleNameCell vehicleId={event.vehicleId} index={vehicleNames} />
              ) : (
                (personName(event.driverFirstName, event.driverLastName) ?? t`No driver`)
              )}
            </Text>
          </Box>
        </>
      ),
    },
    {
      accessor: 'eventTriggerId',
      title: t`Trigger`,
      visibleMediaQuery: '(min-width: 36em)',
      exportValue: (event) => lookups.triggers.name(event.eventTriggerId),
      render: (event) => lookups.triggers.name(event.eventTriggerId),
    },
    {
      accessor: 'behaviors',
      title: t`Behaviours`,
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (event) => behaviourNames(event, lookups),
      render: (event) => behaviourNames(event, lookups) || '—',
    },
    {
      accessor: 'score',
      title: t`Score`,
      textAlign: 'right',
      exportValue: (event) => event.score,
    },
    {
      accessor: 'eventStatusId',
      title: t`Status`,
      visibleMediaQuery: '(min-width: 64em)',
      exportValue: (event) => lookups.statuses.name(event.eventStatusId),
      render: (event) => lookups.statuses.name(event.eventStatusId),
    },
    {
      accessor: 'coaching',
      title: t`Coaching`,
      noWrap: true,
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (event) => coachingStateText(toScorecardEvent(event, nowMs)),
      render: (event) => <CoachingState event={event} nowMs={nowMs} />,
    },
    subject === 'driver'
      ? {
          accessor: 'vehicleId',
          title: t`Vehicle`,
          visibleMediaQuery: '(min-width: 64em)',
          exportValue: (event) =>
            event.vehicleId
              ? (vehicleNames.data?.nameById[event.vehicleId.toLowerCase()] ?? event.vehicleId)
              : null,
          render: (event) => <VehicleNameCell vehicleId={event.vehicleId} index={vehicleNames} />,
        }
      : {
          accessor: 'driverId',
          title: t`Driver`,
          visibleMediaQuery: '(min-width: 64em)',
          exportValue: (event) => personName(event.driverFirstName, event.driverLastName),
          render: (event) =>
            event.driverId ? (
              <AnchorLink
                to="/scorecards/drivers/$driverId"
                params={{ driverId: event.driverId }}
                search={{ from: scope.fromDay, to: scope.toDay }}
                size="sm"
              >
                {personName(event.driverFirstName, event.driverLastName) ?? t`Driver`}
              </AnchorLink>
            ) : (
              <Text size="sm" c="dimmed">
                <Trans>No driver</Trans>
              </Text>
            ),
        },
  ];

  const listController = useListController<SafetyEvent>({
    label: subject === 'driver' ? t`Driver's events` : t`Vehicle's events`,
    noun: t`events`,
    storeKey: `scorecard-events-${subject}`,
    list,
    columns,
    idAccessor: 'id',
    paging: { ...paging, pageSizes: SCORECARD_EVENTS_PAGE_SIZES },
    filtered: true,
    // Every event of the window, not the page shown: what a coach takes to a session.
    exportAll: {
      fetchPage: (request, signal) =>
        listSafetyEventsWithMetadata({ ...eventParams, page: request }, signal),
      pageSize: 1000,
      fileName:
        subject === 'driver'
          ? t`driver events ${fromDay} to ${toDay}`
          : t`vehicle events ${fromDay} to ${toDay}`,
    },
    presorted: {
      status: { columnAccessor: 'recordDateUTC', direction: order },
      onChange: ({ direction }) => onOrderChange(direction),
    },
  });
  return (
    <DataList<SafetyEvent>
      controller={listController}
      emptyText={t`No safety events in this window`}
    />
  );
}

/** "Harsh Braking: Late Response, Following Too Close". */
function whatHappened(event: SafetyEvent, lookups: SafetyLookups): string {
  const trigger = lookups.triggers.name(event.eventTriggerId);
  const behaviours = behaviourNames(event, lookups);
  return behaviours ? `${trigger}: ${behaviours}` : trigger;
}

function behaviourNames(event: SafetyEvent, lookups: SafetyLookups): string {
  return (event.behaviors ?? [])
    .map((behaviour) => lookups.behaviors.name(behaviour.id, behaviour.name))
    .join(', ');
}
