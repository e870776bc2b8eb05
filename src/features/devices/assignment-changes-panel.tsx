import { plural } from '@lingui/core/macro';
import { useLingui as useTranslator } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { vehicleAssignmentRangeQueryOptions, type VehicleAssignment } from '@/api/devices';
import { pageOfRows } from '@/api/paging';
import { AnchorLink } from '@/components/anchor-link';
import { DataList, type ListColumn, type ListResult } from '@/components/list/data-list';
import { ListDayRangeFilter } from '@/components/list/list-day-range-filter';
import { ListTextFilter } from '@/components/list/list-text-filter';
import { useListController } from '@/components/list/use-list-controller';
import { useListUrl } from '@/components/list/use-list-url';
import { formatDateTime, parseDateTime } from '@/lib/format';
import { lastLocalDays, toLocalDateString, today } from '@/lib/local-date';
import {
  describeAssignmentChange,
  matchesAssignmentFilters,
  type AssignmentChangeView,
} from './assignment-change';
import { AssignmentChangeText } from './assignment-change-text';
import { changeRangeFromSearch, MAX_CHANGE_RANGE_DAYS } from './devices-search';
import { shortGroupPath } from './group-path';

const route = getRouteApi('/_auth/devices/');
const DEFAULT_CHANGES_PAGE_SIZE = 25;

interface ChangeRow {
  change: VehicleAssignment;
  view: AssignmentChangeView;
  index: number;
}

/** "Tacoma Depot › Local Delivery → Seattle Depot › Yard" when the camera changed group too. */
function groupChangeText(change: VehicleAssignment): string {
  const before = shortGroupPath(change.previousGroupPath, change.previousGroupName);
  const after = shortGroupPath(change.groupPath, change.groupName);
  if (before && after && before !== after) return `${before} → ${after}`;
  return after ?? before ?? '—';
}

/**
 * Device-to-vehicle changes over any range, filtered by camera and vehicle on the client: the
 * whole range is read at once, so its pages are cut here.
 */
export function AssignmentChangesPanel() {
  const { t } = useLingui();
  const { _: translate } = useTranslator();
  const columns = useMemo<ListColumn<ChangeRow>[]>(
    () => [
      {
        accessor: 'change.updatedDate',
        title: t`When`,
        exportValue: ({ change }) => parseDateTime(change.updatedDate),
        render: ({ change }) => formatDateTime(change.updatedDate),
      },
      {
        accessor: 'change.serialNumber',
        title: t`Camera`,
        exportValue: ({ change }) => change.serialNumber,
        render: ({ change }) => <CameraLink change={change} />,
      },
      {
        accessor: 'view.text',
        title: t`Change`,
        exportValue: ({ view }) => view.text,
        render: ({ view }) => (
          <Text size="sm">
            <AssignmentChangeText view={view} />
          </Text>
        ),
      },
      {
        accessor: 'change.groupName',
        title: t`Group`,
        visibleMediaQuery: '(min-width: 64em)',
        exportValue: ({ change }) => groupChangeText(change),
        render: ({ change }) => groupChangeText(change),
      },
    ],
    [t],
  );
  const rangePresets = [1, 7, 30, 90].map((days) => {
    const { from, to } = lastLocalDays(days);
    return {
      value: [from, to] as [string, string],
      label:
        days === 1
          ? t`Today`
          : t({ message: plural(days, { one: 'Last # day', other: 'Last # days' }) }),
    };
  });
  const url = useListUrl(route, {
    keys: { page: 'changesPage', pageSize: 'changesPageSize' },
    defaultPageSize: DEFAULT_CHANGES_PAGE_SIZE,
  });
  const { search, setFilters } = url;
  const range = changeRangeFromSearch(search);
  const changesQuery = useQuery({
    ...vehicleAssignmentRangeQueryOptions(range.ok ? range.params : { startDate: '', endDate: '' }),
    enabled: range.ok,
  });

  const rows = useMemo(
    () =>
      (changesQuery.data ?? [])
        .filter((change) =>
          matchesAssignmentFilters(change, { device: search.device, vehicle: search.vehicle }),
        )
        .map((change, index) => ({
          change,
          view: describeAssignmentChange(change, translate),
          index,
        })),
    [changesQuery.data, search.device, search.vehicle, translate],
  );
  const { page, pageSize } = url;
  const list: ListResult<ChangeRow> = {
    data: changesQuery.data ? pageOfRows(rows, { pageIndex: page - 1, pageSize }) : undefined,
    isFetching: changesQuery.isFetching,
    error: changesQuery.error,
    refetch: () => changesQuery.refetch(),
  };
  const filtered = !!(search.device || search.vehicle || search.groupId);
  const maxDays = MAX_CHANGE_RANGE_DAYS;

  const listController = useListController<ChangeRow>({
    label: t`Assignment changes`,
    storeKey: 'device-assignment-changes',
    list,
    columns,
    idAccessor: 'index',
    paging: url,
    filtered,
    // The range is read whole, so an export pages through the rows already here.
    exportAll: {
      fetchPage: (request) => Promise.resolve(pageOfRows(rows, request)),
      disabled: !changesQuery.data,
    },
  });
  return (
    <DataList<ChangeRow>
      controller={listController}
      countNoun={t`changes`}
      emptyText={
        filtered
          ? t`No changes match these filters in this period`
          : t`No camera changed vehicle in this period`
      }
      notice={
        !range.ok && (
          <Alert color="orange" title={t`Check the date range`} role="alert">
            {range.message}
          </Alert>
        )
      }
      filters={
        <>
          <ListDayRangeFilter
            label={t`Changed between`}
            description={t`Up to ${maxDays} days, read 7 days at a time`}
            from={range.from}
            to={range.to}
            onChange={setFilters}
            presets={rangePresets}
            maxDate={toLocalDateString(today())}
          />
          <ListTextFilter
            label={t`Camera`}
            description={t`Serial number or part of it`}
            value={search.device}
            onChange={(device) => setFilters({ device })}
            maxLength={64}
            width={200}
          />
          <ListTextFilter
            label={t`Vehicle`}
            description={t`Name or part of it, before or after`}
            value={search.vehicle}
            onChange={(vehicle) => setFilters({ vehicle })}
            maxLength={64}
            width={220}
          />
        </>
      }
    />
  );
}

function CameraLink({ change }: { change: VehicleAssignment }) {
  const { t } = useLingui();
  if (!change.deviceId) return change.serialNumber ?? '—';
  return (
    <AnchorLink to="/devices/$deviceId" params={{ deviceId: change.deviceId }} size="sm">
      {change.serialNumber ?? t`Camera`}
    </AnchorLink>
  );
}
