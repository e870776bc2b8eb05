import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { BulkRunReport, BulkUndoReport } from '@/api/bulk-action';
import type { BulkItemStatus } from '@/api/bulk-run';
import type { CsvValue } from '@/lib/csv-export';

/** One row of the report table (and of its CSV). */
export interface BulkReportLine {
  item: string;
  status: BulkItemStatus;
  message: string;
}

export const bulkResultLabel: Record<BulkItemStatus, MessageDescriptor> = {
  done: msg`Done`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
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
    [t`Item`, t`Result`, t`Message`],
    ...lines.map((line) => [line.item, i18n._(bulkResultLabel[line.status]), line.message]),
  ];
}

/** What the preview will send: "2 changes to send; 1 item needs nothing." */
export function previewSummary(toSendCount: number, idleCount: number): string {
  if (idleCount === 0) {
    return plural(toSendCount, { one: '# change to send.', other: '# changes to send.' });
  }
  const changes = plural(toSendCount, { one: '# change', other: '# changes' });
  const idle = plural(idleCount, { one: '# item needs', other: '# items need' });
  return t`${changes} to send; ${idle} nothing.`;
}
