import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useConfirmation } from '@/components/confirm-dialog';
import { countOf } from './count-of';
import { DISPATCH_FIELD_DEFINITIONS, type DispatchField } from './dispatch-fields';
import { ScheduleTable } from './schedule-table';
import { useProblemsFirst } from './use-problems-first';
import type { ScheduleCheck, ScheduleRow } from './validate-rows';

const LISTED_PROBLEMS = 6;

/** Step 3: every check that needs no service, per row and field, fixed in place or removed. */
export function CheckStep({
  rows,
  check,
  checking,
  onEdit,
  onRemove,
  onBack,
  onContinue,
}: {
  rows: readonly ScheduleRow[];
  check: ScheduleCheck;
  /** A change is being checked: `check` is of the rows before it, so nothing may act on it. */
  checking: boolean;
  onEdit: (rowId: number, field: DispatchField, value: string) => void;
  onRemove: (rowIds: readonly number[]) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const { confirm, confirmationDialog } = useConfirmation();
  const { ordered, repin } = useProblemsFirst(rows, (row) => check.issuesByRow.has(row.id));
  const problemRows = rows.filter((row) => check.issuesByRow.has(row.id));
  const listed = problemRows.slice(0, LISTED_PROBLEMS).flatMap((row) =>
    (check.issuesByRow.get(row.id) ?? []).map((issue) => {
      const label = issue.field ? DISPATCH_FIELD_DEFINITIONS[issue.field].label : null;
      // "Row 5: Start …" when the message names its field already, else "Row 5, Vehicle: …".
      const where =
        label && !issue.message.startsWith(label)
          ? `Row ${row.sourceRow}, ${label}`
          : `Row ${row.sourceRow}`;
      return {
        key: `${row.id}-${issue.field ?? 'row'}-${issue.message}`,
        text: `${where}: ${issue.message}`,
      };
    }),
  );

  const removeProblemRows = async () => {
    const confirmed = await confirm({
      title: 'Remove the rows with problems?',
      message: `${countOf(problemRows.length, 'row')} will be left out of this upload. You can fix them in the file and upload them later.`,
      confirmLabel: 'Remove rows',
      danger: true,
    });
    if (confirmed) onRemove(problemRows.map((row) => row.id));
  };

  return (
    <Stack>
      {rows.length === 0 ? (
        <Alert color="orange" title="No rows left">
          Every row was removed. Choose another file to start again.
        </Alert>
      ) : problemRows.length === 0 ? (
        <Alert color="green" title="The rows pass every check in the browser">
          {countOf(rows.length, 'row')} ready to be checked by the service.
        </Alert>
      ) : (
        <Alert
          color="red"
          title={`${problemRows.length.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} rows need work`}
        >
          <Stack gap="xs">
            <Text size="sm">
              Fix the cells in the table (Enter or leaving the cell applies the change), or remove
              the rows. Rows are numbered as in the spreadsheet.
            </Text>
            <List size="sm" aria-label="Problems found">
              {listed.map((item) => (
                <List.Item key={item.key}>{item.text}</List.Item>
              ))}
            </List>
            {problemRows.length > LISTED_PROBLEMS && (
              <Text size="sm">…and more in the table below.</Text>
            )}
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => void removeProblemRows()}
                disabled={checking}
              >
                Remove {problemRows.length === 1 ? 'the row' : `the ${problemRows.length} rows`}{' '}
                with problems
              </Button>
              <Button size="xs" variant="default" onClick={repin}>
                Show rows with problems first
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <ScheduleTable
        label="Schedule rows"
        rows={ordered}
        issuesByRow={check.issuesByRow}
        onEdit={onEdit}
        onRemove={(rowId) => onRemove([rowId])}
        renderStatus={(row) => {
          const issues = check.issuesByRow.get(row.id);
          if (!issues)
            return (
              <Text size="xs" c="green">
                Ready
              </Text>
            );
          const rowIssues = issues.filter((issue) => issue.field === null);
          return (
            <Text size="xs" c="red">
              {rowIssues.length
                ? rowIssues.map((issue) => issue.message).join(' ')
                : `${issues.length} problem${issues.length === 1 ? '' : 's'}`}
            </Text>
          );
        }}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back to the columns
        </Button>
        <Button
          onClick={onContinue}
          disabled={checking || problemRows.length > 0 || rows.length === 0}
        >
          Continue to the service check
        </Button>
      </Group>
      {confirmationDialog}
    </Stack>
  );
}
