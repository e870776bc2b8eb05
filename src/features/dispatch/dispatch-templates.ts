import { t } from '@lingui/core/macro';
import { downloadBlob } from '@/lib/csv-export';
import { addLocalDays, toLocalDateString } from '@/lib/local-date';
import { writeTableFile, type ExportCell } from '@/lib/table-file';
import {
  DISPATCH_FIELDS,
  DISPATCH_FIELD_DEFINITIONS,
  templateExampleRows,
} from './dispatch-fields';

/** The template's column headers in the reader's language (detectColumnMapping knows them). */
export function templateHeaders(): string[] {
  return DISPATCH_FIELDS.map((field) => t(DISPATCH_FIELD_DEFINITIONS[field].templateHeader));
}

/** Tomorrow in the browser's zone: dispatchers plan the next day. */
const tomorrow = (): string => toLocalDateString(addLocalDays(new Date(), 1));

export function templateCsvBlob(day = tomorrow()): Blob {
  return writeTableFile(
    'csv',
    templateHeaders(),
    templateExampleRows(day).map((row) => DISPATCH_FIELDS.map((field) => row[field])),
  );
}

/** The Excel template holds real date cells, as a dispatcher's own workbook would. */
export function templateXlsxBlob(day = tomorrow()): Blob {
  const rows = templateExampleRows(day).map((row) =>
    DISPATCH_FIELDS.map((field): ExportCell =>
      // "2026-11-24T06:00" without a zone is local time, which the writer keeps as shown.
      field === 'start' || field === 'end' ? new Date(row[field].replace(' ', 'T')) : row[field],
    ),
  );
  return writeTableFile('xlsx', templateHeaders(), rows, { sheetName: t`Dispatch schedule` });
}

/** The templates' file name without its extension, in the reader's language. */
const templateFileName = () => t`dispatch-template`;

export function downloadCsvTemplate(): void {
  downloadBlob(templateCsvBlob(), `${templateFileName()}.csv`);
}

export function downloadXlsxTemplate(): void {
  downloadBlob(templateXlsxBlob(), `${templateFileName()}.xlsx`);
}
