import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Group, List, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { GroupImportResult } from '@/api/groups';
import { formatGroupPath, readGroupPath } from '@/lib/group-path';
import {
  buildImportPreview,
  matchImportOutcomes,
  type GroupImportCheck,
  type ImportOutcome,
  type ImportPreviewNode,
} from './group-import-csv';

/** What the check found: the file's problem, or its rows' problems and the tree after the import. */
export function ImportCheckReport({ check }: { check: GroupImportCheck }) {
  const { t } = useLingui();
  if (check.fileProblem) {
    return (
      <Alert color="red" title={t`This file cannot be imported`} role="alert">
        {check.fileProblem}
      </Alert>
    );
  }
  const preview = buildImportPreview(check.planned);
  const rowCount = check.dataRowCount;
  const newGroupCount = check.newGroupCount;
  const problemCount = check.issues.length;
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Plural value={rowCount} one="# row" other="# rows" />
        {', '}
        <Plural value={newGroupCount} one="# new group." other="# new groups." />
      </Text>
      {check.issues.length > 0 && (
        <Alert
          color="red"
          title={
            <Plural
              value={problemCount}
              one="# problem to fix before importing"
              other="# problems to fix before importing"
            />
          }
          role="alert"
        >
          <ScrollArea.Autosize mah={240} type="auto">
            <Table aria-label={t`Problems in the file`} withRowBorders={false} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>
                    <Trans>Row</Trans>
                  </Table.Th>
                  <Table.Th w={190}>
                    <Trans>Column</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Problem</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {check.issues.map((issue, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      <RowNumber row={issue.row} />
                    </Table.Td>
                    <Table.Td>{issue.column}</Table.Td>
                    <Table.Td>{issue.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Alert>
      )}
      {preview.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5" id="import-preview-title">
            <Trans>The tree after the import</Trans>
          </Title>
          <Text size="xs" c="dimmed">
            <Trans>Only the part the file touches is shown; new groups are marked.</Trans>
          </Text>
          <ScrollArea.Autosize mah={300} type="auto">
            <PreviewList nodes={preview} labelledBy="import-preview-title" />
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}

/** A row of the file as a spreadsheet numbers it. */
function RowNumber({ row }: { row: number | null }) {
  return <Trans>Row {row}</Trans>;
}

function PreviewList({
  nodes,
  labelledBy,
}: {
  nodes: readonly ImportPreviewNode[];
  labelledBy?: string;
}) {
  return (
    <List size="sm" listStyleType="none" pl={labelledBy ? 0 : 'lg'} aria-labelledby={labelledBy}>
      {nodes.map((node, index) => {
        const row = node.row;
        return (
          <List.Item key={`${node.name}-${index}`}>
            <Group gap={6} wrap="nowrap">
              <Text span size="sm" c={node.status === 'context' ? 'dimmed' : undefined}>
                {node.name}
              </Text>
              {node.status === 'new' && (
                <Badge size="xs" color="green" variant="light">
                  <Trans>New · row {row}</Trans>
                </Badge>
              )}
              {node.status === 'existing' && (
                <Badge size="xs" color="gray" variant="light">
                  <Trans>Existing · row {row}</Trans>
                </Badge>
              )}
            </Group>
            {node.children.length > 0 && <PreviewList nodes={node.children} />}
          </List.Item>
        );
      })}
    </List>
  );
}

const outcomeBadges: Record<ImportOutcome, { label: MessageDescriptor; color: string }> = {
  imported: { label: msg`Imported`, color: 'green' },
  existing: { label: msg`Already there`, color: 'gray' },
  failed: { label: msg`Failed`, color: 'red' },
  invalid: { label: msg`Invalid name`, color: 'red' },
  'not reported': { label: msg`Not reported`, color: 'yellow' },
};

/** What the import did to each group of the file. */
export function ImportResultReport({
  check,
  result,
}: {
  check: GroupImportCheck;
  result: GroupImportResult;
}) {
  const { t, i18n } = useLingui();
  const { outcomes, unmatched } = matchImportOutcomes(check.planned, result);
  const importedCount = result.importedGroups.length;
  const existingCount = result.existingGroups.length;
  const failedCount = result.groupsFailedToImport.length;
  const invalidCount = result.invalidGroupNames.length;
  const allImported = outcomes.every(
    ({ group, outcome }) =>
      outcome === 'imported' || (group.status === 'existing' && outcome === 'existing'),
  );
  return (
    <Stack gap="sm">
      <Alert
        color={allImported ? 'green' : 'yellow'}
        title={allImported ? t`The groups were imported` : t`Part of the file was not imported`}
      >
        <Trans>
          Imported {importedCount}, already there {existingCount}, failed {failedCount}, invalid
          names {invalidCount}.
        </Trans>
      </Alert>
      <ScrollArea.Autosize mah={320} type="auto">
        <Table withTableBorder aria-label={t`Import results`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>
                <Trans>Row</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Group</Trans>
              </Table.Th>
              <Table.Th w={140}>
                <Trans>Outcome</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {outcomes.map(({ group, outcome }, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <RowNumber row={group.row} />
                </Table.Td>
                <Table.Td>{formatGroupPath(group.names)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={outcomeBadges[outcome].color}>
                    {i18n._(outcomeBadges[outcome].label)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {unmatched.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">
            <Trans>The service also reported:</Trans>
          </Text>
          <List size="sm">
            {unmatched.map((entry, index) => {
              const outcomeLabel = i18n._(outcomeBadges[entry.outcome].label);
              const groupPath = formatGroupPath(readGroupPath(entry.path, 'import'));
              return (
                <List.Item key={index}>
                  <Trans>
                    {outcomeLabel}: {groupPath}
                  </Trans>
                </List.Item>
              );
            })}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
