import Papa from 'papaparse';

/** A value one CSV cell can hold; null and undefined become an empty cell. */
export type CsvValue = string | number | boolean | null | undefined;

/** Characters that make Excel, LibreOffice or Sheets read a cell as a formula (OWASP CSV injection). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Byte order mark: without it Excel opens UTF-8 CSV as the legacy code page and garbles names. */
const UTF8_BOM = '\uFEFF';

/** Text that cannot start a formula: a leading apostrophe makes spreadsheets show it as text. */
export function escapeFormula(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text.charAt(0)) ? `'${text}` : text;
}

/**
 * The text a cell held before `escapeFormula`, for files this console wrote and reads back. A
 * leading apostrophe before anything else is the user's own and stays.
 */
export function unescapeFormula(text: string): string {
  return text.length > 1 && text[0] === "'" && FORMULA_TRIGGERS.has(text.charAt(1))
    ? text.slice(1)
    : text;
}

/**
 * A value as it goes to the CSV writer: strings formula-escaped first. Numbers and booleans cannot
 * carry a formula, and a negative number must stay a number.
 */
function formulaSafe(value: CsvValue): CsvValue {
  return typeof value === 'string' ? escapeFormula(value) : value;
}

/**
 * Papa Parse's own `escapeFormulae` is not used: it also quotes every escaped cell, and it misses a
 * formula that holds a line break.
 */
const UNPARSE_CONFIG: Papa.UnparseConfig = { newline: '\r\n' };

/**
 * One cell, formula-escaped, quoted when it holds a separator, a quote or a line break (Papa Parse
 * also quotes a leading or trailing space and a byte order mark, which some readers would lose).
 */
export function toCsvCell(value: CsvValue): string {
  return Papa.unparse([[formulaSafe(value)]], UNPARSE_CONFIG);
}

/** RFC 4180 text (CRLF line ends) with every string cell escaped against formulas. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  const csv = Papa.unparse(
    rows.map((row) => row.map(formulaSafe)),
    UNPARSE_CONFIG,
  );
  // Papa Parse ends the last row without a line break; the files here end with one.
  return `${csv}\r\n`;
}

/** The CSV file a spreadsheet opens correctly: UTF-8 with a byte order mark. */
export function csvBlob(rows: readonly (readonly CsvValue[])[]): Blob {
  return new Blob([UTF8_BOM, toCsv(rows)], { type: 'text/csv;charset=utf-8' });
}

/** Saves a file through a temporary link; the object URL is released once the click is handled. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Every CSV the console offers goes through here, so no download can skip the formula escaping.
 */
export function downloadCsv(rows: readonly (readonly CsvValue[])[], fileName: string): void {
  downloadBlob(csvBlob(rows), fileName);
}
