import { Badge, Button, Group, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useDeferredValue, useMemo } from 'react';
import { ListGroupFilter } from '@/components/list/list-group-filter';
import { useListUrl, type ListUrl } from '@/components/list/use-list-url';
import { PageHeader } from '@/components/page-header';
import { SectionBoundary } from '@/components/section-boundary';
import { fleetScorecard, type ScorecardSnapshot } from './aggregate';
import { RankingList } from './ranking-list';
import { formatCount } from './scorecard-format';
import { ScorecardLoadProgress } from './scorecard-load-progress';
import type { ScorecardScope } from './scorecard-queries';
import { ScorecardStats } from './scorecard-summary';
import { TREND_EXPLANATION } from './scorecard-trend';
import { describeScorecardWindow } from './scorecard-window';
import { ScorecardWindowPicker } from './scorecard-window-picker';
import {
  DEFAULT_RANKING_PAGE_SIZE,
  type RankingView,
  type ScorecardsSearch,
} from './scorecards-search';
import {
  useFleetScorecardProgress,
  useFleetScorecards,
  useFleetScorecardStatus,
} from './use-fleet-scorecards';
import { useScorecardWindow } from './use-scorecard-window';

const route = getRouteApi('/_auth/scorecards/');

// Lowest first puts the safest drivers (the smallest risk score) at the top.
const rankOrders = [
  { value: 'desc', label: 'Highest first' },
  { value: 'asc', label: 'Lowest first (safest)' },
];

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
