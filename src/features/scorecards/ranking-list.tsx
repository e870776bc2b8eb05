import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { DataList } from '@/components/list/data-list';
import { useListController } from '@/components/list/use-list-controller';
import type { ListUrl } from '@/components/list/use-list-url';
import { useSafetyLookups } from '@/features/events/use-safety-lookups';
import { useVehicleNameIndex } from '@/features/events/vehicle-name';
import { isOneOf } from '@/lib/one-of';
import { rankScorecardRows, type ScorecardSnapshot } from './aggregate';
import { rankedPage, type RankedRow } from './ranked-page';
import { rankingColumns, RankingVehicleNames } from './ranking-columns';
import type { ScorecardScope } from './scorecard-queries';
import {
  DEFAULT_RANKING_SORT,
  RANKING_PAGE_SIZES,
  rankingSortFields,
  type RankingSortField,
  type RankingView,
  type ScorecardsSearch,
} from './scorecards-search';

function isSortField(value: string): value is RankingSortField {
  return isOneOf(rankingSortFields, value);
}

/** One ranking (drivers or vehicles), one page of it at a time, sorted by the address. */
export const RankingList = memo(function RankingList({
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
  const { t, i18n } = useLingui();
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
  const { days, from, to } = search;
  const { behaviors, risks } = lookups;
  const vehicleNameById = vehicleNames.data?.nameById;
  // The columns' titles are in the chosen language: a new one builds them again.
  const locale = i18n.locale;
  const columns = useMemo(
    () =>
      rankingColumns({
        view,
        windowSearch: { days, from, to },
        vehicleNameById,
        complete,
        behaviors,
        risks,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale: see above
    [view, days, from, to, vehicleNameById, complete, behaviors, risks, locale],
  );

  const noun = view === 'drivers' ? t`drivers` : t`vehicles`;
  const fromDay = scope?.fromDay;
  const toDay = scope?.toDay;
  const listController = useListController<RankedRow>({
    label: view === 'drivers' ? t`Driver ranking` : t`Vehicle ranking`,
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
            fileName:
              view === 'drivers'
                ? t`drivers scorecard ${fromDay} to ${toDay}`
                : t`vehicles scorecard ${fromDay} to ${toDay}`,
            moreColumns: [
              { title: t`Window from`, value: () => scope.fromDay },
              { title: t`Window to`, value: () => scope.toDay },
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
    <RankingVehicleNames.Provider value={vehicleNames}>
      <DataList<RankedRow>
        controller={listController}
        countNoun={noun}
        emptyText={
          view === 'drivers'
            ? t`No drivers with safety events in this window`
            : t`No vehicles with safety events in this window`
        }
        notice={
          invalidWindow ? (
            <Text size="sm" c="dimmed">
              {view === 'drivers' ? (
                <Trans>Choose a window to rank the drivers.</Trans>
              ) : (
                <Trans>Choose a window to rank the vehicles.</Trans>
              )}
            </Text>
          ) : undefined
        }
      />
    </RankingVehicleNames.Provider>
  );
});
