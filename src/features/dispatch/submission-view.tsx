import 'mantine-datatable/styles.layer.css';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useEffect, useMemo, useState } from 'react';
import {
  driverAssignmentKeys,
  isSubmissionComplete,
  submissionResultQueryOptions,
  submissionStatusPollDelayMs,
  submissionStatusQueryOptions,
} from '@/api/driver-assignments';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { downloadCsv } from '@/lib/csv-export';
import { formatDateTime, formatNumber } from '@/lib/format';
import type { RemovedRow } from './dispatch-draft';
import { failedRowsSheet, resultRecords, type ResultRecord } from './failed-rows';
import { RemovedRowsList } from './removed-rows-list';
import classes from './submission-view.module.css';
import type { ScheduleRow } from './validate-rows';
import { ValidationCode } from './validation-code';

const RESULTS_PAGE_SIZE = 50;
/** Wider screens show each field in its column; a phone shows them together in one. */
const WIDE_SCREEN = '(min-width: 48em)';
const PHONE_SCREEN = '(max-width: 47.99em)';

function useSecondsSince(since: number | undefined, running: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return since === undefined ? null : Math.max(0, Math.round((now - since) / 1000));
}

/**
 * Step 5 (and a recent submission re-opened): follows the submission log until processing is
 * complete, then shows each entry's code and offers the failed rows as CSV.
 */
export function SubmissionView({
  batchId,
  submittedAt,
  sourceRows,
  removedRows,
  removedCount,
}: {
  batchId: number;
  submittedAt?: number;
  /** Rows of the file removed in the wizard before submitting, while this tab keeps the draft. */
  removedRows?: readonly RemovedRow[];
  /** How many rows were removed, when only that was kept; unknown for older submissions. */
  removedCount?: number;
  /** The submitted rows in the order they were sent, if known. */
  sourceRows?: readonly (ScheduleRow | undefined)[];
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const statusOptions = submissionStatusQueryOptions(batchId);
  const statusQuery = useQuery(statusOptions);
  const complete = statusQuery.data !== undefined && isSubmissionComplete(statusQuery.data);
  const resultQuery = useQuery({ ...submissionResultQueryOptions(batchId), enabled: complete });
  useEffect(() => {
    // Processing writes assignments (assignmentsModified), so cached assignment lists are old now.
    if (complete) void queryClient.invalidateQueries({ queryKey: driverAssignmentKeys.lists() });
  }, [complete, queryClient]);
  const elapsedSeconds = useSecondsSince(submittedAt, !complete);
  const [page, setPage] = useState(1);

  const records = useMemo(
    () => resultRecords(resultQuery.data ?? [], sourceRows),
    [resultQuery.data, sourceRows],
  );
  const failedCount = records.filter((record) => record.failed).length;
  const modified = records.reduce(
    (sum, record) => sum + (record.result.assignmentsModified ?? 0),
    0,
  );

  if (statusQuery.error) {
    return (
      <QueryErrorAlert
        title={t`The status of submission ${batchId} could not be read`}
        error={statusQuery.error}
        onRetry={() => void statusQuery.refetch()}
      />
    );
  }

  // Reading dataUpdatedAt re-renders on every answer, even an unchanged "in progress".
  const checks = statusQuery.dataUpdatedAt
    ? (queryClient.getQueryState(statusOptions.queryKey)?.dataUpdateCount ?? 0)
    : 0;
  const nextCheckSeconds = Math.round(submissionStatusPollDelayMs(checks) / 1000);
  const submittedTime =
    submittedAt === undefined ? null : formatDateTime(new Date(submittedAt).toISOString());
  const processingText =
    elapsedSeconds === null
      ? plural(checks, {
          one: `The service is processing the schedule. Status checked # time; checking again in ${nextCheckSeconds} s. You can leave this page and come back from the recent submissions.`,
          other: `The service is processing the schedule. Status checked # times; checking again in ${nextCheckSeconds} s. You can leave this page and come back from the recent submissions.`,
        })
      : plural(checks, {
          one: `The service is processing the schedule (${elapsedSeconds} s so far). Status checked # time; checking again in ${nextCheckSeconds} s. You can leave this page and come back from the recent submissions.`,
          other: `The service is processing the schedule (${elapsedSeconds} s so far). Status checked # times; checking again in ${nextCheckSeconds} s. You can leave this page and come back from the recent submissions.`,
        });
  const entryCount = records.length;
  const failed = formatNumber(failedCount);
  const accepted = formatNumber(records.length - failedCount);
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={500}>
              <Trans>Submission {batchId}</Trans>
            </Text>
            <Badge color={complete ? 'green' : 'blue'} variant="light">
              {complete ? t`Complete` : statusQuery.isPending ? t`Checking…` : t`In progress`}
            </Badge>
          </Group>
          <div aria-hidden>
            <Progress
              value={100}
              animated={!complete}
              striped={!complete}
              color={complete ? 'green' : 'blue'}
            />
          </div>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {complete
              ? submittedAt
                ? t`Processing is complete (submitted ${submittedTime}).`
                : t`Processing is complete.`
              : processingText}
          </Text>
          <RemovedRowsList rows={removedRows} count={removedCount} />
        </Stack>
      </Paper>
      {resultQuery.error && (
        <QueryErrorAlert
          title={t`The results could not be loaded`}
          error={resultQuery.error}
          onRetry={() => void resultQuery.refetch()}
        />
      )}
      {complete && resultQuery.data && (
        <>
          <Alert
            color={failedCount > 0 ? 'orange' : 'green'}
            title={
              failedCount > 0
                ? plural(entryCount, {
                    one: `${failed} of # entry rejected`,
                    other: `${failed} of # entries rejected`,
                  })
                : plural(entryCount, {
                    1: 'The entry was accepted',
                    other: 'All # entries were accepted',
                  })
            }
          >
            <Stack gap="xs">
              <Text size="sm">
                <Plural
                  value={modified}
                  one={`${accepted} accepted; # driver assignment created or replaced.`}
                  other={`${accepted} accepted; # driver assignments created or replaced.`}
                />
                {failedCount > 0 && (
                  <>
                    {' '}
                    <Trans>
                      Download the rejected rows, fix them in your spreadsheet and upload them as a
                      new file.
                    </Trans>
                  </>
                )}
              </Text>
              {failedCount > 0 && (
                <Group>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      downloadCsv(
                        failedRowsSheet(records),
                        `${t`dispatch-${batchId}-rows-to-fix`}.csv`,
                      )
                    }
                  >
                    <Plural
                      value={failedCount}
                      one="Download the # rejected row (CSV)"
                      other="Download the # rejected rows (CSV)"
                    />
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
          <DataTable<ResultRecord>
            aria-label={t`Submission results`}
            withTableBorder
            borderRadius="sm"
            striped
            minHeight={120}
            idAccessor="index"
            records={records.slice((page - 1) * RESULTS_PAGE_SIZE, page * RESULTS_PAGE_SIZE)}
            totalRecords={records.length}
            recordsPerPage={RESULTS_PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            getPaginationControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t`Previous page` }
                : control === 'next'
                  ? { 'aria-label': t`Next page` }
                  : {}
            }
            paginationText={({ from, to, totalRecords }) => {
              const first = formatNumber(from);
              const last = formatNumber(to);
              const total = formatNumber(totalRecords);
              return t`${first}–${last} of ${total}`;
            }}
            noRecordsText={t`The submission has no entries`}
            columns={[
              {
                accessor: 'row',
                title: t`Row`,
                render: (record) => record.source?.sourceRow ?? record.index + 1,
              },
              {
                accessor: 'employeeId',
                title: t`Employee ID`,
                visibleMediaQuery: WIDE_SCREEN,
                render: ({ result }) => result.employeeId ?? '—',
              },
              {
                accessor: 'driver',
                title: t`Driver`,
                visibleMediaQuery: WIDE_SCREEN,
                render: ({ result }) =>
                  [result.driverFirstName, result.driverLastName].filter(Boolean).join(' ') || '—',
              },
              {
                accessor: 'vehicle',
                title: t`Vehicle`,
                visibleMediaQuery: WIDE_SCREEN,
                render: ({ result }) => result.vehicleName ?? '—',
              },
              {
                accessor: 'start',
                title: t`Start`,
                visibleMediaQuery: WIDE_SCREEN,
                render: ({ result }) => (
                  <span className={classes.time}>{formatDateTime(result.startDate)}</span>
                ),
              },
              {
                accessor: 'end',
                title: t`End`,
                visibleMediaQuery: WIDE_SCREEN,
                render: ({ result }) => (
                  <span className={classes.time}>{formatDateTime(result.endDate)}</span>
                ),
              },
              {
                accessor: 'entry',
                title: t`Entry`,
                visibleMediaQuery: PHONE_SCREEN,
                render: ({ result }) => (
                  <Stack gap={0}>
                    <Text size="sm">
                      {[result.driverFirstName, result.driverLastName].filter(Boolean).join(' ') ||
                        result.employeeId ||
                        '—'}
                      {' · '}
                      {result.vehicleName ?? '—'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <span className={classes.time}>{formatDateTime(result.startDate)}</span>
                      {' – '}
                      <span className={classes.time}>{formatDateTime(result.endDate)}</span>
                    </Text>
                  </Stack>
                ),
              },
              {
                accessor: 'code',
                title: t`Result`,
                render: ({ result }) => <ValidationCode code={result.responseCodeId} />,
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
