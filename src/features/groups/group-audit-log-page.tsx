import '@mantine/dates/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { groupAuditLogListQueryOptions, type GroupAuditLog } from '@/api/groups';
import { AnchorLink } from '@/components/anchor-link';
import { GroupPicker, useGroupTree } from '@/components/group-picker';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatDateTime } from '@/lib/format';
import { fullPathNames, groupKey } from '@/lib/group-tree';
import {
  AUDIT_HISTORY_START_DAY,
  AUDIT_MAX_DAYS,
  auditWindow,
  DEFAULT_AUDIT_PAGE_SIZE,
  groupAuditActionValues,
  groupAuditListParams,
  parseDay,
  toDay,
  type GroupAuditSearch,
} from './group-audit-search';

const route = getRouteApi('/_auth/groups/audit');

const actionLabels: Record<(typeof groupAuditActionValues)[number], string> = {
  CREATE: 'Created',
  UPDATE: 'Updated',
  DELETE: 'Deleted',
  IMPORT: 'Imported',
  MOVE: 'Moved',
};
const actionColors: Record<string, string> = {
  CREATE: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
  IMPORT: 'teal',
  MOVE: 'grape',
};

function actionLabel(action: string | null | undefined): string {
  const known = groupAuditActionValues.find((value) => value === action);
  return known ? actionLabels[known] : (action ?? '—');
}

const historyStart = parseDay(AUDIT_HISTORY_START_DAY).toLocaleDateString(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

interface AuditRow extends GroupAuditLog {
  rowKey: string;
}

function actorName(entry: GroupAuditLog): string {
  const name = [entry.firstName, entry.lastName].filter(Boolean).join(' ');
  if (name && entry.username) return `${name} (${entry.username})`;
  return name || entry.username || entry.userId || 'Unknown';
}

/** Who changed which group, and how: filterable, paged, at most seven days at a time. */
export function GroupAuditLogPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // Fixed for the visit, so the default window (and the query key) does not drift.
  const [today] = useState(() => new Date());
  const range = auditWindow(search, today);
  const params = range.ok ? groupAuditListParams(search, range) : null;
  const logsQuery = useQuery({
    ...groupAuditLogListQueryOptions(
      params ?? { page: { pageIndex: 0, pageSize: DEFAULT_AUDIT_PAGE_SIZE } },
    ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
  const { tree } = useGroupTree();

  const setSearch = (changes: Partial<GroupAuditSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...changes, page: undefined }) });

  const [userText, setUserText] = useState(search.user ?? '');
  const applyUser = useDebouncedCallback(
    (value: string) => setSearch({ user: value.trim() || undefined }),
    400,
  );
  // Half a range while the user picks its second day; the URL only takes whole ranges.
  const [pickedDays, setPickedDays] = useState<DatesRangeValue<string> | null>(null);
  const shownDays: DatesRangeValue<string> = pickedDays ?? [range.from ?? null, range.to ?? null];

  const rows = useMemo<AuditRow[]>(
    () =>
      (logsQuery.data?.items ?? []).map((entry, index) => ({
        ...entry,
        rowKey: `${entry.id ?? ''}|${entry.action ?? ''}|${entry.updatedDate ?? ''}|${index}`,
      })),
    [logsQuery.data],
  );
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_AUDIT_PAGE_SIZE;
  const filtered = !!(search.action || search.groupId || search.user);

  return (
    <Stack>
      <Group align="flex-start" wrap="wrap">
        <Select
          label="Action"
          placeholder="Any action"
          clearable
          w={170}
          data={groupAuditActionValues.map((action) => ({
            value: action,
            label: actionLabels[action],
          }))}
          value={search.action ?? null}
          onChange={(value) =>
            setSearch({
              action: groupAuditActionValues.find((action) => action === value),
            })
          }
        />
        <Stack gap={6}>
          <GroupPicker
            label="Group"
            w={300}
            value={search.groupId ?? null}
            onChange={(groupId) => setSearch({ groupId: groupId ?? undefined })}
          />
          <Checkbox
            size="xs"
            label="Include its subgroups"
            disabled={!search.groupId}
            checked={search.subgroups ?? false}
            onChange={(event) => setSearch({ subgroups: event.currentTarget.checked || undefined })}
          />
        </Stack>
        <TextInput
          label="Changed by"
          description="Username or user ID"
          w={220}
          maxLength={100}
          value={userText}
          onChange={(event) => {
            setUserText(event.currentTarget.value);
            applyUser(event.currentTarget.value);
          }}
        />
        <Stack gap={6}>
          <DatePickerInput
            type="range"
            label="Days"
            description={`Up to ${AUDIT_MAX_DAYS} days at a time, from ${historyStart} on`}
            valueFormat="D MMM YYYY"
            w={300}
            allowSingleDateInRange
            minDate={AUDIT_HISTORY_START_DAY}
            maxDate={toDay(today)}
            value={shownDays}
            onChange={(days) => {
              const [from, to] = days;
              if (from && to) {
                setPickedDays(null);
                setSearch({ from, to });
              } else {
                setPickedDays(days);
              }
            }}
          />
          <div>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                setPickedDays(null);
                setSearch({ from: undefined, to: undefined });
              }}
            >
              Last {AUDIT_MAX_DAYS} days
            </Button>
          </div>
        </Stack>
      </Group>

      {!range.ok ? (
        <Alert color="yellow" title="Choose other days" role="alert">
          {range.message}
        </Alert>
      ) : logsQuery.error ? (
        <QueryErrorAlert
          title="The audit log could not be loaded"
          error={logsQuery.error}
          onRetry={() => void logsQuery.refetch()}
        />
      ) : (
        <DataTable<AuditRow>
          aria-label="Group audit log"
          withTableBorder
          borderRadius="sm"
          striped
          minHeight={200}
          idAccessor="rowKey"
          records={rows}
          fetching={logsQuery.isFetching}
          loaderType="dots"
          noRecordsText={
            filtered ? 'No changes match these filters on these days' : 'No changes on these days'
          }
          totalRecords={logsQuery.data?.total ?? 0}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={(next) =>
            void navigate({ search: (previous) => ({ ...previous, page: next }) })
          }
          recordsPerPageOptions={[25, 50, 100]}
          onRecordsPerPageChange={(size) =>
            void navigate({
              search: (previous) => ({ ...previous, pageSize: size, page: undefined }),
            })
          }
          paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
          columns={[
            {
              accessor: 'updatedDate',
              title: 'When',
              render: (entry) =>
                formatDateTime(
                  entry.isDeleted ? (entry.deletedDate ?? entry.updatedDate) : entry.updatedDate,
                ),
            },
            {
              accessor: 'action',
              title: 'Action',
              width: 120,
              render: (entry) => (
                <Badge variant="light" color={actionColors[entry.action ?? ''] ?? 'gray'}>
                  {actionLabel(entry.action)}
                </Badge>
              ),
            },
            {
              accessor: 'name',
              title: 'Group',
              render: (entry) => {
                const stillThere = !!entry.id && !!tree?.byKey.has(groupKey(entry.id));
                return entry.id && stillThere ? (
                  <AnchorLink to="/groups" search={{ groupId: entry.id }} size="sm">
                    {entry.name ?? entry.id}
                  </AnchorLink>
                ) : (
                  <Text span size="sm">
                    {entry.name ?? entry.id ?? '—'}{' '}
                    <Text span size="xs" c="dimmed">
                      (no longer exists)
                    </Text>
                  </Text>
                );
              },
            },
            {
              accessor: 'fullPath',
              title: 'Path at the time',
              visibleMediaQuery: '(min-width: 64em)',
              render: (entry) => (entry.fullPath ? fullPathNames(entry.fullPath).join(' › ') : '—'),
            },
            {
              accessor: 'actor',
              title: 'Changed by',
              render: actorName,
              visibleMediaQuery: '(min-width: 48em)',
            },
            {
              accessor: 'revision',
              title: 'Revision',
              textAlign: 'right',
              visibleMediaQuery: '(min-width: 48em)',
            },
          ]}
        />
      )}
      <Text size="xs" c="dimmed">
        The service keeps group changes from {historyStart} on and returns at most {AUDIT_MAX_DAYS}{' '}
        days per request, so choose a window of up to {AUDIT_MAX_DAYS} days.
      </Text>
    </Stack>
  );
}
