import { msg, plural, t } from '@lingui/core/macro';
import Papa from 'papaparse';
import { unescapeFormula } from '@/lib/csv-export';
import { bytesStartWith, decodeUtf8Text } from '@/lib/decode-text';
import { formatNumber } from '@/lib/format';
import { ROWS_PER_PROGRESS_REPORT, type RowProgressListener } from './row-progress';

/** 5 MB holds ~10,000 schedule rows with room to spare; larger uploads should be split. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_DATA_ROWS = 10_000;
const MAX_COLUMNS = 50;
/** Employee ID, vehicle, start and end; the name columns are optional. */
const MIN_COLUMNS = 4;

interface SheetRow {
  /** The row number a spreadsheet shows (the header is usually row 1). */
  sourceRow: number;
  cells: string[];
}

/** A sheet as text: the header row and the non-empty rows below it. */
export interface SheetTable {
  headers: string[];
  rows: SheetRow[];
}

export type FileFormat = 'csv' | 'xlsx';

export type ParseFileResult =
  { ok: true; format: FileFormat; table: SheetTable } | { ok: false; message: string };

/** What the parser needs of a File, so tests can pass plain bytes. */
export interface UploadedFile {
  name: string;
  size: number;
  arrayBuffer: () => Promise<ArrayBuffer>;
}

/** When reading fails in a way the checks below do not foresee (or the browser cannot run it). */
export const READ_FAILED_MESSAGE = msg`The file could not be read. Save it again as CSV UTF-8 or .xlsx and retry.`;

/** Called in the worker, once its language is set. */
const saveAsAdvice = () =>
  t`Save it as CSV UTF-8 (Comma delimited) or as an Excel workbook (.xlsx).`;

/** An old workbook gets its own advice; other files that are not text are named by decodeUtf8Text. */
const OLD_EXCEL_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

function formatMegabytes(bytes: number): string {
  return formatNumber(bytes / (1024 * 1024), {
    style: 'unit',
    unit: 'megabyte',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/**
 * Reads an uploaded schedule (CSV or .xlsx) into text cells, or explains why it cannot.
 * `onProgress` hears every thousand rows taken into the table.
 */
export async function parseScheduleFile(
  file: UploadedFile,
  onProgress?: RowProgressListener,
): Promise<ParseFileResult> {
  if (file.size === 0) return { ok: false, message: t`The file is empty.` };
  if (file.size > MAX_FILE_BYTES) {
    const fileSize = formatMegabytes(file.size);
    const sizeLimit = formatMegabytes(MAX_FILE_BYTES);
    const maxRows = formatNumber(MAX_DATA_ROWS);
    return {
      ok: false,
      message: t`The file is ${fileSize}; the limit is ${sizeLimit} (about ${maxRows} rows). Split it into smaller files.`,
    };
  }
  const buffer = await file.arrayBuffer();
  const bytes = new Uint8Array(buffer);
  if (bytesStartWith(bytes, ZIP_SIGNATURE)) return parseXlsxBuffer(buffer, onProgress);
  if (bytesStartWith(bytes, OLD_EXCEL_SIGNATURE)) {
    const advice = saveAsAdvice();
    return {
      ok: false,
      message: t`This is an Excel 97–2003 (.xls) or password-protected workbook, which cannot be read here. ${advice}`,
    };
  }
  if (/\.(xlsx?|xlsm|ods|numbers)$/i.test(file.name)) {
    const advice = saveAsAdvice();
    return {
      ok: false,
      message: t`The file is named like a spreadsheet but is not a valid .xlsx workbook. ${advice}`,
    };
  }
  const text = decodeUtf8Text(bytes, saveAsAdvice());
  if (!text.ok) return text;
  return parseCsvText(text.text, onProgress);
}

/** CSV (comma, semicolon, tab or pipe separated, detected) into a sheet table. */
function parseCsvText(text: string, onProgress?: RowProgressListener): ParseFileResult {
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: false,
  });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    const row = (quoteError.row ?? 0) + 1;
    return {
      ok: false,
      message: t`Row ${row} opens a quoted value ("…) that never closes, so the rest of the file cannot be read. Fix the quotes and upload again.`,
    };
  }
  // Files this console wrote (templates, rows to fix) carry escaped formula cells: undo that.
  return buildTable(
    parsed.data.map((cells) => cells.map(unescapeFormula)),
    'csv',
    onProgress,
  );
}

async function parseXlsxBuffer(
  buffer: ArrayBuffer,
  onProgress?: RowProgressListener,
): Promise<ParseFileResult> {
  // Loaded only when an .xlsx arrives, so no page (not even /dispatch) pays for it up front.
  const { readSheet, InvalidInputError } = await import('read-excel-file/browser');
  let sheet: unknown[][];
  try {
    sheet = await readSheet(buffer);
  } catch (error) {
    const xls = error instanceof InvalidInputError && error.code === 'XLS_FILE_NOT_SUPPORTED';
    const advice = saveAsAdvice();
    return {
      ok: false,
      message: xls
        ? t`This is an Excel 97–2003 (.xls) workbook, which cannot be read here. ${advice}`
        : t`The file is a zip archive but not a readable Excel workbook. ${advice}`,
    };
  }
  // Workbooks this console wrote escape formula text the way its CSV files do: undo that too.
  return buildTable(
    sheet.map((row) => row.map((cell) => unescapeFormula(xlsxCellText(cell)))),
    'xlsx',
    onProgress,
  );
}

/**
 * Cells as the wizard edits them: text. Date cells come back as Dates whose UTC fields are the
 * wall-clock time the sheet shows, so they are written out as that wall-clock text.
 */
function xlsxCellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    // Serials are binary fractions: 08:00 is stored as 07:59:59.9999…, so round to the second.
    const date = new Date(Math.round(cell.getTime() / 1000) * 1000);
    // "2026-11-24T08:00:05.000Z": the UTC fields, written out.
    const iso = date.toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${date.getUTCSeconds() ? iso.slice(16, 19) : ''}`;
  }
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
}

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

function buildTable(
  grid: readonly (readonly string[])[],
  format: FileFormat,
  onProgress?: RowProgressListener,
): ParseFileResult {
  const rows: SheetRow[] = [];
  let headers: string[] | null = null;
  // The lines below the first up to the last that holds anything: the rows, as a user counts them.
  let lastLine = grid.length - 1;
  while (lastLine > 0 && isBlankRow(grid[lastLine] ?? [])) lastLine -= 1;
  for (const [index, rawCells] of grid.entries()) {
    if (onProgress && index > 0 && index % ROWS_PER_PROGRESS_REPORT === 0) {
      onProgress({ done: Math.min(index, lastLine), total: lastLine });
    }
    const cells = rawCells.map((cell) => cell.trim());
    if (cells.every((cell) => cell === '')) continue;
    if (!headers) {
      headers = cells;
      continue;
    }
    rows.push({ sourceRow: index + 1, cells });
    if (rows.length > MAX_DATA_ROWS) {
      const maxRows = formatNumber(MAX_DATA_ROWS);
      return {
        ok: false,
        message: t`The file has more than ${maxRows} schedule rows, the most one upload takes. Split it into smaller files.`,
      };
    }
  }
  if (!headers) return { ok: false, message: t`The file has no rows.` };
  const width = rows.reduce((widest, row) => Math.max(widest, row.cells.length), headers.length);
  if (width < MIN_COLUMNS) {
    return {
      ok: false,
      message: plural(width, {
        one: 'The sheet has only # column; a schedule needs at least Employee ID, Vehicle, Start and End. Start from the template.',
        other:
          'The sheet has only # columns; a schedule needs at least Employee ID, Vehicle, Start and End. Start from the template.',
      }),
    };
  }
  if (width > MAX_COLUMNS) {
    return {
      ok: false,
      message: plural(width, {
        one: 'The sheet has # column; a schedule needs 6. Remove the extra columns, or start from the template.',
        other:
          'The sheet has # columns; a schedule needs 6. Remove the extra columns, or start from the template.',
      }),
    };
  }
  if (rows.length === 0) {
    return {
      ok: false,
      message: t`The file has a header row but no schedule rows below it.`,
    };
  }
  return {
    ok: true,
    format,
    table: {
      headers: Array.from({ length: width }, (_, column) => headers[column] ?? ''),
      rows: rows.map((row) => ({
        sourceRow: row.sourceRow,
        cells: Array.from({ length: width }, (_, column) => row.cells[column] ?? ''),
      })),
    },
  };
}
