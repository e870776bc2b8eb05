import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { describeError } from '@/api/api-error';
import {
  describeValidationCode,
  useSubmitDispatchMutation,
  type DispatchSubmission,
} from '@/api/driver-assignments';
import { ChangeButton } from '@/components/change-control';
import { useConfirmation } from '@/components/confirm-dialog';
import { formatDateTime, formatNumber } from '@/lib/format';
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
  const { t } = useLingui();
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
  const entryCount = entries.length;
  const localProblemCount = rows.length - entryCount;
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

  const leftAt =
    draft.submitStartedAt === null
      ? ''
      : formatDateTime(new Date(draft.submitStartedAt).toISOString());

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
      title: t`Submit the schedule?`,
      message: draft.autoAddDriver
        ? plural(entryCount, {
            one: '# entry will be sent to the service and processed into driver assignments; unknown drivers will be added.',
            other:
              '# entries will be sent to the service and processed into driver assignments; unknown drivers will be added.',
          })
        : plural(entryCount, {
            one: '# entry will be sent to the service and processed into driver assignments.',
            other: '# entries will be sent to the service and processed into driver assignments.',
          }),
      confirmLabel: plural(entryCount, { one: 'Submit # entry', other: 'Submit # entries' }),
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
        <Alert color="orange" title={t`A submission may already have been sent`}>
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                The page was left at {leftAt} while a submission was on its way. Look at the recent
                submissions below before submitting again: a repeat would be rejected as a
                conflicting schedule.
              </Trans>
            </Text>
            <Group>
              <Button
                size="xs"
                variant="default"
                onClick={() => dispatch({ type: 'submit-ended' })}
              >
                <Trans>I have checked</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Group align="flex-end" justify="space-between" wrap="wrap">
        <Checkbox
          label={t`Add drivers who do not exist yet (needs their first and last name)`}
          description={t`Off: a row whose employee ID matches no driver is rejected instead.`}
          checked={draft.autoAddDriver}
          onChange={(event) =>
            dispatch({
              type: 'auto-add-driver-changed',
              autoAddDriver: event.currentTarget.checked,
            })
          }
        />
        <ChangeButton
          onClick={runCheck}
          loading={validation.isPending}
          disabled={checking || entries.length === 0 || localProblemCount > 0}
          variant={draft.serviceCheck ? 'default' : 'filled'}
        >
          {draft.serviceCheck ? t`Check again with the service` : t`Check with the service`}
        </ChangeButton>
      </Group>
      {localProblemCount > 0 && (
        <Alert
          color="red"
          title={plural(localProblemCount, {
            one: '# row with problems again',
            other: '# rows with problems again',
          })}
        >
          <Trans>
            An edit broke a check in the browser; the cells with problems are marked below.
          </Trans>
        </Alert>
      )}
      {validation.error && (
        <Alert color="red" title={t`The service could not check the rows`} role="alert">
          {describeError(validation.error)}
        </Alert>
      )}
      {submission.error && (
        <Alert color="red" title={t`The schedule was not submitted`} role="alert">
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
          <Trans>
            The service checks each entry against its drivers, vehicles and existing schedules
            without storing anything. Nothing is processed until you submit.
          </Trans>
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
          <Trans>Back to the row check</Trans>
        </Button>
        <ChangeButton
          onClick={() => void submit()}
          disabled={checking || !readyToSubmit}
          loading={submission.isPending}
        >
          <Plural value={entryCount} one="Submit # entry" other="Submit # entries" />
        </ChangeButton>
      </Group>
      {!readyToSubmit && draft.serviceCheck && (
        <Text size="sm" c="dimmed" ta="right">
          {rejectedRowIds.length > 0
            ? t`Fix or remove the rows the service rejects, then check again.`
            : staleCount > 0
              ? t`Rows changed since the last check: check again before submitting.`
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
  const { t } = useLingui();
  const checkedCount = codes.length;
  const rejected = formatNumber(rejectedCount);
  const checkedTime = formatDateTime(new Date(checkedAt).toISOString());
  return (
    <Alert
      color={rejectedCount > 0 ? 'red' : staleCount > 0 ? 'orange' : 'green'}
      title={
        rejectedCount > 0
          ? plural(checkedCount, {
              one: `The service would reject ${rejected} of # entry`,
              other: `The service would reject ${rejected} of # entries`,
            })
          : staleCount > 0
            ? plural(staleCount, {
                one: '# row changed since the check',
                other: '# rows changed since the check',
              })
            : plural(checkedCount, {
                1: 'The service would accept the entry',
                other: 'The service would accept all # entries',
              })
      }
    >
      <Stack gap="xs">
        <Text size="sm">
          <Trans>Checked {checkedTime}; nothing was stored.</Trans>
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} aria-label={t`Service answers`}>
          <Table.Tbody>
            {countCodes(codes).map(({ code, count }) => (
              <Table.Tr key={code}>
                <Table.Td w={60} valign="top">
                  {formatNumber(count)}
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
              <Plural
                value={rejectedCount}
                one="Remove the # rejected row"
                other="Remove the # rejected rows"
              />
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
