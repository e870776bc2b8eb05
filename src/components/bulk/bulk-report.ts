import type { BulkRunReport, BulkUndoReport } from '@/api/bulk-action';
import type { BulkItemStatus } from '@/api/bulk-run';
import type { CsvValue } from '@/lib/csv-export';

/** One row of the report table (and of its CSV). */
export interface BulkReportLine {
  item: string;
  status: BulkItemStatus;
  message: string;
}

export const bulkResultLabel: Record<BulkItemStatus, string> = {
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function runReportLines<Row>(
  report: BulkRunReport<Row>,
  describeRow: (row: Row) => string,
): BulkReportLine[] {
  return report.map((result) => ({
    item: describeRow(result.item),
    status: result.status,
    message: result.status === 'done' ? result.value.summary : result.message,
  }));
}

export function undoReportLines<Row>(
  report: BulkUndoReport<Row>,
  describeRow: (row: Row) => string,
): BulkReportLine[] {
  return report.map((result) => ({
    item: describeRow(result.item.row),
    status: result.status,
    message: result.status === 'done' ? result.value : result.message,
  }));
}

/** The report as the table shows it, for downloadCsv (which escapes formula-like cells). */
export function reportCsvRows(lines: readonly BulkReportLine[]): CsvValue[][] {
  return [
    ['Item', 'Result', 'Message'],
    ...lines.map((line) => [line.item, bulkResultLabel[line.status], line.message]),
  ];
}
