import { Alert, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { describeError } from '@/api/api-error';
import {
  describeValidationCode,
  useSubmitDispatchMutation,
  type DispatchSubmission,
} from '@/api/driver-assignments';
import { useConfirmation } from '@/components/confirm-dialog';
import { formatDateTime } from '@/lib/format';
import { countOf } from './count-of';
import type { DispatchDraft, ServiceCheckResult } from './dispatch-draft';
import type { DraftDispatch } from './draft-reducer';
import { reasonsFor } from './removal-reasons';
import {
  entryFingerprint,
  removalReason,
  serviceStateOf,
  ServiceResultsTable,
} from './service-results';
import type { ScheduleCheck, ScheduleRow } from './validate-rows';
import { countCodes, ValidationCode } from './validation-code';

interface ServiceStepProps {
  draft: DispatchDraft;
  rows: readonly ScheduleRow[];
  check: ScheduleCheck;
  /** A change is being checked in the browser: `check` is of the rows before it. */
  checking: boolean;
  /** Changes to the draft: fixes, removals, the check's results, the submit's progress. */
  dispatch: DraftDispatch;
  /** The service took the schedule: the draft moves to processing and the page remembers it. */
  onSubmitted: (submission: DispatchSubmission, rowIds: number[]) => void;
  onBack: () => void;
}

/**
 * Step 4: the service checks the rows without storing anything (validate: true); rows it rejects
 * come first, can be fixed and checked again; then the schedule is submitted.
 */
export function ServiceStep(props: ServiceStepProps) {
  const { draft, rows, check, checking, dispatch } = props;
  const validation = useSubmitDispatchMutation();
  const submission = useSubmitDispatchMutation();
  const { confirm, confirmationDialog } = useConfirmation();

  const states = new Map(rows.map((row) => [row.id, serviceStateOf(row, check, draft)]));
  const onRemove = (rowIds: readonly number[]) =>
    dispatch({
      type: 'rows-removed',
      rowIds,
      reasons: reasonsFor(rowIds, (rowId) => removalReason(states.get(rowId), check, rowId)),
    });
  const entries = rows.flatMap((row) => {
    const entry = check.entriesByRow.get(row.id);
    return entry ? [{ rowId: row.id, entry }] : [];
  });
  const localProblemCount = rows.length - entries.length;
  const checkedStates = [...states.values()].flatMap((state) =>
    state.state === 'checked' ? [state.code] : [],
  );
  const rejectedRowIds = rows
    .filter((row) => {
      const state = states.get(row.id);
      return state?.state === 'checked' && describeValidationCode(state.code).kind === 'error';
    })
    .map((row) => row.id);
  const staleCount = [...states.values()].filter(
    (state) => state.state === 'stale' || state.state === 'unchecked',
  ).length;
  const readyToSubmit =
    rows.length > 0 && localProblemCount === 0 && staleCount === 0 && rejectedRowIds.length === 0;

  const runCheck = () => {
    validation.reset();
    validation.mutate(
      {
        validate: true,
        autoAddDriver: draft.autoAddDriver,
        entries: entries.map((item) => item.entry),
      },
      {
        onSuccess: (response) => {
          const results: Record<string, ServiceCheckResult> = {};
          entries.forEach((item, index) => {
            const code = response.entries[index]?.responseCodeId ?? 'E_UNKNOWN';
            results[item.rowId] = {
              code,
              fingerprint: entryFingerprint(item.entry, draft.autoAddDriver),
            };
          });
          dispatch({ type: 'service-checked', results, checkedAt: Date.now() });
        },
      },
    );
  };

  const submit = async () => {
    const confirmed = await confirm({
      title: 'Submit the schedule?',
      message: `${countOf(entries.length, 'entry', 'entries')} will be sent to the service and processed into driver assignments${draft.autoAddDriver ? '; unknown drivers will be added' : ''}.`,
      confirmLabel: `Submit ${countOf(entries.length, 'entry', 'entries')}`,
    });
    if (!confirmed) return;
    dispatch({ type: 'submit-started', startedAt: Date.now() });
    submission.mutate(
      {
        validate: false,
        autoAddDriver: draft.autoAddDriver,
        entries: entries.map((item) => item.entry),
      },
      {
        onSuccess: (response) =>
          props.onSubmitted(
            response,
            entries.map((item) => item.rowId),
          ),
        onError: () => dispatch({ type: 'submit-ended' }),
      },
    );
  };

  return (
    <Stack>
      {draft.submitStartedAt !== null && !submission.isPending && (
        <Alert color="orange" title="A submission may already have been sent">
          <Stack gap="xs">
            <Text size="sm">
              The page was left at {formatDateTime(new Date(draft.submitStartedAt).toISOString())}{' '}
              while a submission was on its way. Look at the recent submissions below before
              submitting again: a repeat would be rejected as a conflicting schedule.
            </Text>
            <Group>
              <Button
                size="xs"
                variant="default"
                onClick={() => dispatch({ type: 'submit-ended' })}
              >
                I have checked
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Group align="flex-end" justify="space-between" wrap="wrap">
        <Checkbox
          label="Add drivers who do not exist yet (needs their first and last name)"
          description="Off: a row whose employee ID matches no driver is rejected instead."
          checked={draft.autoAddDriver}
          onChange={(event) =>
            dispatch({
              type: 'auto-add-driver-changed',
              autoAddDriver: event.currentTarget.checked,
            })
          }
        />
        <Button
          onClick={runCheck}
          loading={validation.isPending}
          disabled={checking || entries.length === 0 || localProblemCount > 0}
          variant={draft.serviceCheck ? 'default' : 'filled'}
        >
          {draft.serviceCheck ? 'Check again with the service' : 'Check with the service'}
        </Button>
      </Group>
      {localProblemCount > 0 && (
        <Alert color="red" title={`${countOf(localProblemCount, 'row')} with problems again`}>
          An edit broke a check in the browser; the cells with problems are marked below.
        </Alert>
      )}
      {validation.error && (
        <Alert color="red" title="The service could not check the rows" role="alert">
          {describeError(validation.error)}
        </Alert>
      )}
      {submission.error && (
        <Alert color="red" title="The schedule was not submitted" role="alert">
          {describeError(submission.error)}
        </Alert>
      )}
      {draft.serviceCheck ? (
        <ServiceSummary
          codes={checkedStates}
          staleCount={staleCount}
          checkedAt={draft.serviceCheck.checkedAt}
          rejectedCount={rejectedRowIds.length}
          onRemoveRejected={() => onRemove(rejectedRowIds)}
          removeDisabled={checking}
        />
      ) : (
        <Text size="sm" c="dimmed">
          The service checks each entry against its drivers, vehicles and existing schedules without
          storing anything. Nothing is processed until you submit.
        </Text>
      )}
      <ServiceResultsTable
        // A new answer re-sorts the rows so the rejected ones come first.
        key={draft.serviceCheck?.checkedAt ?? 0}
        rows={rows}
        check={check}
        states={states}
        onEdit={(rowId, field, value) => dispatch({ type: 'cell-edited', rowId, field, value })}
        onRemove={onRemove}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack}>
          Back to the row check
        </Button>
        <Button
          onClick={() => void submit()}
          disabled={checking || !readyToSubmit}
          loading={submission.isPending}
        >
          Submit {countOf(entries.length, 'entry', 'entries')}
        </Button>
      </Group>
      {!readyToSubmit && draft.serviceCheck && (
        <Text size="sm" c="dimmed" ta="right">
          {rejectedRowIds.length > 0
            ? 'Fix or remove the rows the service rejects, then check again.'
            : staleCount > 0
              ? 'Rows changed since the last check: check again before submitting.'
              : null}
        </Text>
      )}
      {confirmationDialog}
    </Stack>
  );
}

function ServiceSummary({
  codes,
  staleCount,
  checkedAt,
  rejectedCount,
  onRemoveRejected,
  removeDisabled,
}: {
  codes: string[];
  staleCount: number;
  checkedAt: number;
  rejectedCount: number;
  onRemoveRejected: () => void;
  removeDisabled: boolean;
}) {
  return (
    <Alert
      color={rejectedCount > 0 ? 'red' : staleCount > 0 ? 'orange' : 'green'}
      title={
        rejectedCount > 0
          ? `The service would reject ${rejectedCount.toLocaleString('en-US')} of ${countOf(codes.length, 'entry', 'entries')}`
          : staleCount > 0
            ? `${countOf(staleCount, 'row')} changed since the check`
            : `The service would accept ${codes.length === 1 ? 'the entry' : `all ${countOf(codes.length, 'entry', 'entries')}`}`
      }
    >
      <Stack gap="xs">
        <Text size="sm">
          Checked {formatDateTime(new Date(checkedAt).toISOString())}; nothing was stored.
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} aria-label="Service answers">
          <Table.Tbody>
            {countCodes(codes).map(({ code, count }) => (
              <Table.Tr key={code}>
                <Table.Td w={60} valign="top">
                  {count.toLocaleString('en-US')}
                </Table.Td>
                <Table.Td>
                  <ValidationCode code={code} onTint />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rejectedCount > 0 && (
          <Group>
            <Button
              size="xs"
              variant="default"
              onClick={onRemoveRejected}
              disabled={removeDisabled}
            >
              Remove the {countOf(rejectedCount, 'rejected row')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
