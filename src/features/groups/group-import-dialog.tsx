import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { describeError } from '@/api/api-error';
import type { GroupTree } from '@/api/group-tree';
import { useBulkImportGroupsMutation, type GroupImportResult } from '@/api/groups';
import { FileDropZone, type FileRejection } from '@/components/file-drop-zone';
import { useReturnFocusOnUnmount } from '@/components/use-return-focus-on-unmount';
import { downloadCsv } from '@/lib/csv-export';
import { decodeUtf8Text } from '@/lib/decode-text';
import { formatGroupPath, readGroupPath } from '@/lib/group-path';
import {
  buildImportPreview,
  checkGroupImport,
  GROUP_IMPORT_COLUMNS,
  groupImportTemplateRows,
  matchImportOutcomes,
  MAX_IMPORT_FILE_BYTES,
  type GroupImportCheck,
  type ImportOutcome,
  type ImportPreviewNode,
} from './group-import-csv';

const csvTypes = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/plain': ['.csv', '.txt'],
};

const SAVE_AS_ADVICE = 'Save it as CSV UTF-8 (Comma delimited) and choose it again.';

interface CheckedFile {
  file: File;
  check: GroupImportCheck;
}

function downloadTemplate(tree: GroupTree) {
  downloadCsv(groupImportTemplateRows(tree), 'group-import-template.csv');
}

function rejectionMessage(rejections: readonly FileRejection[]): string {
  const rejection = rejections[0];
  if (!rejection) return 'The file could not be used.';
  if (rejections.length > 1) return 'Choose one file at a time.';
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large') {
    return `“${rejection.file.name}” is larger than ${MAX_IMPORT_FILE_BYTES / 1_000_000} MB. Split it into smaller files.`;
  }
  if (code === 'file-invalid-type') {
    return `“${rejection.file.name}” is not a CSV file. Save the sheet as CSV (UTF-8) and try again.`;
  }
  return rejection.errors[0]?.message ?? 'The file could not be used.';
}

/**
 * Bulk import from CSV: template, local checks with a preview of the resulting tree, and nothing
 * sent until the file is clean; then the service's answer for each row.
 */
export function GroupImportDialog({ tree, onClose }: { tree: GroupTree; onClose: () => void }) {
  useReturnFocusOnUnmount();
  const importGroups = useBulkImportGroupsMutation();
  const openFilePicker = useRef<() => void>(null);
  const [checked, setChecked] = useState<CheckedFile | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<GroupImportResult | null>(null);

  // Only the latest chosen file may show its result: an earlier, slower read is dropped.
  const latestRead = useRef(0);
  const readFile = async (file: File) => {
    const readNumber = ++latestRead.current;
    setChecked(null);
    setResult(null);
    setFileProblem(null);
    importGroups.reset();
    setReading(true);
    try {
      const decoded = decodeUtf8Text(new Uint8Array(await file.arrayBuffer()), SAVE_AS_ADVICE);
      if (readNumber !== latestRead.current) return;
      if (!decoded.ok) {
        setFileProblem(decoded.message);
        return;
      }
      setChecked({ file, check: checkGroupImport(decoded.text, tree) });
    } catch {
      if (readNumber === latestRead.current) setFileProblem(`“${file.name}” could not be read.`);
    } finally {
      if (readNumber === latestRead.current) setReading(false);
    }
  };

  const startOver = () => {
    setChecked(null);
    setResult(null);
    setFileProblem(null);
    importGroups.reset();
  };

  const check = checked?.check;
  const canImport =
    !!check && !check.fileProblem && check.issues.length === 0 && check.newGroupCount > 0;

  return (
    <Modal opened onClose={onClose} title="Import groups from CSV" size="xl">
      <Stack>
        {!result && (
          <>
            <Text size="sm">
              One row per group, in the fixed {GROUP_IMPORT_COLUMNS.length}-column layout: the
              group&apos;s name, a description, new subgroups separated by semicolons, then the
              groups above it from the root down. Rows are added in file order, so a row can build
              on a group added by an earlier row.
            </Text>
            <Group>
              <Button variant="default" onClick={() => downloadTemplate(tree)}>
                Download template
              </Button>
            </Group>
            <FileDropZone
              label="Group import file"
              onDrop={(files) => {
                const [file] = files;
                if (file) void readFile(file);
              }}
              onReject={(rejections) => {
                setChecked(null);
                setFileProblem(rejectionMessage(rejections));
              }}
              accept={csvTypes}
              maxSize={MAX_IMPORT_FILE_BYTES}
              // The button inside opens the picker; the zone itself only takes drops.
              activateOnClick={false}
              openRef={openFilePicker}
              loading={reading}
              p="lg"
            >
              <Stack align="center" gap="xs">
                <Text size="sm">
                  {checked ? `Checked: ${checked.file.name}` : 'Drop a CSV file here, or'}
                </Text>
                <Button onClick={() => openFilePicker.current?.()}>
                  {checked ? 'Choose another file…' : 'Choose CSV file…'}
                </Button>
              </Stack>
            </FileDropZone>
          </>
        )}

        {fileProblem && (
          <Alert color="red" title="This file cannot be imported" role="alert">
            {fileProblem}
          </Alert>
        )}
        {check && !result && <ImportCheckReport check={check} />}

        {importGroups.error && (
          <Alert color="red" title="Nothing was imported" role="alert">
            {describeError(importGroups.error)} The file is still here: try again when the problem
            is solved.
          </Alert>
        )}
        {result && check && <ImportResultReport check={check} result={result} />}

        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {!result && check && !canImport && !check.fileProblem
              ? check.issues.length > 0
                ? 'Fix the problems in the file and choose it again. Nothing has been sent.'
                : 'The file adds no new groups.'
              : ''}
          </Text>
          <Group>
            {result ? (
              <>
                <Button variant="default" onClick={startOver}>
                  Import another file
                </Button>
                <Button onClick={onClose}>Close</Button>
              </>
            ) : (
              <>
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button
                  disabled={!canImport}
                  loading={importGroups.isPending}
                  onClick={() => {
                    if (!checked || !canImport) return;
                    importGroups.mutate(checked.file, { onSuccess: setResult });
                  }}
                >
                  {check && check.newGroupCount > 0
                    ? `Import ${check.newGroupCount} ${check.newGroupCount === 1 ? 'group' : 'groups'}`
                    : 'Import'}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportCheckReport({ check }: { check: GroupImportCheck }) {
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

function ImportResultReport({
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
