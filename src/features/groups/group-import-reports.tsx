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
  if (check.fileProblem) {
    return (
      <Alert color="red" title="This file cannot be imported" role="alert">
        {check.fileProblem}
      </Alert>
    );
  }
  const preview = buildImportPreview(check.planned);
  return (
    <Stack gap="sm">
      <Text size="sm">
        {check.dataRowCount} {check.dataRowCount === 1 ? 'row' : 'rows'}, {check.newGroupCount} new{' '}
        {check.newGroupCount === 1 ? 'group' : 'groups'}.
      </Text>
      {check.issues.length > 0 && (
        <Alert
          color="red"
          title={
            check.issues.length === 1
              ? '1 problem to fix before importing'
              : `${check.issues.length} problems to fix before importing`
          }
          role="alert"
        >
          <ScrollArea.Autosize mah={240} type="auto">
            <Table aria-label="Problems in the file" withRowBorders={false} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>Row</Table.Th>
                  <Table.Th w={190}>Column</Table.Th>
                  <Table.Th>Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {check.issues.map((issue, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>Row {issue.row}</Table.Td>
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
            The tree after the import
          </Title>
          <Text size="xs" c="dimmed">
            Only the part the file touches is shown; new groups are marked.
          </Text>
          <ScrollArea.Autosize mah={300} type="auto">
            <PreviewList nodes={preview} labelledBy="import-preview-title" />
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
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
      {nodes.map((node, index) => (
        <List.Item key={`${node.name}-${index}`}>
          <Group gap={6} wrap="nowrap">
            <Text span size="sm" c={node.status === 'context' ? 'dimmed' : undefined}>
              {node.name}
            </Text>
            {node.status === 'new' && (
              <Badge size="xs" color="green" variant="light">
                New · row {node.row}
              </Badge>
            )}
            {node.status === 'existing' && (
              <Badge size="xs" color="gray" variant="light">
                Existing · row {node.row}
              </Badge>
            )}
          </Group>
          {node.children.length > 0 && <PreviewList nodes={node.children} />}
        </List.Item>
      ))}
    </List>
  );
}

const outcomeBadges: Record<ImportOutcome, { label: string; color: string }> = {
  imported: { label: 'Imported', color: 'green' },
  existing: { label: 'Already there', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
  invalid: { label: 'Invalid name', color: 'red' },
  'not reported': { label: 'Not reported', color: 'yellow' },
};

/** What the import did to each group of the file. */
export function ImportResultReport({
  check,
  result,
}: {
  check: GroupImportCheck;
  result: GroupImportResult;
}) {
  const { outcomes, unmatched } = matchImportOutcomes(check.planned, result);
  const allImported = outcomes.every(
    ({ group, outcome }) =>
      outcome === 'imported' || (group.status === 'existing' && outcome === 'existing'),
  );
  return (
    <Stack gap="sm">
      <Alert
        color={allImported ? 'green' : 'yellow'}
        title={allImported ? 'The groups were imported' : 'Part of the file was not imported'}
      >
        Imported {result.importedGroups.length}, already there {result.existingGroups.length},
        failed {result.groupsFailedToImport.length}, invalid names {result.invalidGroupNames.length}
        .
      </Alert>
      <ScrollArea.Autosize mah={320} type="auto">
        <Table withTableBorder aria-label="Import results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>Row</Table.Th>
              <Table.Th>Group</Table.Th>
              <Table.Th w={140}>Outcome</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {outcomes.map(({ group, outcome }, index) => (
              <Table.Tr key={index}>
                <Table.Td>Row {group.row}</Table.Td>
                <Table.Td>{formatGroupPath(group.names)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={outcomeBadges[outcome].color}>
                    {outcomeBadges[outcome].label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {unmatched.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">The service also reported:</Text>
          <List size="sm">
            {unmatched.map((entry, index) => (
              <List.Item key={index}>
                {outcomeBadges[entry.outcome].label}:{' '}
                {formatGroupPath(readGroupPath(entry.path, 'import'))}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
