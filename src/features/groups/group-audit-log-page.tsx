import '@mantine/dates/styles.layer.css';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Checkbox, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useGroupTree } from '@/api/group-options';
import { groupKey } from '@/api/group-tree';
import {
  groupAuditLogListQueryOptions,
  listGroupAuditLogs,
  type GroupAuditLog,
} from '@/api/groups';
import { emptyPage, type Page } from '@/api/paging';
import { AnchorLink } from '@/components/anchor-link';
import { GroupPicker } from '@/components/group-picker';
import { DataList, type ListColumn } from '@/components/list/data-list';
import { ListTextFilter } from '@/components/list/list-text-filter';
import { useListController } from '@/components/list/use-list-controller';
import { useListUrl, useStayWithinPages } from '@/components/list/use-list-url';
import { formatDateTime, parseDateTime } from '@/lib/format';
import { formatGroupPath, readGroupPath } from '@/lib/group-path';
import { toLocalDateString } from '@/lib/local-date';
import {
  AUDIT_HISTORY_START_DAY,
  AUDIT_MAX_DAYS,
  AUDIT_PAGE_SIZES,
  auditWindow,
  DEFAULT_AUDIT_PAGE_SIZE,
  formatAuditDay,
  groupAuditActionValues,
  groupAuditListParams,
} from './group-audit-search';

const route = getRouteApi('/_auth/groups/audit');

const actionLabels: Record<(typeof groupAuditActionValues)[number], MessageDescriptor> = {
  CREATE: msg`Created`,
  UPDATE: msg`Updated`,
  DELETE: msg`Deleted`,
  IMPORT: msg`Imported`,
  MOVE: msg`Moved`,
};
const actionColors: Record<string, string> = {
  CREATE: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
  IMPORT: 'teal',
  MOVE: 'grape',
};

/** A known action in the chosen language; one the console does not know, as the service sent it. */
function actionLabel(i18n: I18n, action: string | null | undefined): string {
  const known = groupAuditActionValues.find((value) => value === action);
  return known ? i18n._(actionLabels[known]) : (action ?? '—');
}

interface AuditRow extends GroupAuditLog {
  rowKey: string;
}

function actorName(i18n: I18n, entry: GroupAuditLog): string {
  const name = [entry.firstName, entry.lastName].filter(Boolean).join(' ');
  const who =
    name && entry.username ? `${name} (${entry.username})` : name || entry.username || entry.userId;
  if (!who) return i18n._(msg`Unknown`);
  const employeeId = entry.employeeId;
  return employeeId ? i18n._(msg`${who}, employee ID ${employeeId}`) : who;
}

/** An entry has no id of its own (its `id` is the group's): rows are keyed by content and place. */
function withRowKeys(page: Page<GroupAuditLog>): Page<AuditRow> {
  return {
    ...page,
    items: page.items.map((entry, index) => ({
      ...entry,
      rowKey: `${entry.id ?? ''}|${entry.action ?? ''}|${entry.updatedDate ?? ''}|${index}`,
    })),
  };
}

/** When the change happened: a deletion is dated by its deletion. */
function changedAt(entry: GroupAuditLog): string | null | undefined {
  return entry.isDeleted ? (entry.deletedDate ?? entry.updatedDate) : entry.updatedDate;
}

const pathText = (entry: GroupAuditLog) =>
  entry.fullPath ? formatGroupPath(readGroupPath(entry.fullPath, 'groups')) : '—';

/** The audit log takes at most 100 entries a request. */
const AUDIT_EXPORT_PAGE_SIZE = 100;

/** Who changed which group, and how: filterable, paged, at most seven days at a time. */
export function GroupAuditLogPage() {
  const { t, i18n } = useLingui();
  const historyStart = formatAuditDay(AUDIT_HISTORY_START_DAY, 'short');
  const maxDays = AUDIT_MAX_DAYS;
  const url = useListUrl(route, {
    keys: { page: 'page', pageSize: 'pageSize' },
    defaultPageSize: DEFAULT_AUDIT_PAGE_SIZE,
  });
  const { search, setFilters } = url;
  // Fixed for the visit, so the default window (and the query key) does not drift.
  const [today] = useState(() => new Date());
  const range = auditWindow(search, today);
  const params = range.ok ? groupAuditListParams(search, range) : null;
  const logsQuery = useQuery({
    ...groupAuditLogListQueryOptions(
      params ?? { page: { pageIndex: 0, pageSize: DEFAULT_AUDIT_PAGE_SIZE } },
    ),
    select: withRowKeys,
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
  useStayWithinPages(url, logsQuery.isPlaceholderData ? undefined : logsQuery.data);
  const { tree } = useGroupTree();

  // Half a range while the user picks its second day; the URL only takes whole ranges.
  const [pickedDays, setPickedDays] = useState<DatesRangeValue<string> | null>(null);
  const shownDays: DatesRangeValue<string> = pickedDays ?? [range.from ?? null, range.to ?? null];
  const filtered = !!(search.action || search.groupId || search.user);

  // The service sorts by date, newest first, and could sort by most columns: sorting only the page
  // shown would mislead, so no column sorts here.
  const columns: ListColumn<AuditRow>[] = [
    {
      accessor: 'updatedDate',
      title: t`When`,
      render: (entry) => formatDateTime(changedAt(entry)),
      exportValue: (entry) => parseDateTime(changedAt(entry)),
    },
    {
      accessor: 'action',
      title: t`Action`,
      width: 120,
      render: (entry) => (
        <Badge variant="light" color={actionColors[entry.action ?? ''] ?? 'gray'}>
          {actionLabel(i18n, entry.action)}
        </Badge>
      ),
      exportValue: (entry) => actionLabel(i18n, entry.action),
    },
    {
      accessor: 'name',
      title: t`Group`,
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
              <Trans>(no longer exists)</Trans>
            </Text>
          </Text>
        );
      },
      exportValue: (entry) => entry.name ?? entry.id,
    },
    {
      accessor: 'fullPath',
      title: t`Path at the time`,
      visibleMediaQuery: '(min-width: 64em)',
      render: pathText,
      exportValue: pathText,
    },
    {
      accessor: 'actor',
      title: t`Changed by`,
      render: (entry) => actorName(i18n, entry),
      exportValue: (entry) => actorName(i18n, entry),
      visibleMediaQuery: '(min-width: 48em)',
    },
    {
      accessor: 'revision',
      title: t`Revision`,
      textAlign: 'right',
      visibleMediaQuery: '(min-width: 48em)',
      exportValue: (entry) => entry.revision,
    },
  ];

  const listController = useListController<AuditRow>({
    label: t`Group audit log`,
    noun: t`audit log entries`,
    storeKey: 'group-audit-log',
    list: logsQuery,
    columns,
    idAccessor: 'rowKey',
    paging: { ...url, pageSizes: AUDIT_PAGE_SIZES },
    filtered,
    exportAll: {
      fetchPage: async (page, signal) =>
        params
          ? withRowKeys(await listGroupAuditLogs({ ...params, page }, signal))
          : emptyPage(page),
      pageSize: AUDIT_EXPORT_PAGE_SIZE,
      // Days the service would refuse have nothing to export.
      disabled: params === null,
    },
  });
  return (
    <Stack>
      <DataList<AuditRow>
        controller={listController}
        emptyText={
          filtered ? t`No changes match these filters on these days` : t`No changes on these days`
        }
        notice={
          range.ok ? undefined : (
            <Alert color="yellow" title={t`Choose other days`} role="alert">
              {range.message}
            </Alert>
          )
        }
        filters={
          <>
            <Select
              label={t`Action`}
              placeholder={t`Any action`}
              clearable
              w={170}
              data={groupAuditActionValues.map((action) => ({
                value: action,
                label: i18n._(actionLabels[action]),
              }))}
              value={search.action ?? null}
              onChange={(value) =>
                setFilters({ action: groupAuditActionValues.find((action) => action === value) })
              }
            />
            <GroupPicker
              label={t`Group`}
              w={300}
              value={search.groupId ?? null}
              onChange={(groupId) => setFilters({ groupId: groupId ?? undefined })}
            />
            <Checkbox
              label={t`Include its subgroups`}
              mb={8}
              disabled={!search.groupId}
              checked={search.subgroups ?? false}
              onChange={(event) =>
                setFilters({ subgroups: event.currentTarget.checked || undefined })
              }
            />
            <ListTextFilter
              label={t`Changed by`}
              description={t`Username or user ID`}
              value={search.user}
              onChange={(user) => setFilters({ user })}
              width={220}
            />
            <DatePickerInput
              type="range"
              label={t`Days`}
              description={t`Up to ${maxDays} days at a time, from ${historyStart} on`}
              valueFormat="D MMM YYYY"
              w={300}
              allowSingleDateInRange
              minDate={AUDIT_HISTORY_START_DAY}
              maxDate={toLocalDateString(today)}
              value={shownDays}
              onChange={(days) => {
                const [from, to] = days;
                if (from && to) {
                  setPickedDays(null);
                  setFilters({ from, to });
                } else {
                  setPickedDays(days);
                }
              }}
            />
            <Button
              variant="subtle"
              onClick={() => {
                setPickedDays(null);
                setFilters({ from: undefined, to: undefined });
              }}
            >
              <Trans>Last {maxDays} days</Trans>
            </Button>
          </>
        }
      />
      <Text size="xs" c="dimmed">
        <Trans>
          The service keeps group changes from {historyStart} on and returns at most {maxDays} days
          per request, so choose a window of up to {maxDays} days. Changes to users (their roles,
          sign-in and deactivation) are not recorded here: the service keeps no such history that
          the console can read.
        </Trans>
      </Text>
    </Stack>
  );
}
