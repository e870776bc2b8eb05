import { t } from '@lingui/core/macro';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { createContext, useContext } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import type { ListColumn } from '@/components/list/data-list';
import type { LookupList } from '@/features/events/use-safety-lookups';
import { VehicleNameCell, type useVehicleNameIndex } from '@/features/events/vehicle-name';
import type { CountById } from './aggregate';
import type { RankedRow } from './ranked-page';
import {
  describeTrendChange,
  driverLabel,
  formatAverage,
  formatCount,
  vehicleFallbackLabel,
} from './scorecard-format';
import { TrendSparkline } from './scorecard-trend';
import classes from './scorecards-page.module.css';
import {
  toVehicleScorecardSearch,
  type RankingView,
  type ScorecardsSearch,
} from './scorecards-search';

type VehicleNameIndex = ReturnType<typeof useVehicleNameIndex>;

/**
 * The vehicle name index, for the cell of a vehicle it does not name. Given by context, not to
 * the columns: a query result is a new object on every render, and the columns are built again
 * only when what they show changes.
 */
export const RankingVehicleNames = createContext<VehicleNameIndex | null>(null);

type WindowSearch = Pick<ScorecardsSearch, 'days' | 'from' | 'to'>;

export interface RankingColumnsOptions {
  view: RankingView;
  /** The window the subject links open their own scorecard on. */
  windowSearch: WindowSearch;
  /** Vehicle names by ID, as far as the name index is read. */
  vehicleNameById: Readonly<Record<string, string>> | undefined;
  /** Every page read: trends are whole. */
  complete: boolean;
  behaviors: LookupList;
  risks: LookupList;
}

function topCounts(counts: CountById[], names: LookupList, shown = 1): string {
  const top = counts
    .slice(0, shown)
    .map(({ id, count }) => `${names.name(id)} ${formatCount(count)}`)
    .join(', ');
  const more = counts.length - shown;
  return more > 0 ? t`${top}, +${more} more` : top || '—';
}

function allCounts(counts: CountById[], names: LookupList): string {
  return counts.map(({ id, count }) => `${names.name(id)}: ${formatCount(count)}`).join('; ');
}

function openLabel(vehicleId: string): string {
  const vehicleLabel = vehicleFallbackLabel(vehicleId);
  return t`Open ${vehicleLabel}`;
}

function RankedVehicleLink({
  row,
  name,
  windowSearch,
}: {
  row: RankedRow;
  name: string | undefined;
  windowSearch: WindowSearch;
}) {
  const vehicleNames = useContext(RankingVehicleNames);
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
      {vehicleNames && <VehicleNameCell vehicleId={row.id} index={vehicleNames} />}
      {link(t`Open`, openLabel(row.id))}
    </Group>
  );
}

function subjectColumn({
  view,
  windowSearch,
  vehicleNameById,
}: RankingColumnsOptions): ListColumn<RankedRow> {
  if (view === 'vehicles') {
    return {
      accessor: 'name',
      title: t`Vehicle`,
      cellsClassName: classes.subjectCell,
      exportValue: (row) => vehicleNameById?.[row.id] ?? row.id,
      render: (row) => (
        <RankedVehicleLink row={row} name={vehicleNameById?.[row.id]} windowSearch={windowSearch} />
      ),
    };
  }
  return {
    accessor: 'name',
    title: t`Driver`,
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
  };
}

/** A count the ranking shows as a number, right-aligned, and sorts by. */
function countColumn(
  accessor: 'events' | 'coached' | 'awaitingCoaching',
  title: string,
  visibleMediaQuery?: string,
): ListColumn<RankedRow> {
  return {
    accessor,
    title,
    sortable: true,
    textAlign: 'right',
    visibleMediaQuery,
    exportValue: (row) => row.metrics[accessor],
    render: (row) => formatCount(row.metrics[accessor]),
  };
}

/** The behaviours or risks counted for a row: the most frequent shown, all of them on hover. */
function lookupCountsColumn(
  accessor: 'behaviors' | 'risks',
  title: string,
  visibleMediaQuery: string,
  names: LookupList,
): ListColumn<RankedRow> {
  return {
    accessor,
    title,
    visibleMediaQuery,
    exportValue: (row) => allCounts(row[accessor], names),
    render: (row) => (
      <Text size="sm" className={classes.wrapCell} title={allCounts(row[accessor], names)}>
        {topCounts(row[accessor], names)}
      </Text>
    ),
  };
}

/** The ranking's columns: the rank, the driver or vehicle, then its numbers. */
export function rankingColumns(options: RankingColumnsOptions): ListColumn<RankedRow>[] {
  const { complete, behaviors, risks } = options;
  return [
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
    subjectColumn(options),
    countColumn('events', t`Events`),
    {
      accessor: 'riskScore',
      title: t`Risk score`,
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
      title: t`Per event`,
      sortable: true,
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 75em)',
      exportValue: (row) => Math.round(row.metrics.averageScore * 10) / 10,
      render: (row) => formatAverage(row.metrics.averageScore),
    },
    {
      accessor: 'trendChange',
      title: t`Trend`,
      sortable: true,
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (row) => describeTrendChange(row.metrics.trendChange),
      // Pages arrive newest first: until the last one, every trend would look like a rise.
      render: (row) =>
        complete ? (
          <TrendSparkline trend={row.trend} change={row.metrics.trendChange} />
        ) : (
          <Text size="xs" c="dimmed">
            {t`When all are read`}
          </Text>
        ),
    },
    lookupCountsColumn('behaviors', t`Behaviours`, '(min-width: 88em)', behaviors),
    lookupCountsColumn('risks', t`Dynamic risks`, '(min-width: 100em)', risks),
    countColumn('coached', t`Coached`, '(min-width: 48em)'),
    countColumn('awaitingCoaching', t`Awaiting coaching`, '(min-width: 48em)'),
    {
      accessor: 'overdue',
      title: t`Overdue`,
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
}
