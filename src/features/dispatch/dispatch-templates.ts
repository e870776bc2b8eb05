import { csvBlob, downloadBlob } from '@/lib/csv-export';
import { writeXlsx, XLSX_MIME_TYPE, type XlsxCell } from '@/lib/xlsx-writer';
import {
  DISPATCH_FIELDS,
  DISPATCH_FIELD_DEFINITIONS,
  templateExampleRows,
} from './dispatch-fields';

export const TEMPLATE_HEADERS = DISPATCH_FIELDS.map(
  (field) => DISPATCH_FIELD_DEFINITIONS[field].templateHeader,
);

/** Tomorrow in the browser's zone: dispatchers plan the next day. */
function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

export function templateCsvBlob(day = tomorrow()): Blob {
  return csvBlob([
    TEMPLATE_HEADERS,
    ...templateExampleRows(day).map((row) => DISPATCH_FIELDS.map((field) => row[field])),
  ]);
}

/** The Excel template holds real date cells, as a dispatcher's own workbook would. */
export function templateXlsxBytes(day = tomorrow()): Uint8Array<ArrayBuffer> {
  const rows: XlsxCell[][] = [
    TEMPLATE_HEADERS,
    ...templateExampleRows(day).map((row) =>
      DISPATCH_FIELDS.map((field): XlsxCell =>
        field === 'start' || field === 'end'
          ? { dateTime: row[field].replace(' ', 'T') }
          : row[field],
      ),
    ),
  ];
  return writeXlsx(rows, 'Dispatch schedule');
}

export function downloadCsvTemplate(): void {
  downloadBlob(templateCsvBlob(), 'dispatch-template.csv');
}

export function downloadXlsxTemplate(): void {
  const bytes = templateXlsxBytes();
  downloadBlob(new Blob([bytes], { type: XLSX_MIME_TYPE }), 'dispatch-template.xlsx');
}
