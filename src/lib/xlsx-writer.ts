import { zipSync } from 'fflate';
import { escapeFormula } from './csv-export';

/**
 * A minimal .xlsx writer: one sheet of text, numbers and date-times, packed in a store-only zip.
 * Enough for the dispatch template, list exports and test fixtures without shipping a spreadsheet
 * library. The maintained writers were weighed and do not fit: write-excel-file (the smallest,
 * from read-excel-file's author) adds about 14 KB gzip to the export chunk, which is about 4 KB
 * with this file; it writes only asynchronously, and zips a sheet over 160 KB in a worker that
 * fflate loads from a blob: URL, which the console's `worker-src 'self'` refuses; and it throws on a
 * sheet name Excel refuses instead of cleaning it, so the formula escaping, the XML-forbidden
 * characters and the sheet names would stay here all the same. exceljs and SheetJS are larger still.
 */

/** A date-time cell, written as an Excel serial with a date format so spreadsheets show a date. */
interface XlsxDateTime {
  /** Wall-clock time as the sheet shows it: "2026-11-24T06:00". */
  dateTime: string;
}
/**
 * Text is written as an inline string, which Excel never runs as a formula; it is still escaped
 * with the CSV rule, because a workbook re-saved as CSV writes the text out bare, and so both
 * formats of one export hold the same text.
 */
export type XlsxCell = string | number | XlsxDateTime | null;

const MS_PER_DAY = 86_400_000;
/** Excel's serial for 1970-01-01 in the 1900 date system. */
const EXCEL_UNIX_EPOCH_SERIAL = 25_569;
const DATE_TIME_STYLE = 1;

const encoder = new TextEncoder();

/**
 * What XML 1.0 cannot hold, escaped or not: control characters other than tab, line feed and
 * carriage return, U+FFFE and U+FFFF, and half of a surrogate pair without its other half. One
 * such character makes Excel refuse the whole file.
 */
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;

/**
 * Text an XML document can hold: each forbidden character becomes U+FFFD, so the reader sees
 * where something was rather than a silently shortened name.
 */
function xmlSafeText(text: string): string {
  return text.replace(XML_FORBIDDEN_CHARACTERS, '\uFFFD');
}

/** How many characters of the text cells `xmlSafeText` will replace, for telling the user. */
export function countXmlForbiddenCharacters(rows: readonly (readonly XlsxCell[])[]): number {
  let count = 0;
  for (const row of rows) {
    for (const cell of row) {
      if (typeof cell === 'string') count += cell.match(XML_FORBIDDEN_CHARACTERS)?.length ?? 0;
    }
  }
  return count;
}

function escapeXml(text: string): string {
  return xmlSafeText(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

function excelSerial(dateTime: string): number {
  const epochMs = Date.parse(`${dateTime}Z`);
  if (Number.isNaN(epochMs)) throw new Error(`Not a date-time: ${dateTime}`);
  return epochMs / MS_PER_DAY + EXCEL_UNIX_EPOCH_SERIAL;
}

function cellXml(cell: XlsxCell, reference: string): string {
  if (cell === null || cell === '') return '';
  if (typeof cell === 'number') return `<c r="${reference}"><v>${cell}</v></c>`;
  if (typeof cell === 'string') {
    return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(escapeFormula(cell))}</t></is></c>`;
  }
  return `<c r="${reference}" s="${DATE_TIME_STYLE}"><v>${excelSerial(cell.dateTime)}</v></c>`;
}

function sheetXml(rows: readonly (readonly XlsxCell[])[]): string {
  const rowsXml = rows
    .map((row, rowIndex) => {
      const cells = row.map((cell, column) =>
        cellXml(cell, `${columnName(column)}${rowIndex + 1}`),
      );
      return `<row r="${rowIndex + 1}">${cells.join('')}</row>`;
    })
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<cols><col min="1" max="26" width="20" customWidth="1"/></cols>' +
    `<sheetData>${rowsXml}</sheetData></worksheet>`
  );
}

function workbookParts(sheetName: string, sheet: string): [string, string][] {
  const spreadsheetNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relationshipNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const packageRelNs = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const header = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  return [
    [
      '[Content_Types].xml',
      `${header}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${header}<Relationships xmlns="${packageRelNs}">` +
        `<Relationship Id="rId1" Type="${relationshipNs}/officeDocument" Target="xl/workbook.xml"/>` +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      `${header}<workbook xmlns="${spreadsheetNs}" xmlns:r="${relationshipNs}">` +
        `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${header}<Relationships xmlns="${packageRelNs}">` +
        `<Relationship Id="rId1" Type="${relationshipNs}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${relationshipNs}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
    [
      'xl/styles.xml',
      `${header}<styleSheet xmlns="${spreadsheetNs}">` +
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts>' +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    ],
    ['xl/worksheets/sheet1.xml', sheet],
  ];
}

/**
 * DOS time stamps count from 1980 in local time: giving every entry the earliest one keeps the
 * bytes the same for the same input.
 */
const FIXED_ZIP_TIME = new Date(1980, 0, 1);

/**
 * A zip archive whose entries are stored uncompressed (method 0): valid for every reader, and the
 * XML stays readable in the bytes.
 */
export function zipStored(
  files: readonly [name: string, content: Uint8Array][],
): Uint8Array<ArrayBuffer> {
  return zipSync(Object.fromEntries(files), { level: 0, mtime: FIXED_ZIP_TIME });
}

const DEFAULT_SHEET_NAME = 'Sheet1';

/** Excel refuses a workbook whose sheet name is empty, over 31 characters or holds :\/?*[ or ]. */
function validSheetName(name: string): string {
  const cleaned = name
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31)
    .trim();
  return cleaned || DEFAULT_SHEET_NAME;
}

/** The bytes of an .xlsx workbook with one sheet holding `rows`. */
export function writeXlsx(
  rows: readonly (readonly XlsxCell[])[],
  sheetName = DEFAULT_SHEET_NAME,
): Uint8Array<ArrayBuffer> {
  const parts = workbookParts(validSheetName(sheetName), sheetXml(rows));
  return zipStored(parts.map(([name, xml]) => [name, encoder.encode(xml)]));
}

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
