import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FileDropZone } from '@/components/file-drop-zone';
import { XLSX_MIME_TYPE } from '@/lib/xlsx-writer';
import { downloadCsvTemplate, downloadXlsxTemplate } from './dispatch-templates';
import {
  MAX_DATA_ROWS,
  MAX_FILE_BYTES,
  parseScheduleFile,
  type FileFormat,
  type SheetTable,
} from './parse-file';

const ACCEPTED_TYPES = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  [XLSX_MIME_TYPE]: ['.xlsx'],
};

export interface ParsedUpload {
  fileName: string;
  format: FileFormat;
  table: SheetTable;
}

/** Step 1: a CSV or .xlsx by drag-and-drop or picker, read in the browser, with the templates. */
export function UploadStep({ onParsed }: { onParsed: (upload: ParsedUpload) => void }) {
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<{ fileName: string; message: string } | null>(null);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setProblem(null);
    try {
      const result = await parseScheduleFile(file);
      if (result.ok) onParsed({ fileName: file.name, format: result.format, table: result.table });
      else setProblem({ fileName: file.name, message: result.message });
    } catch {
      setProblem({
        fileName: file.name,
        message: 'The file could not be read. Save it again as CSV UTF-8 or .xlsx and retry.',
      });
    } finally {
      setReading(false);
    }
  };

  return (
    <Stack>
      <FileDropZone
        label="Schedule file"
        // No onReject: files of other types are still read, so the message is always ours.
        onDrop={(files) => void readFile(files[0])}
        accept={ACCEPTED_TYPES}
        loading={reading}
        p="xl"
      >
        <Stack align="center" gap={4}>
          <Text size="lg" fw={500}>
            Drop the schedule here, or click to choose a file
          </Text>
          <Text size="sm" c="dimmed">
            CSV (UTF-8) or Excel .xlsx, up to {MAX_FILE_BYTES / (1024 * 1024)} MB and{' '}
            {MAX_DATA_ROWS.toLocaleString('en-US')} rows. The first sheet of a workbook is read; the
            first non-empty row holds the column names.
          </Text>
        </Stack>
      </FileDropZone>
      {problem && (
        <Alert color="red" title={`${problem.fileName} cannot be used`} role="alert">
          {problem.message}
        </Alert>
      )}
      <Group gap="xs">
        <Text size="sm">Start from a template:</Text>
        <Button variant="default" size="xs" onClick={downloadCsvTemplate}>
          CSV template
        </Button>
        <Button variant="default" size="xs" onClick={downloadXlsxTemplate}>
          Excel template
        </Button>
      </Group>
      <List size="sm" c="dimmed">
        <List.Item>
          One row per driver and vehicle period: employee ID, vehicle name, start and end. First and
          last name are only needed for drivers who do not exist yet.
        </List.Item>
        <List.Item>
          Nothing is sent to the service until you ask it to check the rows; the file itself never
          leaves your browser.
        </List.Item>
      </List>
    </Stack>
  );
}
