import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Stack, Text } from '@mantine/core';
import { describeValidationCode, type DispatchEntry } from '@/api/driver-assignments';
import type { DispatchDraft } from './dispatch-draft';
import type { DispatchField } from './dispatch-fields';
import { issuesReason, serviceCodeReason } from './removal-reasons';
import { ScheduleTable } from './schedule-table';
import { useProblemsFirst } from './use-problems-first';
import type { ScheduleCheck, ScheduleRow } from './validate-rows';
import { ValidationCode } from './validation-code';

/** A short hash of what was sent for a row (cyrb53), so an edit after the check is noticed. */
export function entryFingerprint(entry: DispatchEntry, autoAddDriver: boolean): string {
  const text = JSON.stringify([autoAddDriver, entry]);
  let first = 0xdeadbeef;
  let second = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first =
    Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909);
  second =
    Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909);
  // Stored per row in session storage: 11 characters instead of the ~200 of the entry itself.
  return (4294967296 * (2097151 & second) + (first >>> 0)).toString(36);
}

/** Where a row stands with the service's check. */
export type RowServiceState =
  | { state: 'local-problem' }
  | { state: 'unchecked' }
  | { state: 'stale'; code: string }
  | { state: 'checked'; code: string };

/** Where a row stands: checked, changed since, not checked, or held back by the browser's check. */
export function serviceStateOf(
  row: ScheduleRow,
  check: ScheduleCheck,
  draft: DispatchDraft,
): RowServiceState {
  const entry = check.entriesByRow.get(row.id);
  if (!entry) return { state: 'local-problem' };
  const result = draft.serviceCheck?.results[row.id];
  if (!result) return { state: 'unchecked' };
  return result.fingerprint === entryFingerprint(entry, draft.autoAddDriver)
    ? { state: 'checked', code: result.code }
    : { state: 'stale', code: result.code };
}

function needsWork(state: RowServiceState): boolean {
  return (
    state.state === 'local-problem' ||
    (state.state === 'checked' && describeValidationCode(state.code).kind === 'error')
  );
}

/** Why a row was removed at this step: the service's answer, else the browser's check. */
export function removalReason(
  state: RowServiceState | undefined,
  check: ScheduleCheck,
  rowId: number,
): string {
  if (state?.state === 'checked' && describeValidationCode(state.code).kind === 'error')
    return serviceCodeReason(state.code);
  return issuesReason(check.issuesByRow.get(rowId));
}

/** The rows with what the service said of each, those that need work first. */
export function ServiceResultsTable({
  rows,
  check,
  states,
  onEdit,
  onRemove,
}: {
  rows: readonly ScheduleRow[];
  check: ScheduleCheck;
  states: ReadonlyMap<number, RowServiceState>;
  onEdit: (rowId: number, field: DispatchField, value: string) => void;
  onRemove: (rowIds: readonly number[]) => void;
}) {
  const { t } = useLingui();
  const { ordered } = useProblemsFirst(rows, (row) => {
    const state = states.get(row.id);
    return state !== undefined && needsWork(state);
  });
  return (
    <ScheduleTable
      label={t`Rows checked by the service`}
      rows={ordered}
      issuesByRow={check.issuesByRow}
      onEdit={onEdit}
      onRemove={(rowId) => onRemove([rowId])}
      renderStatus={(row) => {
        const state = states.get(row.id);
        if (!state || state.state === 'unchecked')
          return (
            <Text size="xs" c="dimmed">
              <Trans>Not checked yet</Trans>
            </Text>
          );
        if (state.state === 'local-problem')
          return (
            <Text size="xs" c="red">
              <Trans>Fix the marked cells</Trans>
            </Text>
          );
        if (state.state === 'stale') {
          const explanation = describeValidationCode(state.code).explanation;
          return (
            <Stack gap={2} align="flex-start">
              <Badge size="sm" variant="light" color="gray">
                <Trans>Changed</Trans>
              </Badge>
              <Text size="xs" c="dimmed">
                <Trans>Edited since the service answered: {explanation} Check again.</Trans>
              </Text>
            </Stack>
          );
        }
        return <ValidationCode code={state.code} />;
      }}
    />
  );
}
