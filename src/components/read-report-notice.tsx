import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Code, Collapse, List, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReadReport } from '@/api/read-report';

/**
 * What a read could not take in: how many fields and records, said once above the rows, with the
 * details a support person asks for (operation, where, why) one click away.
 */
export function ReadReportNotice({ report }: { report: ReadReport | null | undefined }) {
  const { t } = useLingui();
  const [open, { toggle }] = useDisclosure(false);
  if (!report) return null;
  const { skippedRecords, unreadableFields } = report;
  const parts = [
    skippedRecords > 0 &&
      plural(skippedRecords, {
        one: '# record could not be read and is left out',
        other: '# records could not be read and are left out',
      }),
    unreadableFields > 0 &&
      plural(unreadableFields, {
        one: '# field could not be read and shows as "—"',
        other: '# fields could not be read and show as "—"',
      }),
  ].filter(Boolean);
  const whatFailed = parts.join('; ');
  const operation = report.operation;
  return (
    <Alert color="yellow" variant="light" title={t`Part of this answer could not be read`}>
      <Text size="sm">
        {t`${whatFailed}. Everything else is shown.`}{' '}
        <Anchor component="button" type="button" size="sm" onClick={toggle} aria-expanded={open}>
          {open ? t`Hide details` : t`Details for support`}
        </Anchor>
      </Text>
      <Collapse expanded={open}>
        <Text size="sm" mt="xs">
          <Trans>
            Operation: <Code>{operation}</Code>
          </Trans>
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
