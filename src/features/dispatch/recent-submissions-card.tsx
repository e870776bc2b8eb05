import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { pageOfRows } from '@/api/paging';
import { AnchorLink } from '@/components/anchor-link';
import { DataList, type ListColumn, type ListResult } from '@/components/list/data-list';
import { useListController } from '@/components/list/use-list-controller';
import { formatDateTime } from '@/lib/format';
import { MAX_RECENT_SUBMISSIONS, type RecentSubmission } from './recent-submissions';
import timeClasses from './submission-view.module.css';

/** All of them at first (there are at most 20); a phone may prefer fewer. */
const PAGE_SIZES = [10, MAX_RECENT_SUBMISSIONS];
/** A phone has no room for the submission time's column: it goes under the submission. */
const WIDE_SCREEN = '(min-width: 48em)';

/** Submissions made from this browser, each re-openable to follow its status and results. */
export function RecentSubmissionsCard({
  submissions,
  unreadable = false,
}: {
  submissions: RecentSubmission[];
  /** The list this browser kept could not be read back and was cleared. */
  unreadable?: boolean;
}) {
  const { t } = useLingui();
  // Kept newest first in this browser, at most 20: no column sorts (the list's sorting is for pages
  // a service cannot sort). Built at render, so the titles follow the language.
  const columns: ListColumn<RecentSubmission>[] = [
    {
      accessor: 'batchId',
      title: t`Submission`,
      render: ({ batchId, submittedAt }) => (
        <>
          <AnchorLink to="/dispatch" search={{ batch: batchId }}>
            <Trans>Submission {batchId}</Trans>
          </AnchorLink>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            <span className={timeClasses.time}>
              {formatDateTime(new Date(submittedAt).toISOString())}
            </span>
          </Text>
        </>
      ),
      exportValue: (submission) => submission.batchId,
    },
    {
      accessor: 'submittedAt',
      title: t`Submitted`,
      noWrap: true,
      visibleMediaQuery: WIDE_SCREEN,
      render: (submission) => formatDateTime(new Date(submission.submittedAt).toISOString()),
      exportValue: (submission) => new Date(submission.submittedAt),
    },
    {
      accessor: 'fileName',
      title: t`File`,
      visibleMediaQuery: WIDE_SCREEN,
      exportValue: (submission) => submission.fileName,
    },
    {
      accessor: 'entryCount',
      title: t`Entries`,
      visibleMediaQuery: WIDE_SCREEN,
      exportValue: (submission) => submission.entryCount,
    },
    {
      accessor: 'acceptedCount',
      title: t`Accepted`,
      exportValue: (submission) => submission.acceptedCount,
    },
    {
      accessor: 'rejectedCount',
      title: t`Rejected`,
      exportValue: (submission) => submission.rejectedCount,
    },
  ];
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(MAX_RECENT_SUBMISSIONS);
  const list: ListResult<RecentSubmission> = {
    data: pageOfRows(submissions, { pageIndex: page - 1, pageSize }),
    isFetching: false,
    error: null,
    refetch: () => undefined,
  };

  const listController = useListController<RecentSubmission>({
    label: t`Recent submissions`,
    noun: t`submissions`,
    storeKey: 'dispatch-recent-submissions',
    list,
    columns,
    idAccessor: 'batchId',
    paging: {
      page,
      pageSize,
      setPage,
      setPageSize: (size) => {
        setPageSize(size);
        setPage(1);
      },
      pageSizes: PAGE_SIZES,
    },
    filtered: false,
    // Kept in this browser: an export pages through them here.
    exportAll: {
      fetchPage: (request) => Promise.resolve(pageOfRows(submissions, request)),
      disabled: submissions.length === 0,
    },
  });
  const maxRecent = MAX_RECENT_SUBMISSIONS;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="recent-submissions-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="recent-submissions-title">
          <Trans>Recent submissions</Trans>
        </Title>
        {unreadable && (
          <Text size="sm" c="dimmed">
            <Trans>
              The submissions remembered in this browser could not be read, so the list was cleared.
              Their results are still with the service.
            </Trans>
          </Text>
        )}
        <DataList<RecentSubmission>
          controller={listController}
          emptyText={t`Schedules you submit from this browser are listed here (the last ${maxRecent}), so you can come back to their results.`}
        />
      </Stack>
    </Paper>
  );
}
