import { Badge, Button, Group, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { memo, useDeferredValue, useMemo } from 'react';
import { toPage, type Page, type PageRequest } from '@/api/paging';
import { AnchorLink } from '@/components/anchor-link';
import { SectionBoundary } from '@/components/section-boundary';
import { useListController } from '@/components/list/use-list-controller';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { ListGroupFilter } from '@/components/list/list-group-filter';
import { useListUrl, type ListUrl } from '@/components/list/use-list-url';
import { PageHeader } from '@/components/page-header';
import { useSafetyLookups, type LookupList } from '@/features/events/use-safety-lookups';
import { useVehicleNameIndex, VehicleNameCell } from '@/features/events/vehicle-name';
import {
  fleetScorecard,
  rankScorecardRows,
  scorecardRow,
  type CountById,
  type ScorecardRow,
  type ScorecardSnapshot,
  type ScorecardTable,
} from './aggregate';
import {
  describeTrendChange,
  driverLabel,
  formatAverage,
  formatCount,
  vehicleFallbackLabel,
} from './scorecard-format';
import { ScorecardLoadProgress } from './scorecard-load-progress';
import type { ScorecardScope } from './scorecard-queries';
import { ScorecardStats } from './scorecard-summary';
import classes from './scorecards-page.module.css';
import { TREND_EXPLANATION, TrendSparkline } from './scorecard-trend';
import { describeScorecardWindow } from './scorecard-window';
import { ScorecardWindowPicker } from './scorecard-window-picker';
import { useScorecardWindow } from './use-scorecard-window';
import {
  useFleetScorecardProgress,
  useFleetScorecards,
  useFleetScorecardStatus,
} from './use-fleet-scorecards';
import {
  DEFAULT_RANKING_PAGE_SIZE,
  DEFAULT_RANKING_SORT,
  RANKING_PAGE_SIZES,
  rankingSortFields,
  toVehicleScorecardSearch,
  type RankingSortField,
  type RankingView,
  type ScorecardsSearch,
} from './scorecards-search';
import { isOneOf } from '@/lib/one-of';

const route = getRouteApi('/_auth/scorecards/');

// Lowest first puts the safest drivers (the smallest risk score) at the top.
const rankOrders = [
  { value: 'desc', label: 'Highest first' },
  { value: 'asc', label: 'Lowest first (safest)' },
];

interface RankedRow extends ScorecardRow {
  /** Place in the ranking's current order, from 1. */
  rank: number;
}

function isSortField(value: string): value is RankingSortField {
  return isOneOf(rankingSortFields, value);
}

/** The rows of one page of a ranking, read out of its table in ranking order. */
function rankedPage(
  snapshot: ScorecardSnapshot,
  table: ScorecardTable,
  order: Uint32Array,
  request: PageRequest,
): Page<RankedRow> {
  const start = request.pageIndex * request.pageSize;
  const end = Math.min(order.length, start + request.pageSize);
  const rows: RankedRow[] = [];
  for (let position = start; position < end; position++) {
    rows.push({ ...scorecardRow(snapshot, table, order[position]!), rank: position + 1 });
  }
  return toPage(rows, order.length, request);
}

export function ScorecardsPage() {
  const url = useListUrl(route, {
    keys: { page: 'page', pageSize: 'pageSize' },
    defaultPageSize: DEFAULT_RANKING_PAGE_SIZE,
  });
  const { search, setFilters } = url;
  const { window, resolved } = useScorecardWindow(search);
  const scope = useMemo<ScorecardScope | null>(
    () =>
      resolved.ok
        ? { fromDay: resolved.fromDay, toDay: resolved.toDay, groupId: search.groupId }
        : null,
    [resolved.ok, resolved.fromDay, resolved.toDay, search.groupId],
  );
  const status = useFleetScorecardStatus(scope);
  const view: RankingView = search.view ?? 'drivers';

  return (
    <Stack>
      <PageHeader
        title="Scorecards"
        description="Drivers and vehicles ranked by the risk of their safety events, with where coaching stands."
        actions={
          <Button
            variant="default"
            onClick={status.startOver}
            disabled={!scope || (status.isFetching && !status.complete)}
          >
            Refresh
          </Button>
        }
      />
      <Group align="flex-end" gap="md" wrap="wrap">
        <ScorecardWindowPicker
          window={window}
          resolved={resolved}
          onChange={(next) => setFilters({ days: next.days, from: next.from, to: next.to })}
        />
        <ListGroupFilter value={search.groupId} onChange={(groupId) => setFilters({ groupId })} />
        <Select
          label="Rank"
          data={rankOrders}
          value={search.order ?? 'desc'}
          allowDeselect={false}
          onChange={(value) => setFilters({ order: value === 'asc' ? 'asc' : undefined })}
          w={220}
        />
      </Group>
      <FleetLoadProgress
        scope={scope}
        windowName={describeScorecardWindow(resolved)}
        refreshing={status.isFetching && status.complete}
      />
      <FleetRankings
        scope={scope}
        view={view}
        url={url}
        invalidWindow={!resolved.ok}
        onViewChange={(next) =>
          setFilters({ view: next === 'vehicles' ? 'vehicles' : undefined, sort: undefined })
        }
      />
    </Stack>
  );
}

/**
 * The fleet totals and the rankings. A new snapshot renders here in the background (a deferred
 * value), in slices, while the memoised table skips the urgent render: the page stays responsive
 * as the ranking refreshes.
 */
function FleetRankings({
  scope,
  view,
  url,
  invalidWindow,
  onViewChange,
}: {
  scope: ScorecardScope | null;
  view: RankingView;
  url: ListUrl<ScorecardsSearch>;
  invalidWindow: boolean;
  onViewChange: (view: string | null) => void;
}) {
  const scorecards = useFleetScorecards(scope);
  const snapshot = useDeferredValue(scorecards.snapshot);
  const fleet = useMemo(() => (snapshot ? fleetScorecard(snapshot) : null), [snapshot]);
  return (
    <>
      {fleet && fleet.metrics.events > 0 && <ScorecardStats row={fleet} label="Fleet totals" />}
      <Tabs value={view} onChange={onViewChange} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="drivers">Drivers</Tabs.Tab>
          <Tabs.Tab value="vehicles">Vehicles</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={view} pt="md">
          <SectionBoundary what="The ranking">
            <RankingList
              view={view}
              snapshot={snapshot}
              loading={!!scope && !snapshot && !scorecards.error}
              error={scorecards.error}
              onRetry={scorecards.startOver}
              url={url}
              scope={scope}
              invalidWindow={invalidWindow}
              complete={scorecards.complete}
            />
          </SectionBoundary>
        </Tabs.Panel>
      </Tabs>
      {snapshot && (
        <Text size="xs" c="dimmed">
          {TREND_LEGEND} {unassignedNote(snapshot)}
        </Text>
      )}
    </>
  );
}

/** The read's progress: the one part of the page that changes with every page of events. */
function FleetLoadProgress({
  scope,
  windowName,
  refreshing,
}: {
  scope: ScorecardScope | null;
  windowName: string;
  refreshing: boolean;
}) {
  const progress = useFleetScorecardProgress(scope);
  if (!progress || progress.loadedEvents === 0) return null;
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            {windowName}
          </Text>
          {refreshing && (
            <Badge variant="light" color="gray">
              Updating
            </Badge>
          )}
        </Group>
        <ScorecardLoadProgress progress={progress} />
      </Stack>
    </Paper>
  );
}

const TREND_LEGEND = `Trend: ${TREND_EXPLANATION}.`;

function unassignedNote(snapshot: ScorecardSnapshot): string {
  const withoutDriver = snapshot.eventsWithoutDriver;
  return withoutDriver === 0
    ? 'Every event has a driver.'
    : `${formatCount(withoutDriver)} ${withoutDriver === 1 ? 'event has' : 'events have'} no driver: they count for their vehicle and the fleet only.`;
}

function topCounts(counts: CountById[], names: LookupList, shown = 1): string {
  const top = counts
    .slice(0, shown)
    .map(({ id, count }) => `${names.name(id)} ${formatCount(count)}`)
    .join(', ');
  return counts.length > shown ? `${top}, +${counts.length - shown} more` : top || '—';
}

function allCounts(counts: CountById[], names: LookupList): string {
  return counts.map(({ id, count }) => `${names.name(id)}: ${formatCount(count)}`).join('; ');
}

const RankingList = memo(function RankingList({
  view,
  snapshot,
  loading,
  error,
  onRetry,
  url,
  scope,
  invalidWindow,
  complete,
}: {
  view: RankingView;
  snapshot: ScorecardSnapshot | null;
  /** Every page read: trends are whole. */
  complete: boolean;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  url: ListUrl<ScorecardsSearch>;
  scope: ScorecardScope | null;
  invalidWindow: boolean;
}) {
  const { search, setFilters } = url;
  const lookups = useSafetyLookups();
  const vehicleNames = useVehicleNameIndex({
    groupId: search.groupId,
    includeSubgroups: search.groupId ? true : undefined,
  });
  const sort = search.sort ?? DEFAULT_RANKING_SORT;
  const direction = search.order ?? 'desc';
  const table = snapshot ? (view === 'vehicles' ? snapshot.vehicles : snapshot.drivers) : null;
  const order = useMemo(
    () => (table ? rankScorecardRows(table, sort, direction) : null),
    [table, sort, direction],
  );
  const { page: pageNumber, pageSize } = url;
  // Kept while the rows stay the same, so a sparkline redraws only when its numbers change.
  const page = useMemo(
    () =>
      snapshot && table && order
        ? rankedPage(snapshot, table, order, { pageIndex: pageNumber - 1, pageSize })
        : undefined,
    [snapshot, table, order, pageNumber, pageSize],
  );
  const windowSearch = { days: search.days, from: search.from, to: search.to };

  const subjectColumn: ListColumn<RankedRow> =
    view === 'drivers'
      ? {
          accessor: 'name',
          title: 'Driver',
          cellsClassName: classes.subjectCell,
          exportValue: (row) => driverLabel(row),
          render: (row) => (
            <Stack gap={0}>
              <AnchorLink
                to="/scorecards/drivers/$driverId"
                params={{ driverId: row.id }}
                search={windowSearch}
                size="sm"
              >
                {driverLabel(row)}
              </AnchorLink>
              {row.name && row.employeeNumber && (
                <Text size="xs" c="dimmed">
                  {row.employeeNumber}
                </Text>
              )}
            </Stack>
          ),
        }
      : {
          accessor: 'name',
          title: 'Vehicle',
          cellsClassName: classes.subjectCell,
          exportValue: (row) => vehicleNames.data?.nameById[row.id] ?? row.id,
          render: (row) => {
            const name = vehicleNames.data?.nameById[row.id];
            const link = (text: string, label?: string) => (
              <AnchorLink
                to="/vehicles/$vehicleId"
                params={{ vehicleId: row.id }}
                search={toVehicleScorecardSearch(windowSearch)}
                size="sm"
                aria-label={label}
              >
                {text}
              </AnchorLink>
            );
            if (name) return link(name);
            // Beyond the name index (very large fleets): the name on request, the page always.
            return (
              <Group gap={6} wrap="nowrap">
                <VehicleNameCell vehicleId={row.id} index={vehicleNames} />
                {link('Open', `Open ${vehicleFallbackLabel(row.id)}`)}
              </Group>
            );
          },
        };

  const columns: ListColumn<RankedRow>[] = [
    {
      accessor: 'rank',
      title: '#',
      width: 48,
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (row) => row.rank,
      render: (row) => (
        <Text size="sm" c="dimmed">
          {row.rank}
        </Text>
      ),
    },
    subjectColumn,
    {
      accessor: 'events',
      title: 'Events',
      sortable: true,
      textAlign: 'right',
      exportValue: (row) => row.metrics.events,
      render: (row) => formatCount(row.metrics.events),
    },
    {
      accessor: 'riskScore',
      title: 'Risk score',
      sortable: true,
      textAlign: 'right',
      exportValue: (row) => row.metrics.riskScore,
      render: (row) => (
        <Text size="sm" fw={600}>
          {formatCount(row.metrics.riskScore)}
        </Text>
      ),
    },
    {
      accessor: 'averageScore',
      title: 'Per event',
      sortable: true,
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 75em)',
      exportValue: (row) => Math.round(row.metrics.averageScore * 10) / 10,
      render: (row) => formatAverage(row.metrics.averageScore),
    },
    {
      accessor: 'trendChange',
      title: 'Trend',
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (row) => describeTrendChange(row.metrics.trendChange),
      // Pages arrive newest first: until the last one, every trend would look like a rise.
      render: (row) =>
        complete ? (
          <TrendSparkline trend={row.trend} change={row.metrics.trendChange} />
        ) : (
          <Text size="xs" c="dimmed">
            When all are read
          </Text>
        ),
    },
    {
      accessor: 'behaviors',
      title: 'Behaviours',
      visibleMediaQuery: '(min-width: 88em)',
      exportValue: (row) => allCounts(row.behaviors, lookups.behaviors),
      render: (row) => (
        <Text
          size="sm"
          className={classes.wrapCell}
          title={allCounts(row.behaviors, lookups.behaviors)}
        >
          {topCounts(row.behaviors, lookups.behaviors)}
        </Text>
      ),
    },
    {
      accessor: 'risks',
      title: 'Dynamic risks',
      visibleMediaQuery: '(min-width: 100em)',
      exportValue: (row) => allCounts(row.risks, lookups.risks),
      render: (row) => (
        <Text size="sm" className={classes.wrapCell} title={allCounts(row.risks, lookups.risks)}>
          {topCounts(row.risks, lookups.risks)}
        </Text>
      ),
    },
    {
      accessor: 'coached',
      title: 'Coached',
      sortable: true,
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (row) => row.metrics.coached,
      render: (row) => formatCount(row.metrics.coached),
    },
    {
      accessor: 'awaitingCoaching',
      title: 'Awaiting coaching',
      sortable: true,
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (row) => row.metrics.awaitingCoaching,
      render: (row) => formatCount(row.metrics.awaitingCoaching),
    },
    {
      accessor: 'overdue',
      title: 'Overdue',
      sortable: true,
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 36em)',
      exportValue: (row) => row.metrics.overdue,
      render: (row) =>
        row.metrics.overdue > 0 ? (
          <Badge color="red" variant="light">
            {formatCount(row.metrics.overdue)}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            0
          </Text>
        ),
    },
  ];

  const noun = view === 'drivers' ? 'drivers' : 'vehicles';
  const listController = useListController<RankedRow>({
    label: view === 'drivers' ? 'Driver ranking' : 'Vehicle ranking',
    noun,
    storeKey: `scorecards-${view}`,
    list: { data: page, isFetching: loading, error, refetch: onRetry },
    columns,
    idAccessor: 'id',
    paging: { ...url, pageSizes: RANKING_PAGE_SIZES },
    filtered: !!search.groupId,
    exportAll:
      snapshot && table && order && scope
        ? {
            fetchPage: (pageRequest) =>
              Promise.resolve(rankedPage(snapshot, table, order, pageRequest)),
            pageSize: 1000,
            // "drivers-scorecard-2026-10-29-to-2026-11-27-…": what it is and the days it covers.
            fileName: `${noun} scorecard ${scope.fromDay} to ${scope.toDay}`,
            moreColumns: [
              { title: 'Window from', value: () => scope.fromDay },
              { title: 'Window to', value: () => scope.toDay },
            ],
          }
        : undefined,
    presorted: {
      status: { columnAccessor: sort, direction },
      onChange: ({ columnAccessor, direction: clickedDirection }) => {
        const field = String(columnAccessor);
        if (!isSortField(field)) return;
        // A ranking starts at the top: a newly chosen column sorts highest first.
        const nextDirection = field === sort ? clickedDirection : 'desc';
        setFilters({
          sort: field === DEFAULT_RANKING_SORT ? undefined : field,
          order: nextDirection === 'desc' ? undefined : nextDirection,
        });
      },
    },
  });
  return (
    <DataList<RankedRow>
      controller={listController}
      countNoun={noun}
      emptyText={`No ${noun} with safety events in this window`}
      notice={
        invalidWindow ? (
          <Text size="sm" c="dimmed">
            Choose a window to rank the {noun}.
          </Text>
        ) : undefined
      }
    />
  );
});
