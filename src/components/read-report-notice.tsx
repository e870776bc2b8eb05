import { Alert, Anchor, Code, Collapse, List, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReadReport } from '@/api/read-report';

function countWords(count: number, one: string, many: string): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/**
 * What a read could not take in: how many fields and records, said once above the rows, with the
 * details a support person asks for (operation, where, why) one click away.
 */
export function ReadReportNotice({ report }: { report: ReadReport | null | undefined }) {
  const [open, { toggle }] = useDisclosure(false);
  if (!report) return null;
  const parts = [
    report.skippedRecords > 0 &&
      `${countWords(report.skippedRecords, 'record', 'records')} could not be read and ${report.skippedRecords === 1 ? 'is' : 'are'} left out`,
    report.unreadableFields > 0 &&
      `${countWords(report.unreadableFields, 'field', 'fields')} could not be read and ${report.unreadableFields === 1 ? 'shows' : 'show'} as "—"`,
  ].filter(Boolean);
  return (
    <Alert color="yellow" variant="light" title="Part of this answer could not be read">
      <Text size="sm">
        {parts.join('; ')}. Everything else is shown.{' '}
        <Anchor component="button" type="button" size="sm" onClick={toggle} aria-expanded={open}>
          {open ? 'Hide details' : 'Details for support'}
        </Anchor>
      </Text>
      <Collapse expanded={open}>
        <Text size="sm" mt="xs">
          Operation: <Code>{report.operation}</Code>
        </Text>
        <List size="sm" mt={4}>
          {report.details.map((detail) => (
            <List.Item key={detail}>
              <Code>{detail}</Code>
            </List.Item>
          ))}
        </List>
      </Collapse>
    </Alert>
  );
}
