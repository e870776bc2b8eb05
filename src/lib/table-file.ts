import { csvBlob, type CsvValue } from './csv-export';
import { toLocalDateTimeText, toLocalIsoDateTime } from './local-date';
import {
  countXmlForbiddenCharacters,
  writeXlsx,
  XLSX_MIME_TYPE,
  type XlsxCell,
} from './xlsx-writer';

export type TableFileFormat = 'csv' | 'xlsx';

/** One cell of a table file; null and undefined leave it empty. */
export type ExportCell = string | number | Date | null | undefined;

export interface TableFileOptions {
  /** The worksheet's name in an .xlsx (ignored for CSV). */
  sheetName?: string;
  /** Told how many characters an .xlsx could not hold and shows as U+FFFD (when any). */
  onCharactersReplaced?: (count: number) => void;
}

/** Nothing a spreadsheet cannot hold: NaN, infinities and invalid dates become empty cells. */
function isWritable(cell: ExportCell): cell is string | number | Date {
  if (cell === null || cell === undefined) return false;
  if (typeof cell === 'number') return Number.isFinite(cell);
  if (cell instanceof Date) return !Number.isNaN(cell.getTime());
  return true;
}

// CSV has no date type: local wall-clock text is what spreadsheets read back as a date.
function csvCell(cell: ExportCell): CsvValue {
  if (!isWritable(cell)) return null;
  return cell instanceof Date ? toLocalDateTimeText(cell) : cell;
}

// A real date cell, holding the time the user's clock showed (spreadsheets have no time zones).
function xlsxCell(cell: ExportCell): XlsxCell {
  if (!isWritable(cell)) return null;
  return cell instanceof Date ? { dateTime: toLocalIsoDateTime(cell) } : cell;
}

/**
 * Every table file the console offers (CSV or Excel) is written here, so both formats share one
 * formula escaping (`escapeFormula`, applied by the CSV and xlsx writers to every text cell) and
 * one way of writing dates: in the user's time zone.
 */
export function writeTableFile(
  format: TableFileFormat,
  header: readonly string[],
  rows: readonly (readonly ExportCell[])[],
  options: TableFileOptions = {},
): Blob {
  if (format === 'csv') return csvBlob([header, ...rows.map((row) => row.map(csvCell))]);
  const sheet = [header, ...rows.map((row) => row.map(xlsxCell))];
  const replaced = countXmlForbiddenCharacters(sheet);
  if (replaced > 0) options.onCharactersReplaced?.(replaced);
  const bytes = writeXlsx(sheet, options.sheetName);
  return new Blob([bytes], { type: XLSX_MIME_TYPE });
}
