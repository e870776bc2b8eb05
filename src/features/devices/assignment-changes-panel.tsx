import '@mantine/dates/styles.layer.css';
import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { vehicleAssignmentRangeQueryOptions, type VehicleAssignment } from '@/api/devices';
import { AnchorLink } from '@/components/anchor-link';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatDateTime } from '@/lib/format';
import { lastLocalDays, toLocalDateString } from '@/lib/local-date';
import { describeAssignmentChange, matchesAssignmentFilters } from './assignment-change';
import { AssignmentChangeText } from './assignment-change-text';
import { changeRangeFromSearch, MAX_CHANGE_RANGE_DAYS } from './devices-search';
import { shortGroupPath } from './group-path';

const route = getRouteApi('/_auth/devices/');
const CHANGES_PAGE_SIZE = 25;

function rangePresets() {
  return [1, 7, 30, 90].map((days) => {
    const { from, to } = lastLocalDays(days);
    return {
      value: [from, to] as [string, string],
      label: days === 1 ? 'Today' : `Last ${days} days`,
    };
  });
}

/** Device-to-vehicle changes over any range, filtered by camera and vehicle on the client. */
export function AssignmentChangesPanel() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const range = changeRangeFromSearch(search);
  const changesQuery = useQuery({
    ...vehicleAssignmentRangeQueryOptions(range.ok ? range.params : { startDate: '', endDate: '' }),
    enabled: range.ok,
  });
  const [draftRange, setDraftRange] = useState<DatesRangeValue<string>>([range.from, range.to]);
  const [deviceText, setDeviceText] = useState(search.device ?? '');
  const [vehicleText, setVehicleText] = useState(search.vehicle ?? '');
  const applyTexts = useDebouncedCallback((device: string, vehicle: string) => {
    void navigate({
      search: (previous) => ({
        ...previous,
        device: device.trim() || undefined,
        vehicle: vehicle.trim() || undefined,
        changesPage: undefined,
      }),
    });
  }, 300);

  const rows = useMemo(
    () =>
      (changesQuery.data ?? [])
        .filter((change) =>
          matchesAssignmentFilters(change, { device: search.device, vehicle: search.vehicle }),
        )
        .map((change, index) => ({ change, view: describeAssignmentChange(change), index })),
    [changesQuery.data, search.device, search.vehicle],
  );
  const page = search.changesPage ?? 1;
  const pageRows = rows.slice((page - 1) * CHANGES_PAGE_SIZE, page * CHANGES_PAGE_SIZE);
  const filtered = !!(search.device || search.vehicle || search.groupId);

  return (
    <Stack>
      <Group align="flex-start" wrap="wrap">
        <DatePickerInput
          type="range"
          label="Changed between"
          description={`Up to ${MAX_CHANGE_RANGE_DAYS} days, read 7 days at a time`}
          value={draftRange}
          onChange={(next) => {
            setDraftRange(next);
            const [from, to] = next;
            if (from && to) {
              void navigate({
                search: (previous) => ({ ...previous, from, to, changesPage: undefined }),
              });
            }
          }}
          presets={rangePresets()}
          maxDate={toLocalDateString(new Date())}
          allowSingleDateInRange
          valueFormat="MMM D, YYYY"
          w={260}
        />
        <TextInput
          label="Camera"
          description="Serial number or part of it"
          value={deviceText}
          onChange={(event) => {
            setDeviceText(event.currentTarget.value);
            applyTexts(event.currentTarget.value, vehicleText);
          }}
          w={200}
          maxLength={64}
        />
        <TextInput
          label="Vehicle"
          description="Name or part of it, before or after"
          value={vehicleText}
          onChange={(event) => {
            setVehicleText(event.currentTarget.value);
            applyTexts(deviceText, event.currentTarget.value);
          }}
          w={220}
          maxLength={64}
        />
      </Group>
      {!range.ok ? (
        <Alert color="orange" title="Check the date range" role="alert">
          {range.message}
        </Alert>
      ) : changesQuery.error ? (
        <QueryErrorAlert
          title="The assignment changes could not be loaded"
          error={changesQuery.error}
          onRetry={() => void changesQuery.refetch()}
        />
      ) : (
        <DataTable
          aria-label="Assignment changes"
          withTableBorder
          borderRadius="sm"
          striped
          minHeight={200}
          idAccessor="index"
          records={pageRows}
          fetching={changesQuery.isFetching}
          loaderType="dots"
          noRecordsText={
            filtered
              ? 'No changes match these filters in this period'
              : 'No camera changed vehicle in this period'
          }
          totalRecords={rows.length}
          recordsPerPage={CHANGES_PAGE_SIZE}
          page={page}
          onPageChange={(next) =>
            void navigate({ search: (previous) => ({ ...previous, changesPage: next }) })
          }
          paginationText={({ from, to, totalRecords }) =>
            `${from}–${to} of ${totalRecords} changes`
          }
          columns={[
            {
              accessor: 'change.updatedDate',
              title: 'When',
              render: ({ change }) => formatDateTime(change.updatedDate),
            },
            {
              accessor: 'change.serialNumber',
              title: 'Camera',
              render: ({ change }) => <CameraLink change={change} />,
            },
            {
              accessor: 'view.text',
              title: 'Change',
              render: ({ view }) => (
                <Text size="sm">
                  <AssignmentChangeText view={view} />
                </Text>
              ),
            },
            {
              accessor: 'change.groupName',
              title: 'Group',
              visibleMediaQuery: '(min-width: 64em)',
              render: ({ change }) => {
                const before = shortGroupPath(change.previousGroupPath, change.previousGroupName);
                const after = shortGroupPath(change.groupPath, change.groupName);
                if (before && after && before !== after) return `${before} → ${after}`;
                return after ?? before ?? '—';
              },
            },
          ]}
        />
      )}
    </Stack>
  );
}

function CameraLink({ change }: { change: VehicleAssignment }) {
  if (!change.deviceId) return change.serialNumber ?? '—';
  return (
    <AnchorLink to="/devices/$deviceId" params={{ deviceId: change.deviceId }} size="sm">
      {change.serialNumber ?? 'Camera'}
    </AnchorLink>
  );
}
