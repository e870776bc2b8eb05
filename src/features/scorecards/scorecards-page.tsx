import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useDeferredValue, useMemo } from 'react';
import { ListGroupFilter } from '@/components/list/list-group-filter';
import { useListUrl, type ListUrl } from '@/components/list/use-list-url';
import { PageHeader } from '@/components/page-header';
import { SectionBoundary } from '@/components/section-boundary';
import { fleetScorecard, type ScorecardSnapshot } from './aggregate';
import { RankingList } from './ranking-list';
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
  { value: 'desc', label: msg`Highest first` },
  { value: 'asc', label: msg`Lowest first (safest)` },
];

export function ScorecardsPage() {
  const { t, i18n } = useLingui();
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
        title={t`Scorecards`}
        description={t`Drivers and vehicles ranked by the risk of their safety events, with where coaching stands.`}
        actions={
          <Button
            variant="default"
            onClick={status.startOver}
            disabled={!scope || (status.isFetching && !status.complete)}
          >
            <Trans>Refresh</Trans>
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
          label={t`Rank`}
          data={rankOrders.map((order) => ({ value: order.value, label: i18n._(order.label) }))}
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
  const { t, i18n } = useLingui();
  const scorecards = useFleetScorecards(scope);
  const snapshot = useDeferredValue(scorecards.snapshot);
  const fleet = useMemo(() => (snapshot ? fleetScorecard(snapshot) : null), [snapshot]);
  return (
    <>
      {fleet && fleet.metrics.events > 0 && <ScorecardStats row={fleet} label={t`Fleet totals`} />}
      <Tabs value={view} onChange={onViewChange} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="drivers">
            <Trans>Drivers</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="vehicles">
            <Trans>Vehicles</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={view} pt="md">
          <SectionBoundary what={t`The ranking`}>
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
          {trendLegend(i18n._(TREND_EXPLANATION))} {unassignedNote(snapshot)}
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
              <Trans>Updating</Trans>
            </Badge>
          )}
        </Group>
        <ScorecardLoadProgress progress={progress} />
      </Stack>
    </Paper>
  );
}

function trendLegend(explanation: string): string {
  return t`Trend: ${explanation}.`;
}

function unassignedNote(snapshot: ScorecardSnapshot): string {
  const withoutDriver = snapshot.eventsWithoutDriver;
  return withoutDriver === 0
    ? t`Every event has a driver.`
    : plural(withoutDriver, {
        one: '# event has no driver: it counts for its vehicle and the fleet only.',
        other: '# events have no driver: they count for their vehicle and the fleet only.',
      });
}
