import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import {
  listSafetyEventsWithMetadata,
  safetyEventCountQueryOptions,
  safetyEventDetailQueryOptions,
  type SafetyEvent,
} from '@/api/safety-events';
import { ListExportButton } from '@/components/list/list-export-button';
import { ListEmptyState, ListError } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { compactSearch } from '@/lib/search-params';
import { useToday } from '@/lib/use-today';
import { useTouchScreen } from '@/lib/use-touch-screen';
import { applyBrowserFilters, hasUncountedFilters } from './browser-filters';
import { CoachingBacklogFilter, uncountedMatchOf } from './coaching-backlog-filter';
import { eventExportColumns } from './event-export-columns';
import { EventFilters, type FiltersPatch } from './event-filters';
import { EventFiltersPlacement } from './event-filters-placement';
import { formatEventTime } from './event-format';
import { EventQueueHeaderActions } from './event-queue-header-actions';
import { EventQueueTable } from './event-queue-table';
import { countFilters, filtersOf, hasFilters, queueParams } from './events-search';
import { LoadMoreEvents } from './load-more-events';
import { usePacketPicks } from './packet/use-packet-picks';
import { PickedEventsBar } from './picked-events-bar';
import { stepSelection } from './queue-navigation';
import { queueSummary } from './queue-summary';
import { queueShortcutHelp } from './review-shortcut-help';
import { useReviewShortcuts } from './review-shortcuts';
import { ShortcutsButton, ShortcutsDialog } from './shortcuts-dialog';
import { useEventQueue } from './use-event-queue';
import { useSafetyLookups } from './use-safety-lookups';
import { useVehicleNameIndex } from './vehicle-name';

const route = getRouteApi('/_auth/events/');

/** Pages load by themselves up to here; beyond it the reader asks for more. */
const AUTO_LOAD_LIMIT = 5_000;
/** Rows left below the view when the next page starts loading. */
const AUTO_LOAD_MARGIN = 40;
const TABLE_HEIGHT = 'max(360px, calc(100dvh - 360px))';

export function EventsPage() {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const navigateTo = useNavigate();
  const queryClient = useQueryClient();
  const today = useToday();
  const filters = useMemo(() => filtersOf(search), [search]);
  const lookups = useSafetyLookups();
  const { query, loaded, events, browserFiltered } = useEventQueue(filters, today);
  // Picks outlive a filter change: a packet may gather events found under different filters.
  const picks = usePacketPicks();
  const countQuery = useQuery(safetyEventCountQueryOptions(countFilters(filters, today)));
  // The same index the table reads (same scope, so one request): the export names vehicles too.
  const vehicleNames = useVehicleNameIndex({
    groupId: filters.groupId,
    includeSubgroups: filters.groupId ? (filters.subgroups ?? true) : undefined,
  });

  const [selectedId, setSelectedId] = useState<string | null>(search.selected ?? null);
  const foundIndex = selectedId ? events.findIndex((event) => event.id === selectedId) : -1;
  // Something is always selected, so Enter opens the first event straight away.
  const selectedIndex = foundIndex >= 0 ? foundIndex : events.length > 0 ? 0 : -1;
  const selectedEvent = events[selectedIndex];
  const [pendingMove, setPendingMove] = useState<1 | -1 | null>(null);
  const [lastVisibleIndex, setLastVisibleIndex] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const [helpOpen, help] = useDisclosure(false);
  const touchScreen = useTouchScreen();
  // On a phone the filters wait in a drawer, so the queue starts above the fold.
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;

  const select = (event: SafetyEvent | undefined) => {
    if (!event) return;
    setSelectedId(event.id);
    const trigger = lookups.triggers.name(event.eventTriggerId);
    const recorded = formatEventTime(event, 'short');
    setAnnouncement(t`${trigger}, ${recorded}`);
  };

  const move = (direction: 1 | -1) => {
    const step = stepSelection(selectedIndex, direction, events.length, !!hasNextPage);
    if (step.kind === 'select') select(events[step.index]);
    else if (step.kind === 'load-more') {
      setPendingMove(direction);
      setAnnouncement(t`Loading more events…`);
    } else {
      setAnnouncement(
        direction === 1
          ? t`This is the last event in the queue.`
          : t`This is the first event in the queue.`,
      );
    }
  };

  const open = (event: SafetyEvent | undefined) => {
    if (!event) return;
    void navigateTo({ to: '/events/$eventId', params: { eventId: event.id }, search: filters });
  };

  useReviewShortcuts(
    {
      next: () => move(1),
      previous: () => move(-1),
      open: () => open(selectedEvent),
      pick: () => {
        if (selectedEvent && (picks.has(selectedEvent.id) || !picks.full))
          picks.toggle(selectedEvent);
      },
      help: help.open,
    },
    !helpOpen,
  );

  // A move past the loaded rows finishes once the next page is in: it selects, says this was the
  // last event, or (the page held no row the browser's filters keep) asks for one more page.
  const pendingStep =
    pendingMove === null || isFetching || isFetchNextPageError
      ? null
      : stepSelection(selectedIndex, pendingMove, events.length, !!hasNextPage);
  if (pendingMove !== null && !isFetching && isFetchNextPageError) setPendingMove(null);
  if (pendingStep && pendingStep.kind !== 'load-more') {
    setPendingMove(null);
    if (pendingStep.kind === 'select') select(events[pendingStep.index]);
    else setAnnouncement(t`This is the last event in the queue.`);
  }
  const loadForPendingMove = pendingStep?.kind === 'load-more';
  useEffect(() => {
    if (loadForPendingMove) void fetchNextPage();
  }, [loadForPendingMove, fetchNextPage]);

  // Keep a page ahead of the reader, but stop loading by itself after AUTO_LOAD_LIMIT events.
  useEffect(() => {
    if (!hasNextPage || isFetching || isFetchNextPageError) return;
    if (loaded.length >= AUTO_LOAD_LIMIT) return;
    if (lastVisibleIndex < events.length - AUTO_LOAD_MARGIN) return;
    void fetchNextPage();
  }, [
    hasNextPage,
    isFetching,
    isFetchNextPageError,
    loaded.length,
    lastVisibleIndex,
    events.length,
    fetchNextPage,
  ]);

  // Enter should open at once: fetch the selected event's details once the selection settles.
  const [settledId] = useDebouncedValue(selectedEvent?.id, 250);
  useEffect(() => {
    if (settledId) void queryClient.prefetchQuery(safetyEventDetailQueryOptions(settledId));
  }, [settledId, queryClient]);

  const changeFilters = (patch: FiltersPatch) =>
    void navigate({ search: (previous) => compactSearch({ ...filtersOf(previous), ...patch }) });

  const summary = queueSummary({
    total: countQuery.data,
    loaded: loaded.length,
    shown: events.length,
    hasMore: !!hasNextPage,
    riskFiltered: hasUncountedFilters(filters),
    uncountedMatch: uncountedMatchOf(filters),
  });

  const eventFilters = (
    <EventFilters
      search={filters}
      onChange={changeFilters}
      onClear={() => void navigate({ search: {} })}
      lookups={lookups}
      today={today}
    />
  );

  return (
    <Stack gap="sm">
      <PageHeader
        title={t`Safety events`}
        description={
          touchScreen
            ? t`The review queue. Tap an event to open it.`
            : t`The review queue. Select an event with j and k or the arrow keys, and press Enter to open it.`
        }
        actions={
          <EventQueueHeaderActions
            view="list"
            filters={filters}
            eventsQuery={query}
            countQuery={countQuery}
          >
            <ListExportButton<SafetyEvent>
              what={t`safety events`}
              label={t`Safety events`}
              filtered={hasFilters(filters)}
              // The queue's filters and order, every page of them (the service's largest pages).
              fetchPage={(request, signal) =>
                listSafetyEventsWithMetadata(
                  { ...queueParams(filters, today), page: request },
                  signal,
                )
              }
              keep={(event) => applyBrowserFilters([event], filters).length > 0}
              pageSize={1000}
              columns={eventExportColumns(
                lookups,
                (vehicleId) => vehicleNames.data?.nameById[vehicleId.toLowerCase()],
              )}
            />
            <ShortcutsButton onClick={help.open} />
          </EventQueueHeaderActions>
        }
      />
      <EventFiltersPlacement
        filtersOn={hasFilters(filters)}
        // The count leaves out the risk and coaching filters, which only the loaded events answer.
        matchingCount={hasUncountedFilters(filters) ? undefined : countQuery.data}
      >
        {eventFilters}
      </EventFiltersPlacement>
      {lookups.error ? (
        <QueryErrorAlert
          title={t`The names of triggers, statuses and behaviours could not be loaded`}
          error={lookups.error}
        />
      ) : null}
      <Group justify="space-between" gap="xs" mih={28}>
        <Group gap="xs">
          {query.data && (
            <Text size="sm" c="dimmed">
              {summary}
            </Text>
          )}
          {!!(filters.subtypes?.length || filters.risks?.length) && (
            <Badge variant="light" color="grape" radius="sm" tt="none">
              <Trans>
                Subtype and dynamic risk: filtered in your browser over the loaded events
              </Trans>
            </Badge>
          )}
          <CoachingBacklogFilter
            filters={filters}
            events={events}
            onClear={() => changeFilters({ coach: undefined, awaitingCoaching: undefined })}
          />
        </Group>
        {countQuery.error ? (
          <Text size="xs" c="red">
            <Trans>The total could not be counted.</Trans>
          </Text>
        ) : null}
        <PickedEventsBar picks={picks} lookups={lookups} />
      </Group>
      {query.error && !query.data ? (
        <ListError noun={t`events`} list={query} />
      ) : query.isPending ? (
        <PageLoader />
      ) : events.length === 0 && !hasNextPage ? (
        <ListEmptyState title={t`No events match these filters`}>
          {hasFilters(filters)
            ? t`Widen the date range or clear some filters.`
            : t`No events were recorded in the last seven days. Pick a longer date range.`}
        </ListEmptyState>
      ) : (
        <EventQueueTable
          events={events}
          selectedIndex={selectedIndex}
          onSelect={(index) => select(events[index])}
          onOpen={open}
          onLastVisibleIndexChange={setLastVisibleIndex}
          linkSearch={filters}
          lookups={lookups}
          height={TABLE_HEIGHT}
          picks={picks}
        />
      )}
      <LoadMoreEvents
        hasNextPage={hasNextPage}
        loading={query.isFetchingNextPage}
        failed={isFetchNextPageError}
        error={query.error}
        onLoadMore={() => void fetchNextPage()}
      />
      {browserFiltered && events.length === 0 && hasNextPage && !isFetching && (
        <Alert color="gray" title={t`No loaded event matches the browser-side filters yet`}>
          <Trans>Load more events to keep looking.</Trans>
        </Alert>
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <ShortcutsDialog opened={helpOpen} onClose={help.close} shortcuts={queueShortcutHelp} />
    </Stack>
  );
}
