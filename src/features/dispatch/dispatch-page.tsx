import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, Stepper, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { startTransition, useMemo, useState } from 'react';
import { describeValidationCode, type DispatchSubmission } from '@/api/driver-assignments';
import { useSessionSnapshot } from '@/api/runtime-context';
import { vehicleSearchIndexQueryOptions } from '@/api/vehicles';
import { useConfirmation } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { useVehicleWriteScope } from '@/components/use-vehicle-write-access';
import { browserTimeZone } from '@/lib/display-preferences';
import { CheckStep } from './check-step';
import { removedRows, scheduleRows, WIZARD_STEPS, type WizardStep } from './dispatch-draft';
import stepperClasses from './dispatch-stepper.module.css';
import type { DraftAction } from './draft-reducer';
import { DraftStorageNotices } from './draft-storage-notices';
import { MappingStep } from './mapping-step';
import {
  fieldsSharingAColumn,
  initialColumnMapping,
  missingRequiredFields,
  rememberColumnMapping,
} from './parse-columns';
import { loadRecentSubmissions, rememberSubmission } from './recent-submissions';
import { RecentSubmissionsCard } from './recent-submissions-card';
import { issuesReason, reasonsFor } from './removal-reasons';
import { RowProgressBar } from './row-progress-bar';
import { ServiceStep } from './service-step';
import { SubmissionPage } from './submission-page';
import { SubmissionView } from './submission-view';
import { UploadStep } from './upload-step';
import { useDispatchDraft } from './use-dispatch-draft';
import { useScheduleCheck } from './use-schedule-check';
import { useStepHeadingFocus } from './use-step-heading-focus';
import { knownVehicleNames } from './validate-rows';

const route = getRouteApi('/_auth/dispatch');

export function DispatchPage() {
  const search = route.useSearch();
  const { session } = useSessionSnapshot();
  const username = session?.username ?? '';
  return search.batch ? (
    <SubmissionPage key={search.batch} batchId={search.batch} username={username} />
  ) : (
    <DispatchWizard key={username} username={username} />
  );
}

const STEP_LABELS: Record<
  WizardStep,
  { label: MessageDescriptor; description: MessageDescriptor }
> = {
  upload: { label: msg`Upload`, description: msg`CSV or Excel` },
  map: { label: msg`Columns`, description: msg`Match the fields` },
  check: { label: msg`Check rows`, description: msg`In the browser` },
  service: { label: msg`Service check`, description: msg`Validate, then submit` },
  submit: { label: msg`Processing`, description: msg`Status and results` },
};

function DispatchWizard({ username }: { username: string }) {
  const { t, i18n } = useLingui();
  const { draft, dispatch, storageOutcome, draftDiscarded } = useDispatchDraft(username);
  const [storedRecent] = useState(() => loadRecentSubmissions(username));
  const [recent, setRecent] = useState(storedRecent.value);
  const { confirm, confirmationDialog } = useConfirmation();

  // A draft kept without its rows (too large) must be uploaded again, keeping its settings.
  const rowsLost = draft !== null && draft.table === null && draft.step !== 'submit';
  const step: WizardStep = !draft || rowsLost ? 'upload' : draft.step;
  const active = WIZARD_STEPS.indexOf(step);
  const stepHeading = useStepHeadingFocus(step);

  const table = draft?.table ?? null;
  const mapping = draft?.mapping;
  const edits = draft?.edits;
  const removedRowIds = draft?.removedRowIds;
  const rows = useMemo(
    () =>
      table && mapping && edits && removedRowIds
        ? scheduleRows({ table, mapping, edits, removedRowIds })
        : [],
    [table, mapping, edits, removedRowIds],
  );
  const timeZone = draft?.timeZone ?? browserTimeZone();
  const dateOrder = draft?.dateOrder ?? 'month-first';
  const needsCheck = step === 'check' || step === 'service';
  const mappingComplete =
    mapping !== undefined &&
    missingRequiredFields(mapping).length === 0 &&
    fieldsSharingAColumn(mapping).length === 0;
  // The fleet's vehicles (the read the palette and the vehicle list share), so a name that
  // matches none or several, or a vehicle outside the user's groups, is marked here rather than
  // refused by the service.
  const { data: vehicleIndex } = useQuery({
    ...vehicleSearchIndexQueryOptions(),
    enabled: step !== 'upload',
  });
  const vehicleWriteScope = useVehicleWriteScope();
  const knownVehicles = useMemo(
    () => vehicleIndex && knownVehicleNames(vehicleIndex, vehicleWriteScope),
    [vehicleIndex, vehicleWriteScope],
  );
  // Checked from the column step on, so the rows are usually ready by the time they are asked for.
  const {
    check,
    current: checkIsCurrent,
    progress: checkProgress,
    failure: checkFailure,
  } = useScheduleCheck({
    rows,
    table,
    mapping,
    timeZone,
    dateOrder,
    knownVehicles: knownVehicles ?? null,
    enabled: needsCheck || (step === 'map' && mappingComplete),
    showProgress: needsCheck,
  });

  // A step showing thousands of rows takes longer than a frame to render: a transition renders
  // it in slices between frames.
  const goTo = (step: Extract<DraftAction, { type: 'went-to' }>['step']) =>
    startTransition(() => dispatch({ type: 'went-to', step }));
  const recordSubmission = (submission: DispatchSubmission, rowIds: number[]) => {
    const submittedAt = Date.now();
    dispatch({ type: 'submitted', batchId: submission.submissionBatchId, submittedAt, rowIds });
    const rejectedCount = submission.entries.filter(
      (entry) => describeValidationCode(entry.responseCodeId).kind === 'error',
    ).length;
    setRecent(
      rememberSubmission(username, {
        batchId: submission.submissionBatchId,
        submittedAt,
        fileName: draft?.fileName ?? '',
        entryCount: rowIds.length,
        acceptedCount: rowIds.length - rejectedCount,
        rejectedCount,
        removedCount: draft?.removedRowIds.length ?? 0,
      }),
    );
  };

  const startOver = async () => {
    // Only work that would be lost needs a confirmation: fixes, removals or a service check.
    const hasWork =
      draft !== null &&
      draft.submission === null &&
      (Object.keys(draft.edits).length > 0 ||
        draft.removedRowIds.length > 0 ||
        draft.serviceCheck !== null);
    if (hasWork) {
      const confirmed = await confirm({
        title: t`Discard this upload?`,
        message: t`The rows and your fixes will be discarded. Nothing has been submitted.`,
        confirmLabel: t`Discard`,
        danger: true,
      });
      if (!confirmed) return;
    }
    dispatch({ type: 'discarded' });
  };

  const submission = draft?.submission ?? null;
  const draftRemovedRows = useMemo(
    () => (submission && draft?.table ? removedRows(draft) : undefined),
    [submission, draft],
  );
  const submittedRows = useMemo(() => {
    if (!submission) return undefined;
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    return submission.rowIds.map((id) => rowsById.get(id));
  }, [submission, rows]);

  return (
    <Stack>
      <PageHeader
        title={t`Dispatch upload`}
        description={t`Upload a schedule of drivers to vehicles from a spreadsheet, check it, submit it and follow its processing.`}
        actions={
          draft && (
            <Button variant="default" onClick={() => void startOver()}>
              {submission ? t`Upload another schedule` : t`Start over`}
            </Button>
          )
        }
      />
      <DraftStorageNotices
        rowsLostFrom={rowsLost ? draft.fileName : null}
        storageOutcome={storageOutcome}
        unreadable={draftDiscarded && !draft}
      />
      <Stepper
        active={active}
        onStepClick={(index) => {
          const target = WIZARD_STEPS[index];
          if (target && target !== 'submit' && index < active && !submission) goTo(target);
        }}
        allowNextStepsSelect={false}
        size="sm"
        classNames={stepperClasses}
      >
        {WIZARD_STEPS.map((stepName) => {
          const stepNumber = active + 1;
          const stepCount = WIZARD_STEPS.length;
          const stepLabel = i18n._(STEP_LABELS[stepName].label);
          return (
            <Stepper.Step
              key={stepName}
              label={stepLabel}
              description={i18n._(STEP_LABELS[stepName].description)}
              allowStepSelect={!submission && WIZARD_STEPS.indexOf(stepName) < active}
            >
              <Title order={2} size="h4" mb="sm" ref={stepHeading} tabIndex={-1}>
                <Trans>
                  Step {stepNumber} of {stepCount}: {stepLabel}
                </Trans>
              </Title>
              {stepName === 'upload' && (
                <UploadStep
                  onParsed={(upload) =>
                    dispatch({
                      type: 'uploaded',
                      upload,
                      // The user's last mapping for these same headers, else a guess from the names.
                      mapping: initialColumnMapping(upload.table.headers),
                      browserTimeZone: browserTimeZone(),
                    })
                  }
                />
              )}
              {stepName === 'map' && draft && (
                <MappingStep
                  draft={draft}
                  previewRows={rows}
                  onChange={(change) => dispatch({ type: 'mapping-changed', change })}
                  onBack={() => void startOver()}
                  onContinue={() => {
                    if (draft.table) rememberColumnMapping(draft.table.headers, draft.mapping);
                    goTo('check');
                  }}
                />
              )}
              {(stepName === 'check' || stepName === 'service') && checkFailure && (
                <Alert color="red" title={t`The rows could not be checked`} role="alert" mb="sm">
                  {checkFailure}
                </Alert>
              )}
              {(stepName === 'check' || stepName === 'service') && !check && !checkFailure && (
                <RowProgressBar
                  label={t`Checking the rows`}
                  progress={checkProgress ?? { done: 0, total: rows.length }}
                />
              )}
              {stepName === 'check' && check && (
                <CheckStep
                  rows={rows}
                  check={check}
                  checking={!checkIsCurrent}
                  onEdit={(rowId, field, value) =>
                    dispatch({ type: 'cell-edited', rowId, field, value })
                  }
                  onRemove={(rowIds) =>
                    dispatch({
                      type: 'rows-removed',
                      rowIds,
                      reasons: reasonsFor(rowIds, (rowId) =>
                        issuesReason(check.issuesByRow.get(rowId)),
                      ),
                    })
                  }
                  onBack={() => goTo('map')}
                  onContinue={() => goTo('service')}
                />
              )}
              {stepName === 'service' && draft && check && (
                <ServiceStep
                  draft={draft}
                  rows={rows}
                  check={check}
                  checking={!checkIsCurrent}
                  dispatch={dispatch}
                  onSubmitted={recordSubmission}
                  onBack={() => goTo('check')}
                />
              )}
              {stepName === 'submit' && submission && (
                <SubmissionView
                  batchId={submission.batchId}
                  submittedAt={submission.submittedAt}
                  sourceRows={submittedRows}
                  removedRows={draftRemovedRows}
                  removedCount={draft?.removedRowIds.length}
                />
              )}
            </Stepper.Step>
          );
        })}
      </Stepper>
      <RecentSubmissionsCard submissions={recent} unreadable={storedRecent.discarded} />
      {confirmationDialog}
    </Stack>
  );
}
