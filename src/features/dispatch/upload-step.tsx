import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FileDropZone } from '@/components/file-drop-zone';
import { UserText } from '@/components/user-text';
import { useLocale } from '@/i18n/locale';
import { formatNumber } from '@/lib/format';
import { useWorkerRequests } from '@/lib/use-worker-requests';
import { XLSX_MIME_TYPE } from '@/lib/xlsx-writer';
import { downloadCsvTemplate, downloadXlsxTemplate } from './dispatch-templates';
import {
  MAX_DATA_ROWS,
  MAX_FILE_BYTES,
  READ_FAILED_MESSAGE,
  type FileFormat,
  type ParseFileResult,
  type SheetTable,
} from './parse-file';
import type { RowProgress } from './row-progress';
import { RowProgressBar } from './row-progress-bar';
import type { ReadScheduleRequest } from './schedule-reading';

const ACCEPTED_TYPES = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  [XLSX_MIME_TYPE]: ['.xlsx'],
};

/** From about 1,000 rows, reading takes long enough to show its progress and offer to cancel. */
const LARGE_FILE_BYTES = 100 * 1024;

export interface ParsedUpload {
  fileName: string;
  format: FileFormat;
  table: SheetTable;
}

function startReadWorker() {
  return new Worker(new URL('./schedule-read.worker.ts', import.meta.url), { type: 'module' });
}

/** Step 1: a CSV or .xlsx by drag-and-drop or picker, read in a worker, with the templates. */
export function UploadStep({ onParsed }: { onParsed: (upload: ParsedUpload) => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [reading, setReading] = useState<{
    fileName: string;
    large: boolean;
    progress: RowProgress | null;
  } | null>(null);
  const [problem, setProblem] = useState<{ fileName: string; message: string } | null>(null);
  const focusDropZone = useRef<() => void>(null);
  const focusZoneAfterCancel = useRef(false);

  const reader = useWorkerRequests<ReadScheduleRequest, ParseFileResult, RowProgress>({
    start: startReadWorker,
    onProgress: (progress) => setReading((current) => current && { ...current, progress }),
    onAnswer: (result, { file }) => {
      setReading(null);
      if (result.ok) onParsed({ fileName: file.name, format: result.format, table: result.table });
      else setProblem({ fileName: file.name, message: result.message });
    },
    // The page's own words: the worker's may be missing when its catalogs could not load.
    onFailure: (_message, { file }) => {
      setReading(null);
      setProblem({ fileName: file.name, message: i18n._(READ_FAILED_MESSAGE) });
    },
    unavailableMessage: i18n._(READ_FAILED_MESSAGE),
  });

  const readFile = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setReading({ fileName: file.name, large: file.size >= LARGE_FILE_BYTES, progress: null });
    reader.ask({ file, locale });
  };

  // Nothing read is kept: the page (and any upload it holds) stays as it was.
  const cancel = () => {
    reader.stop();
    setReading(null);
    focusZoneAfterCancel.current = true;
  };
  useEffect(() => {
    if (reading || !focusZoneAfterCancel.current) return;
    focusZoneAfterCancel.current = false;
    focusDropZone.current?.();
  }, [reading]);

  const maxSize = formatNumber(MAX_FILE_BYTES / (1024 * 1024), { style: 'unit', unit: 'megabyte' });
  const maxRows = formatNumber(MAX_DATA_ROWS);
  const readingFileName = reading?.fileName;
  const problemFileName = problem?.fileName;
  return (
    <Stack>
      <FileDropZone
        label={t`Schedule file`}
        // No onReject: files of other types are still read, so the message is always ours.
        onDrop={(files) => readFile(files[0])}
        accept={ACCEPTED_TYPES}
        loading={reading !== null}
        focusRef={focusDropZone}
        p="xl"
      >
        <Stack align="center" gap={4}>
          <Text size="lg" fw={500}>
            <Trans>Drop the schedule here, or click to choose a file</Trans>
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>
              CSV (UTF-8) or Excel .xlsx, up to {maxSize} and {maxRows} rows. The first sheet of a
              workbook is read; the first non-empty row holds the column names.
            </Trans>
          </Text>
        </Stack>
      </FileDropZone>
      {reading?.large && (
        <Group align="flex-end" wrap="nowrap">
          <RowProgressBar label={t`Reading ${readingFileName}`} progress={reading.progress} />
          <Button variant="default" onClick={cancel}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      )}
      {problem && (
        <Alert
          color="red"
          title={
            <Trans>
              <UserText>{problemFileName}</UserText> cannot be used
            </Trans>
          }
          role="alert"
        >
          {problem.message}
        </Alert>
      )}
      <Group gap="xs">
        <Text size="sm">
          <Trans>Start from a template:</Trans>
        </Text>
        <Button variant="default" size="xs" onClick={downloadCsvTemplate}>
          <Trans>CSV template</Trans>
        </Button>
        <Button variant="default" size="xs" onClick={downloadXlsxTemplate}>
          <Trans>Excel template</Trans>
        </Button>
      </Group>
      <List size="sm" c="dimmed">
        <List.Item>
          <Trans>
            One row per driver and vehicle period: employee ID, vehicle name, start and end. First
            and last name are only needed for drivers who do not exist yet.
          </Trans>
        </List.Item>
        <List.Item>
          <Trans>
            Nothing is sent to the service until you ask it to check the rows; the file itself never
            leaves your browser.
          </Trans>
        </List.Item>
      </List>
    </Stack>
  );
}
