import { List, Stack, Text } from '@mantine/core';
import { UserText } from '@/components/user-text';
import { countOf } from './count-of';
import type { RemovedRow } from './dispatch-draft';

/** "Andre Thomas (CF1012)", or just the employee ID when the file gave no name. */
function driverOf({ values }: RemovedRow['row']): string {
  const name = [values.firstName, values.lastName].filter(Boolean).join(' ');
  if (!values.employeeId) return name || 'no driver';
  return name ? `${name} (${values.employeeId})` : values.employeeId;
}

/**
 * The rows of the file left out before submitting, each named (row, driver, vehicle, why), so a
 * driver left without a truck is not hidden behind a count. Without the draft (another browser,
 * or a later visit) only the count is known.
 */
export function RemovedRowsList({
  rows,
  count,
}: {
  rows: readonly RemovedRow[] | undefined;
  count: number | undefined;
}) {
  const removedCount = rows?.length ?? count ?? 0;
  if (removedCount === 0) return null;
  const summary = `${countOf(removedCount, 'row')} of the file ${removedCount === 1 ? 'was' : 'were'} removed before submitting, so ${removedCount === 1 ? 'it was' : 'they were'} not sent and ${removedCount === 1 ? 'is' : 'are'} not in these results${rows ? ':' : '.'}`;
  return (
    <Stack gap={4}>
      <Text size="sm">{summary}</Text>
      {rows && (
        <List size="sm" aria-label="Rows removed before submitting">
          {rows.map(({ row, reason }) => (
            <List.Item key={row.id}>
              Row {row.sourceRow}: <UserText>{driverOf(row)}</UserText>,{' '}
              <UserText>{row.values.vehicleName || 'no vehicle'}</UserText>
              {reason ? ` — ${reason}` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
