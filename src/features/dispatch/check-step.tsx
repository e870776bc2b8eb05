import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useConfirmation } from '@/components/confirm-dialog';
import { formatNumber } from '@/lib/format';
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
  const { t, i18n } = useLingui();
  const { confirm, confirmationDialog } = useConfirmation();
  const { ordered, repin } = useProblemsFirst(rows, (row) => check.issuesByRow.has(row.id));
  const problemRows = rows.filter((row) => check.issuesByRow.has(row.id));
  const listed = problemRows.slice(0, LISTED_PROBLEMS).flatMap((row) =>
    (check.issuesByRow.get(row.id) ?? []).map((issue) => {
      const label = issue.field ? i18n._(DISPATCH_FIELD_DEFINITIONS[issue.field].label) : null;
      const rowNumber = row.sourceRow;
      const message = issue.message;
      // "Row 5: Start …" when the message names its field already, else "Row 5, Vehicle: …".
      return {
        key: `${row.id}-${issue.field ?? 'row'}-${issue.message}`,
        text:
          label && !message.startsWith(label)
            ? t`Row ${rowNumber}, ${label}: ${message}`
            : t`Row ${rowNumber}: ${message}`,
      };
    }),
  );

  const problemRowCount = problemRows.length;
  const rowCount = rows.length;
  const problemCount = formatNumber(problemRowCount);

  const removeProblemRows = async () => {
    const confirmed = await confirm({
      title: t`Remove the rows with problems?`,
      message: plural(problemRowCount, {
        one: '# row will be left out of this upload. You can fix it in the file and upload it later.',
        other:
          '# rows will be left out of this upload. You can fix them in the file and upload them later.',
      }),
      confirmLabel: t`Remove rows`,
      danger: true,
    });
    if (confirmed) onRemove(problemRows.map((row) => row.id));
  };

  return (
    <Stack>
      {rows.length === 0 ? (
        <Alert color="orange" title={t`No rows left`}>
          <Trans>Every row was removed. Choose another file to start again.</Trans>
        </Alert>
      ) : problemRows.length === 0 ? (
        <Alert color="green" title={t`The rows pass every check in the browser`}>
          <Plural
            value={rowCount}
            one="# row ready to be checked by the service."
            other="# rows ready to be checked by the service."
          />
        </Alert>
      ) : (
        <Alert
          color="red"
          title={plural(rowCount, {
            one: `${problemCount} of # row needs work`,
            other: `${problemCount} of # rows need work`,
          })}
        >
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                Fix the cells in the table (Enter or leaving the cell applies the change), or remove
                the rows. Rows are numbered as in the spreadsheet.
              </Trans>
            </Text>
            <List size="sm" aria-label={t`Problems found`}>
              {listed.map((item) => (
                <List.Item key={item.key}>{item.text}</List.Item>
              ))}
            </List>
            {problemRows.length > LISTED_PROBLEMS && (
              <Text size="sm">
                <Trans>…and more in the table below.</Trans>
              </Text>
            )}
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() => void removeProblemRows()}
                disabled={checking}
              >
                <Plural
                  value={problemRowCount}
                  _1="Remove the row with problems"
                  other="Remove the # rows with problems"
                />
              </Button>
              <Button size="xs" variant="default" onClick={repin}>
                <Trans>Show rows with problems first</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <ScheduleTable
        label={t`Schedule rows`}
        rows={ordered}
        issuesByRow={check.issuesByRow}
        onEdit={onEdit}
        onRemove={(rowId) => onRemove([rowId])}
        renderStatus={(row) => {
          const issues = check.issuesByRow.get(row.id);
          if (!issues)
            return (
              <Text size="xs" c="green">
                <Trans>Ready</Trans>
              </Text>
            );
          const rowIssues = issues.filter((issue) => issue.field === null);
          const issueCount = issues.length;
          return (
            <Text size="xs" c="red">
              {rowIssues.length
                ? rowIssues.map((issue) => issue.message).join(' ')
                : plural(issueCount, { one: '# problem', other: '# problems' })}
            </Text>
          );
        }}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          <Trans>Back to the columns</Trans>
        </Button>
        <Button
          onClick={onContinue}
          disabled={checking || problemRows.length > 0 || rows.length === 0}
        >
          <Trans>Continue to the service check</Trans>
        </Button>
      </Group>
      {confirmationDialog}
    </Stack>
  );
}
