import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { PageHeader } from '@/components/page-header';
import { loadDraft, removedRows, scheduleRows } from './dispatch-draft';
import { loadRecentSubmissions } from './recent-submissions';
import { RecentSubmissionsCard } from './recent-submissions-card';
import { SubmissionView } from './submission-view';

/**
 * One submission's page (`?batch=`): its processing and results, with the rows it was made of
 * where this browser still keeps the draft that sent it.
 */

export function SubmissionPage({ batchId, username }: { batchId: number; username: string }) {
  const { t } = useLingui();
  const [draft] = useState(() => loadDraft(username).value);
  const [recent] = useState(() => loadRecentSubmissions(username));
  const ownDraft = draft?.submission?.batchId === batchId ? draft : null;
  const recentSubmission = recent.value.find((item) => item.batchId === batchId);
  const sourceRows = useMemo(() => {
    if (!ownDraft?.submission) return undefined;
    const rowsById = new Map(scheduleRows(ownDraft).map((row) => [row.id, row]));
    return ownDraft.submission.rowIds.map((id) => rowsById.get(id));
  }, [ownDraft]);
  return (
    <Stack>
      <PageHeader
        title={t`Submission ${batchId}`}
        description={
          <AnchorLink to="/dispatch" search={{}}>
            <Trans>Back to the dispatch upload</Trans>
          </AnchorLink>
        }
      />
      <SubmissionView
        batchId={batchId}
        submittedAt={recentSubmission?.submittedAt}
        sourceRows={sourceRows}
        removedRows={ownDraft?.table ? removedRows(ownDraft) : undefined}
        removedCount={ownDraft?.removedRowIds.length ?? recentSubmission?.removedCount}
      />
      <RecentSubmissionsCard submissions={recent.value} unreadable={recent.discarded} />
    </Stack>
  );
}
