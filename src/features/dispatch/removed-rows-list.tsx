import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { List, Stack, Text } from '@mantine/core';
import { UserText } from '@/components/user-text';
import type { RemovedRow } from './dispatch-draft';

/** "Andre Thomas (CF1012)", or just the employee ID when the file gave no name. */
function driverOf({ values }: RemovedRow['row'], noDriver: string): string {
  const name = [values.firstName, values.lastName].filter(Boolean).join(' ');
  if (!values.employeeId) return name || noDriver;
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
  const { t } = useLingui();
  const removedCount = rows?.length ?? count ?? 0;
  if (removedCount === 0) return null;
  // Listed below (a colon) when the rows are known, else the sentence ends there.
  const summary = rows
    ? plural(removedCount, {
        one: '# row of the file was removed before submitting, so it was not sent and is not in these results:',
        other:
          '# rows of the file were removed before submitting, so they were not sent and are not in these results:',
      })
    : plural(removedCount, {
        one: '# row of the file was removed before submitting, so it was not sent and is not in these results.',
        other:
          '# rows of the file were removed before submitting, so they were not sent and are not in these results.',
      });
  return (
    <Stack gap={4}>
      <Text size="sm">{summary}</Text>
      {rows && (
        <List size="sm" aria-label={t`Rows removed before submitting`}>
          {rows.map(({ row, reason }) => {
            const rowNumber = row.sourceRow;
            const driver = driverOf(row, t`no driver`);
            const vehicle = row.values.vehicleName || t`no vehicle`;
            return (
              <List.Item key={row.id}>
                <Trans>
                  Row {rowNumber}: <UserText>{driver}</UserText>, <UserText>{vehicle}</UserText>
                </Trans>
                {reason ? ` — ${reason}` : ''}
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
