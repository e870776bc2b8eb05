import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { describeError } from '@/api/api-error';
import type { GroupTree } from '@/api/group-tree';
import { useBulkImportGroupsMutation, type GroupImportResult } from '@/api/groups';
import { ChangeButton } from '@/components/change-control';
import { FileDropZone, type FileRejection } from '@/components/file-drop-zone';
import { useReturnFocusOnUnmount } from '@/components/use-return-focus-on-unmount';
import { downloadCsv } from '@/lib/csv-export';
import { decodeUtf8Text } from '@/lib/decode-text';
import { formatNumber } from '@/lib/format';
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

interface CheckedFile {
  file: File;
  check: GroupImportCheck;
}

function downloadTemplate(i18n: I18n, tree: GroupTree) {
  downloadCsv(groupImportTemplateRows(tree), i18n._(msg`group-import-template.csv`));
}

function rejectionMessage(i18n: I18n, rejections: readonly FileRejection[]): string {
  const rejection = rejections[0];
  if (!rejection) return i18n._(msg`The file could not be used.`);
  if (rejections.length > 1) return i18n._(msg`Choose one file at a time.`);
  const code = rejection.errors[0]?.code;
  const fileName = rejection.file.name;
  if (code === 'file-too-large') {
    const maxMegabytes = formatNumber(MAX_IMPORT_FILE_BYTES / 1_000_000);
    return i18n._(
      msg`“${fileName}” is larger than ${maxMegabytes} MB. Split it into smaller files.`,
    );
  }
  if (code === 'file-invalid-type') {
    return i18n._(
      msg`“${fileName}” is not a CSV file. Save the sheet as CSV (UTF-8) and try again.`,
    );
  }
  return rejection.errors[0]?.message ?? i18n._(msg`The file could not be used.`);
}

/**
 * Bulk import from CSV: template, local checks with a preview of the resulting tree, and nothing
 * sent until the file is clean; then the service's answer for each row.
 */
export function GroupImportDialog({ tree, onClose }: { tree: GroupTree; onClose: () => void }) {
  const { t, i18n } = useLingui();
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
      const decoded = decodeUtf8Text(
        new Uint8Array(await file.arrayBuffer()),
        t`Save it as CSV UTF-8 (Comma delimited) and choose it again.`,
      );
      if (readNumber !== latestRead.current) return;
      if (!decoded.ok) {
        setFileProblem(decoded.message);
        return;
      }
      setChecked({ file, check: checkGroupImport(decoded.text, tree) });
    } catch {
      const fileName = file.name;
      if (readNumber === latestRead.current) setFileProblem(t`“${fileName}” could not be read.`);
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
  const checkedName = checked ? checked.file.name : null;
  const newGroupCount = check?.newGroupCount ?? 0;
  const columnCount = GROUP_IMPORT_COLUMNS.length;
  const importError = importGroups.error ? describeError(importGroups.error) : '';
  const canImport =
    !!check && !check.fileProblem && check.issues.length === 0 && check.newGroupCount > 0;

  return (
    <Modal opened onClose={onClose} title={t`Import groups from CSV`} size="xl">
      <Stack>
        {!result && (
          <>
            <Text size="sm">
              <Trans>
                One row per group, in the fixed {columnCount}-column layout: the group&apos;s name,
                a description, new subgroups separated by semicolons, then the groups above it from
                the root down. Rows are added in file order, so a row can build on a group added by
                an earlier row.
              </Trans>
            </Text>
            <Group>
              <Button variant="default" onClick={() => downloadTemplate(i18n, tree)}>
                <Trans>Download template</Trans>
              </Button>
            </Group>
            <FileDropZone
              label={t`Group import file`}
              onDrop={(files) => {
                const [file] = files;
                if (file) void readFile(file);
              }}
              onReject={(rejections) => {
                setChecked(null);
                setFileProblem(rejectionMessage(i18n, rejections));
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
                  {checkedName !== null ? (
                    <Trans>Checked: {checkedName}</Trans>
                  ) : (
                    <Trans>Drop a CSV file here, or</Trans>
                  )}
                </Text>
                <Button onClick={() => openFilePicker.current?.()}>
                  {checked ? <Trans>Choose another file…</Trans> : <Trans>Choose CSV file…</Trans>}
                </Button>
              </Stack>
            </FileDropZone>
          </>
        )}

        {fileProblem && (
          <Alert color="red" title={t`This file cannot be imported`} role="alert">
            {fileProblem}
          </Alert>
        )}
        {check && !result && <ImportCheckReport check={check} />}

        {importGroups.error && (
          <Alert color="red" title={t`Nothing was imported`} role="alert">
            <Trans>
              {importError} The file is still here: try again when the problem is solved.
            </Trans>
          </Alert>
        )}
        {result && check && <ImportResultReport check={check} result={result} />}

        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {!result && check && !canImport && !check.fileProblem
              ? check.issues.length > 0
                ? t`Fix the problems in the file and choose it again. Nothing has been sent.`
                : t`The file adds no new groups.`
              : ''}
          </Text>
          <Group>
            {result ? (
              <>
                <Button variant="default" onClick={startOver}>
                  <Trans>Import another file</Trans>
                </Button>
                <Button onClick={onClose}>
                  <Trans>Close</Trans>
                </Button>
              </>
            ) : (
              <>
                <Button variant="default" onClick={onClose}>
                  <Trans>Cancel</Trans>
                </Button>
                <ChangeButton
                  disabled={!canImport}
                  loading={importGroups.isPending}
                  onClick={() => {
                    if (!checked || !canImport) return;
                    importGroups.mutate(checked.file, { onSuccess: setResult });
                  }}
                >
                  {check && check.newGroupCount > 0 ? (
                    <Plural value={newGroupCount} one="Import # group" other="Import # groups" />
                  ) : (
                    <Trans>Import</Trans>
                  )}
                </ChangeButton>
              </>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
