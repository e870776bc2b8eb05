import { csvBlob, type CsvValue } from './csv-export';
import { displayTimeZone } from './format';
import { toLocalIsoDateTime, toOffsetIsoDateTime } from './local-date';
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

// CSV has no date type: ISO 8601 with its offset reads as the same instant anywhere.
function csvCell(cell: ExportCell, timeZone: string): CsvValue {
  if (!isWritable(cell)) return null;
  return cell instanceof Date ? toOffsetIsoDateTime(cell, timeZone) : cell;
}

// A real date cell, holding the time the chosen zone's clock showed (spreadsheets have no zones).
function xlsxCell(cell: ExportCell, timeZone: string): XlsxCell {
  if (!isWritable(cell)) return null;
  return cell instanceof Date ? { dateTime: toLocalIsoDateTime(cell, timeZone) } : cell;
}

/**
 * Every table file the console offers (CSV or Excel) is written here, so both formats share one
 * formula escaping (`escapeFormula`, applied by the CSV and xlsx writers to every text cell) and
 * one way of writing dates: in the zone Settings shows times in.
 */
export function writeTableFile(
  format: TableFileFormat,
  header: readonly string[],
  rows: readonly (readonly ExportCell[])[],
  options: TableFileOptions = {},
): Blob {
  const timeZone = displayTimeZone();
  if (format === 'csv') {
    return csvBlob([header, ...rows.map((row) => row.map((cell) => csvCell(cell, timeZone)))]);
  }
  const sheet = [header, ...rows.map((row) => row.map((cell) => xlsxCell(cell, timeZone)))];
  const replaced = countXmlForbiddenCharacters(sheet);
  if (replaced > 0) options.onCharactersReplaced?.(replaced);
  const bytes = writeXlsx(sheet, options.sheetName);
  return new Blob([bytes], { type: XLSX_MIME_TYPE });
}
