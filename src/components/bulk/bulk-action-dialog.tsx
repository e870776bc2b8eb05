import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, type ReactNode } from 'react';
import {
  invalidateBulkActionQueries,
  retryBulkAction,
  retryBulkUndo,
  rowsToSend,
  runBulkAction,
  runBulkUndo,
  undoableItems,
  type BulkAction,
  type BulkRunReport,
  type BulkUndoReport,
} from '@/api/bulk-action';
import { countResults, type BulkRunOptions } from '@/api/bulk-run';
import { ChangeButton } from '@/components/change-control';
import { downloadCsv } from '@/lib/csv-export';
import { displayTimeZone, formatNumber } from '@/lib/format';
import { toLocalDateString } from '@/lib/local-date';
import { bulkDialogReducer, type BulkDialogStage, type BulkDialogState } from './bulk-dialog-state';
import { previewSummary, reportCsvRows, runReportLines, undoReportLines } from './bulk-report';
import { ReportTable, RunningView, StageHeading } from './bulk-stage-views';

/**
 * One bulk action from its parameters to its report: parameters → preview of what will be sent →
 * progress (cancellable) → per-item report, with retry of the failed items, undo of the done ones
 * (its own report) and a CSV download. Cannot be closed while items are being sent.
 */
export function BulkActionDialog<Row>({
  opened = true,
  action,
  rows,
  describeRow,
  onClose,
  onDismiss,
}: {
  /** Closed, the dialog keeps its report for the bulk menu to show again. */
  opened?: boolean;
  action: BulkAction<Row>;
  /** The selection as it was when the action was chosen. */
  rows: readonly Row[];
  describeRow: (row: Row) => string;
  /** `sentAnything`: whether any change or undo went to the service. */
  onClose: (sentAnything: boolean) => void;
  /** Closes the report for good, out of the bulk menu. */
  onDismiss?: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const hasParams = !!action.renderParamsForm;
  const [state, dispatch] = useReducer(bulkDialogReducer<Row>, null, (): BulkDialogState<Row> => ({
    stage: hasParams ? 'params' : 'preview',
    params: action.initialParams,
    paramsError: null,
    lines: hasParams ? [] : action.preview(rows, action.initialParams),
    progress: null,
    runningUndo: false,
    cancelling: false,
    runReport: null,
    undoReport: null,
  }));
  const { stage, params, paramsError, lines, progress, runningUndo, cancelling } = state;
  const { runReport, undoReport } = state;
  const controller = useRef<AbortController | null>(null);
  const sentAnything = useRef(false);
  const stageHeading = useRef<HTMLHeadingElement>(null);

  // Each step replaces the dialog's content: keep the reader's place at its heading.
  useEffect(() => {
    if (stage !== 'params') stageHeading.current?.focus();
  }, [stage]);
  // Closing is refused while sending, but an unmount (e.g. signing out) still stops the run.
  useEffect(() => () => controller.current?.abort(), []);

  const close = () => {
    if (stage !== 'running') onClose(sentAnything.current);
  };

  const showPreview = () => {
    const problem = action.validate?.(params) ?? null;
    if (problem) dispatch({ type: 'preview-refused', problem });
    else dispatch({ type: 'previewed', lines: action.preview(rows, params) });
  };

  async function send<Report>(
    undo: boolean,
    work: (options: BulkRunOptions) => Promise<Report>,
    keep: (report: Report) => void,
  ) {
    const run = new AbortController();
    controller.current = run;
    sentAnything.current = true;
    dispatch({ type: 'send-started', undo });
    const report = await work({
      signal: run.signal,
      onProgress: (next) => dispatch({ type: 'progressed', progress: next }),
    });
    controller.current = null;
    keep(report);
    // Whatever the results, some items may have changed.
    void invalidateBulkActionQueries(queryClient, action);
  }

  const keepRunReport = (report: BulkRunReport<Row>) => dispatch({ type: 'run-reported', report });
  const keepUndoReport = (report: BulkUndoReport<Row>) =>
    dispatch({ type: 'undo-reported', report });

  const toSend = rowsToSend(lines);
  const selectedCount = rows.length;
  const toSendCount = toSend.length;
  const content: Record<BulkDialogStage, () => ReactNode> = {
    params: () => (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // React bubbles events through portals: keep a form around the list from submitting.
          event.stopPropagation();
          showPreview();
        }}
      >
        <Stack>
          <Text size="sm">
            <Plural value={selectedCount} one="# item selected." other="# items selected." />
          </Text>
          {action.renderParamsForm?.(
            params,
            (next) => dispatch({ type: 'params-changed', params: next }),
            paramsError,
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit">
              <Trans>Preview</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    ),
    preview: () => (
      <Stack>
        <StageHeading ref={stageHeading}>
          <Trans>What will be sent</Trans>
        </StageHeading>
        {action.note && (
          <Alert color={action.danger ? 'red' : 'blue'} variant="light">
            {action.note}
          </Alert>
        )}
        <Text size="sm">{previewSummary(toSend.length, lines.length - toSend.length)}</Text>
        <ScrollArea.Autosize mah={320} type="auto">
          <Stack
            gap={4}
            component="ul"
            p={0}
            m={0}
            aria-label={t`Changes to send`}
            style={listStyle}
          >
            {lines.map((line, index) => (
              <Text key={index} component="li" size="sm" c={line.willSend ? undefined : 'dimmed'}>
                {describeRow(line.row)}: {line.change}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={hasParams ? () => dispatch({ type: 'back-to-params' }) : close}
          >
            {hasParams ? t`Back` : t`Cancel`}
          </Button>
          <ChangeButton
            color={action.danger ? 'red' : undefined}
            disabled={toSend.length === 0}
            onClick={() =>
              void send(
                false,
                (options) => runBulkAction(action, toSend, params, options),
                keepRunReport,
              )
            }
          >
            <Plural value={toSendCount} one="Send # change" other="Send # changes" />
          </ChangeButton>
        </Group>
      </Stack>
    ),
    running: () => (
      <RunningView
        headingRef={stageHeading}
        progress={progress}
        undo={runningUndo}
        cancelling={cancelling}
        onCancel={() => {
          dispatch({ type: 'cancel-asked' });
          controller.current?.abort();
        }}
      />
    ),
    report: () => {
      const showingUndo = undoReport !== null;
      const reportLines = showingUndo
        ? undoReportLines(undoReport, describeRow)
        : runReportLines(runReport ?? [], describeRow);
      const counts = countResults(showingUndo ? undoReport : (runReport ?? []));
      const undoable = !showingUndo && runReport ? undoableItems(runReport) : [];
      const doneCount = formatNumber(counts.done);
      const failedCount = formatNumber(counts.failed);
      const cancelledCount = formatNumber(counts.cancelled);
      const undoableCount = formatNumber(undoable.length);
      const actionId = action.id;
      const day = toLocalDateString(new Date(), displayTimeZone());
      // The action's id names the file (it is unique); the words around it are the reader's.
      const reportFileName = showingUndo
        ? t`${actionId}-undo-report-${day}.csv`
        : t`${actionId}-report-${day}.csv`;
      const retry = () =>
        showingUndo
          ? send(true, (options) => retryBulkUndo(action, undoReport, options), keepUndoReport)
          : runReport &&
            send(
              false,
              (options) => retryBulkAction(action, runReport, params, options),
              keepRunReport,
            );
      return (
        <Stack>
          <StageHeading ref={stageHeading}>{showingUndo ? t`Undo report` : t`Report`}</StageHeading>
          <Text size="sm" role="status">
            {t`${doneCount} done, ${failedCount} failed, ${cancelledCount} cancelled.`}
          </Text>
          <ReportTable lines={reportLines} label={showingUndo ? t`Undo report` : t`Bulk report`} />
          <Group justify="space-between">
            <Group gap="xs">
              {counts.failed > 0 && (
                <ChangeButton variant="light" onClick={() => void retry()}>
                  <Trans>Retry failed ({failedCount})</Trans>
                </ChangeButton>
              )}
              {undoable.length > 0 && (
                <ChangeButton
                  variant="light"
                  color="orange"
                  onClick={() =>
                    void send(
                      true,
                      (options) => runBulkUndo(action, undoable, options),
                      keepUndoReport,
                    )
                  }
                >
                  <Trans>Undo all done ({undoableCount})</Trans>
                </ChangeButton>
              )}
              <Button
                variant="default"
                onClick={() => downloadCsv(reportCsvRows(reportLines), reportFileName)}
              >
                <Trans>Download report</Trans>
              </Button>
            </Group>
            <Group gap="xs">
              {onDismiss && (
                <Button variant="subtle" onClick={onDismiss}>
                  <Trans>Dismiss report</Trans>
                </Button>
              )}
              <Button onClick={close}>
                <Trans>Close</Trans>
              </Button>
            </Group>
          </Group>
        </Stack>
      );
    },
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={action.label}
      size="lg"
      centered
      closeOnClickOutside={false}
      closeOnEscape={stage !== 'running'}
      withCloseButton={stage !== 'running'}
      returnFocus={false}
    >
      {content[stage]()}
    </Modal>
  );
}

const listStyle = { listStyle: 'none' } as const;
