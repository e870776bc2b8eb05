import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { writeXlsx } from './xlsx-writer';

/** The zip is stored uncompressed, so each part's XML is readable in the bytes as is. */
function partsText(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

describe('writeXlsx', () => {
  it('escapes text that would start a formula with the CSV rule, and writes no formula', async () => {
    const bytes = writeXlsx([
      ['Name', 'Note'],
      ['=HYPERLINK("http://x","y")', '@SUM(1)'],
      ['+1', '-2'],
      ['PDX-T101', 'a=b'],
      [-2, 0],
    ]);
    expect(await readSheet(Buffer.from(bytes))).toEqual([
      ['Name', 'Note'],
      ['\'=HYPERLINK("http://x","y")', "'@SUM(1)"],
      ["'+1", "'-2"],
      ['PDX-T101', 'a=b'],
      [-2, 0],
    ]);
    expect(partsText(bytes)).not.toMatch(/<f[ >]/);
  });

  it('replaces what XML 1.0 cannot hold, so a name with U+FFFF still gives a file Excel opens', async () => {
    const bytes = writeXlsx(
      [['PDX\uFFFFT1', 'a\uFFFEb', 'lone \uD800 half', 'bell\u0007', '🚚 ok']],
      'Fleet\uFFFF',
    );
    expect(partsText(bytes)).not.toMatch(/[\uFFFE\uFFFF]/);
    expect(await readSheet(Buffer.from(bytes))).toEqual([
      ['PDX\uFFFDT1', 'a\uFFFDb', 'lone \uFFFD half', 'bell\uFFFD', '🚚 ok'],
    ]);
  });

  it('names the sheet as asked, within what Excel accepts', () => {
    expect(partsText(writeXlsx([['a']], 'Dispatch schedule'))).toContain(
      '<sheet name="Dispatch schedule"',
    );
    expect(partsText(writeXlsx([['a']], 'Vehicles: [north/south]?'))).toContain(
      '<sheet name="Vehicles   north south"',
    );
    expect(partsText(writeXlsx([['a']], 'x'.repeat(40)))).toContain(
      `<sheet name="${'x'.repeat(31)}"`,
    );
    expect(partsText(writeXlsx([['a']], ' / '))).toContain('<sheet name="Sheet1"');
  });
});
