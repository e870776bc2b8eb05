import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { afterEach, describe, expect, it } from 'vitest';
import { resetDisplayPreferencesCache, setDisplayPreferences } from './display-preferences';
import { writeTableFile } from './table-file';
import { XLSX_MIME_TYPE } from './xlsx-writer';

/** The decoder drops the byte order mark, as a spreadsheet does. */
async function csvRows(blob: Blob): Promise<string[][]> {
  const text = new TextDecoder().decode(await blob.arrayBuffer());
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

async function xlsxRows(blob: Blob) {
  return readSheet(Buffer.from(await blob.arrayBuffer()));
}

describe('writeTableFile', () => {
  const header = ['Name', 'Odometer', 'Updated'];
  // Local times, so the test holds in every time zone.
  const afternoon = new Date(2026, 10, 24, 14, 5);
  const withSeconds = new Date(2026, 10, 24, 9, 7, 30);

  afterEach(() => {
    resetDisplayPreferencesCache();
  });

  const chooseZone = (chosenTimeZone: string) =>
    setDisplayPreferences({ eventTimeZone: 'chosen', chosenTimeZone });
  const instant = new Date(Date.UTC(2026, 10, 24, 5, 5));
  const instantWithSeconds = new Date(Date.UTC(2026, 10, 24, 0, 7, 30));

  it('writes CSV dates as ISO 8601 with their offset in the chosen zone, and empties for nothing', async () => {
    chooseZone('Asia/Tokyo');
    const rows = [
      ['PDX-T101', 12_500.5, instant],
      ['PDX-T102', null, instantWithSeconds],
      [undefined, Number.NaN, new Date(Number.NaN)],
    ];
    const blob = writeTableFile('csv', header, rows);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await csvRows(blob)).toEqual([
      ['Name', 'Odometer', 'Updated'],
      ['PDX-T101', '12500.5', '2026-11-24T14:05:00+09:00'],
      ['PDX-T102', '', '2026-11-24T09:07:30+09:00'],
      ['', '', ''],
    ]);
    chooseZone('America/Denver');
    expect((await csvRows(writeTableFile('csv', header, rows))).slice(1, 3)).toEqual([
      ['PDX-T101', '12500.5', '2026-11-23T22:05:00-07:00'],
      ['PDX-T102', '', '2026-11-23T17:07:30-07:00'],
    ]);
  });

  it('writes Excel date cells that show the chosen zone’s wall-clock time', async () => {
    chooseZone('Asia/Tokyo');
    const rows = await xlsxRows(writeTableFile('xlsx', header, [['PDX-T101', 1, instant]]));
    const cell = rows[1]?.[2];
    if (!(cell instanceof Date)) throw new Error(`Not a date cell: ${String(cell)}`);
    const rounded = Math.round(cell.getTime() / 1000) * 1000;
    expect(new Date(rounded).toISOString()).toBe('2026-11-24T14:05:00.000Z');
  });

  it('writes Excel date cells that show the user’s local wall-clock time', async () => {
    const blob = writeTableFile('xlsx', header, [
      ['PDX-T101', 12_500.5, afternoon],
      ['PDX-T102', null, withSeconds],
    ]);
    expect(blob.type).toBe(XLSX_MIME_TYPE);
    const rows = await xlsxRows(blob);
    expect(rows.slice(0, 2).map((row) => row.slice(0, 2))).toEqual([
      ['Name', 'Odometer'],
      ['PDX-T101', 12_500.5],
    ]);
    // The reader gives dates whose UTC fields are the time the sheet shows.
    const shown = rows.slice(1).map((row) => {
      const cell = row[2];
      if (!(cell instanceof Date)) throw new Error(`Not a date cell: ${String(cell)}`);
      const rounded = Math.round(cell.getTime() / 1000) * 1000;
      return new Date(rounded).toISOString().slice(0, 19).replace('T', ' ');
    });
    expect(shown).toEqual(['2026-11-24 14:05:00', '2026-11-24 09:07:30']);
  });

  it('says how many characters an Excel file could not hold, and CSV, which holds them, says none', () => {
    const told: number[] = [];
    const rows = [['PDX\uFFFFT1', 1, null]];
    writeTableFile('xlsx', header, rows, { onCharactersReplaced: (count) => told.push(count) });
    writeTableFile('csv', header, rows, { onCharactersReplaced: (count) => told.push(count) });
    writeTableFile('xlsx', header, [['PDX-T1', 1, null]], {
      onCharactersReplaced: (count) => told.push(count),
    });
    expect(told).toEqual([1]);
  });

  it.each(['csv', 'xlsx'] as const)(
    'escapes formula text in %s the same way, header included',
    async (format) => {
      const blob = writeTableFile(
        format,
        ['=Name', 'Note'],
        [
          ["=cmd|' /C calc'!A0", '@SUM(1)'],
          ['+1', -3],
        ],
      );
      const rows = format === 'csv' ? await csvRows(blob) : await xlsxRows(blob);
      expect([String(rows[0]![0]), ...rows.slice(1).flat().map(String)]).toEqual([
        "'=Name",
        "'=cmd|' /C calc'!A0",
        "'@SUM(1)",
        "'+1",
        // A number stays a number, negative or not.
        '-3',
      ]);
    },
  );
});
