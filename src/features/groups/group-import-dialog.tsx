import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { describeError } from '@/api/api-error';
import type { GroupTree } from '@/api/group-tree';
import { useBulkImportGroupsMutation, type GroupImportResult } from '@/api/groups';
import { FileDropZone, type FileRejection } from '@/components/file-drop-zone';
import { useReturnFocusOnUnmount } from '@/components/use-return-focus-on-unmount';
import { downloadCsv } from '@/lib/csv-export';
import { decodeUtf8Text } from '@/lib/decode-text';
import {
  checkGroupImport,
  GROUP_IMPORT_COLUMNS,
  groupImportTemplateRows,
  MAX_IMPORT_FILE_BYTES,
  type GroupImportCheck,
} from './group-import-csv';
import { ImportCheckReport, ImportResultReport } from './group-import-reports';

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
