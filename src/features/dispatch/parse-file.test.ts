// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { writeXlsx, zipStored } from '@/lib/xlsx-writer';
import { scheduleRows } from './dispatch-draft';
import { templateCsvBlob, templateXlsxBlob } from './dispatch-templates';
import { detectColumnMapping } from './parse-columns';
import {
  MAX_DATA_ROWS,
  MAX_FILE_BYTES,
  parseScheduleFile,
  type ParseFileResult,
  type UploadedFile,
} from './parse-file';
import { validateScheduleRows } from './validate-rows';

function fileOf(name: string, content: string | Uint8Array): UploadedFile {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return {
    name,
    size: bytes.length,
    arrayBuffer: async () => bytes.slice().buffer,
  };
}

function table(result: ParseFileResult) {
  if (!result.ok) throw new Error(result.message);
  return result.table;
}

function message(result: ParseFileResult): string {
  if (result.ok) throw new Error('The file was accepted.');
  return result.message;
}

const HEADER = 'Employee ID,First name,Last name,Vehicle,Start,End';

describe('parseScheduleFile: CSV', () => {
  it('reads rows as text, numbered as the spreadsheet shows them, skipping blank lines', async () => {
    const csv = `\uFEFF${HEADER}\r\nCF1011,Robert,Adams,PDX-T104,2026-11-24 06:00,2026-11-24 16:00\r\n\r\n,,,,,\r\nCF1012,"Thomas, Jr.",Andre,PDX-T105,11/24/2026 7:30 AM,11/24/2026 5:30 PM\r\n`;
    const result = await parseScheduleFile(fileOf('schedule.csv', csv));
    expect(result.ok && result.format).toBe('csv');
    const { headers, rows } = table(result);
    expect(headers[0]).toBe('Employee ID');
    expect(rows.map((row) => row.sourceRow)).toEqual([2, 5]);
    expect(rows[1]!.cells[1]).toBe('Thomas, Jr.');
  });

  it('detects semicolon and tab separators', async () => {
    const semicolon = table(
      await parseScheduleFile(
        fileOf('s.csv', 'Employee ID;Vehicle;Start;End\nCF1011;PDX-T104;a;b\n'),
      ),
    );
    expect(semicolon.rows[0]!.cells).toEqual(['CF1011', 'PDX-T104', 'a', 'b']);
    const tab = table(
      await parseScheduleFile(
        fileOf('t.txt', 'Employee ID\tVehicle\tStart\tEnd\nCF1011\tPDX-T104\ta\tb'),
      ),
    );
    expect(tab.rows[0]!.cells[1]).toBe('PDX-T104');
  });

  it('keeps formula cells as inert text for the validators to judge', async () => {
    const csv = `${HEADER}\n"=HYPERLINK(""http://evil"",""x"")",@SUM(1),+1,=cmd|' /C calc'!A0,2026-11-24 06:00,2026-11-24 16:00\n`;
    const { rows } = table(await parseScheduleFile(fileOf('f.csv', csv)));
    expect(rows[0]!.cells.slice(0, 4)).toEqual([
      '=HYPERLINK("http://evil","x")',
      '@SUM(1)',
      '+1',
      "=cmd|' /C calc'!A0",
    ]);
  });

  it('explains a quote that never closes', async () => {
    expect(
      message(
        await parseScheduleFile(fileOf('q.csv', `${HEADER}\nCF1011,"Robert,Adams,PDX,a,b\n`)),
      ),
    ).toMatch(/never closes/);
  });
});

describe('parseScheduleFile: hostile and unusable files', () => {
  it('refuses an empty file, a blank one and one with only a header', async () => {
    expect(message(await parseScheduleFile(fileOf('empty.csv', '')))).toBe('The file is empty.');
    expect(message(await parseScheduleFile(fileOf('blank.csv', '\n , \n\n')))).toBe(
      'The file has no rows.',
    );
    expect(message(await parseScheduleFile(fileOf('header.csv', `${HEADER}\n`)))).toMatch(
      /no schedule rows/,
    );
  });

  it('refuses a file over the size limit without reading it', async () => {
    const huge: UploadedFile = {
      name: 'huge.csv',
      size: MAX_FILE_BYTES + 1,
      arrayBuffer: () => Promise.reject(new Error('must not be read')),
    };
    expect(message(await parseScheduleFile(huge))).toMatch(/limit is 5\.0 MB/);
  });

  it(`refuses more than ${MAX_DATA_ROWS} rows even under the size limit`, async () => {
    const lines = Array.from({ length: MAX_DATA_ROWS + 1 }, (_, index) => `E${index},V,a,b`);
    const csv = `Employee ID,Vehicle,Start,End\n${lines.join('\n')}`;
    expect(message(await parseScheduleFile(fileOf('many.csv', csv)))).toMatch(/more than 10,000/);
  });

  it('recognises binary junk, images, PDFs and old .xls workbooks', async () => {
    const junk = new Uint8Array(4096).map((_, index) => (index * 7919) % 256);
    expect(message(await parseScheduleFile(fileOf('junk.csv', junk)))).toMatch(/binary data/);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
    expect(message(await parseScheduleFile(fileOf('photo.csv', png)))).toMatch(/image/);
    const pdf = new TextEncoder().encode('%PDF-1.7\n...');
    expect(message(await parseScheduleFile(fileOf('a.pdf', pdf)))).toMatch(/PDF/);
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(message(await parseScheduleFile(fileOf('old.xls', xls)))).toMatch(/97–2003/);
  });

  it('refuses a zip that is not a workbook, and a spreadsheet name on text', async () => {
    const zip = zipStored([['notes.txt', new TextEncoder().encode('hello')]]);
    expect(message(await parseScheduleFile(fileOf('archive.xlsx', zip)))).toMatch(
      /not a readable Excel workbook/,
    );
    expect(message(await parseScheduleFile(fileOf('fake.xlsx', HEADER)))).toMatch(
      /not a valid \.xlsx/,
    );
  });

  it('says when the text is UTF-16 or not UTF-8', async () => {
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...'Employee ID'].flatMap((c) => [c.charCodeAt(0), 0]),
    ]);
    expect(message(await parseScheduleFile(fileOf('unicode.txt', utf16)))).toMatch(/UTF-16/);
    const noBom = utf16.slice(2);
    expect(message(await parseScheduleFile(fileOf('unicode.csv', noBom)))).toMatch(/UTF-16/);
    // "Zoë" in Windows-1252: ë is the single byte 0xEB.
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\nCF1,Zo`), 0xeb, 0x0a]);
    expect(message(await parseScheduleFile(fileOf('legacy.csv', latin1)))).toMatch(
      /not UTF-8.*Windows-1252/,
    );
  });

  it('asks for the needed columns when a sheet has too few, or far too many', async () => {
    expect(message(await parseScheduleFile(fileOf('two.csv', 'Name,Truck\nAl,T1\n')))).toMatch(
      /only 2 columns; a schedule needs at least Employee ID, Vehicle, Start and End/,
    );
    const wide = `${Array.from({ length: 60 }, (_, index) => `C${index}`).join(',')}\n1\n`;
    expect(message(await parseScheduleFile(fileOf('wide.csv', wide)))).toMatch(/60 columns/);
  });
});

describe('parseScheduleFile: Excel', () => {
  it('reads text, date cells (as the wall-clock time shown) and serial numbers', async () => {
    const bytes = writeXlsx([
      ['Employee ID', 'Vehicle', 'Start', 'End'],
      ['CF1011', 'PDX-T104', { dateTime: '2026-11-24T06:00' }, 46350.6666666667],
      [null, null, null, null],
      ['CF1012', '=1+1', { dateTime: '2026-11-24T07:30:15' }, '2026-11-24 17:30'],
      // 08:00 and 18:00 are binary fractions a reader may see a hair early.
      ['CF1013', 'PDX-T107', { dateTime: '2026-11-24T08:00' }, { dateTime: '2026-11-24T18:00' }],
    ]);
    const result = await parseScheduleFile(fileOf('schedule.xlsx', bytes));
    expect(result.ok && result.format).toBe('xlsx');
    const { rows } = table(result);
    expect(rows).toEqual([
      { sourceRow: 2, cells: ['CF1011', 'PDX-T104', '2026-11-24 06:00', '46350.6666666667'] },
      { sourceRow: 4, cells: ['CF1012', '=1+1', '2026-11-24 07:30:15', '2026-11-24 17:30'] },
      {
        sourceRow: 5,
        cells: ['CF1013', 'PDX-T107', '2026-11-24 08:00', '2026-11-24 18:00'],
      },
    ]);
  });
});

describe('templates', () => {
  it.each([
    [
      'dispatch-template.csv',
      async () => new Uint8Array(await templateCsvBlob('2026-11-24').arrayBuffer()),
    ],
    [
      'dispatch-template.xlsx',
      async () => new Uint8Array(await templateXlsxBlob('2026-11-24').arrayBuffer()),
    ],
  ])('%s round-trips through the parser and passes every check', async (name, bytesOf) => {
    const parsed = table(await parseScheduleFile(fileOf(name, await bytesOf())));
    const mapping = detectColumnMapping(parsed.headers);
    expect(Object.values(mapping)).not.toContain(null);
    const rows = scheduleRows({ table: parsed, mapping, edits: {}, removedRowIds: [] });
    expect(rows.map((row) => row.values.start)).toEqual(['2026-11-24 06:00', '2026-11-24 07:30']);
    const check = validateScheduleRows(rows, { timeZone: 'UTC', dateOrder: 'month-first' });
    expect(check.issueCount).toBe(0);
    expect(check.entriesByRow.size).toBe(2);
  });
});

describe('a 10,000-row file', () => {
  it('is read, mapped and checked completely', async () => {
    const lines = Array.from({ length: MAX_DATA_ROWS }, (_, index) => {
      const day = String(1 + Math.floor(index / 500)).padStart(2, '0');
      return `CF${10_000 + (index % 500)},,,TRK-${index % 500},2026-12-${day} 06:00,2026-12-${day} 14:00`;
    });
    const csv = `${HEADER}\n${lines.join('\n')}\n`;
    expect(csv.length).toBeLessThan(MAX_FILE_BYTES);
    const parsed = table(await parseScheduleFile(fileOf('big.csv', csv)));
    expect(parsed.rows).toHaveLength(MAX_DATA_ROWS);
    expect(parsed.rows.at(-1)).toEqual({
      sourceRow: MAX_DATA_ROWS + 1,
      cells: ['CF10499', '', '', 'TRK-499', '2026-12-20 06:00', '2026-12-20 14:00'],
    });
    const rows = scheduleRows({
      table: parsed,
      mapping: detectColumnMapping(parsed.headers),
      edits: { 42: { start: 'soon' } },
      removedRowIds: [7],
    });
    expect(rows).toHaveLength(MAX_DATA_ROWS - 1);
    const check = validateScheduleRows(rows, { timeZone: 'UTC', dateOrder: 'month-first' });
    expect([...check.issuesByRow.keys()]).toEqual([42]);
    expect(check.entriesByRow.size).toBe(MAX_DATA_ROWS - 2);
  });
});
