// @vitest-environment jsdom
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvBlob, escapeFormula, toCsv, toCsvCell, unescapeFormula } from './csv-export';

describe('escapeFormula', () => {
  it.each(['=SUM(A1:A2)', '+1', '-2+3', '@cmd', '\tTAB', '\rCR'])(
    'puts an apostrophe before %j',
    (text) => {
      expect(escapeFormula(text)).toBe(`'${text}`);
    },
  );

  it('leaves ordinary text, inner triggers and the empty string alone', () => {
    expect(escapeFormula('PDX-T101')).toBe('PDX-T101');
    expect(escapeFormula('a=b')).toBe('a=b');
    expect(escapeFormula('')).toBe('');
  });
});

describe('toCsvCell', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(toCsvCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(toCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('escapes and then quotes a formula that also holds a comma', () => {
    expect(toCsvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('keeps numbers (negative ones too) and booleans as they are, and empties as empty', () => {
    expect(toCsvCell(-12.5)).toBe('-12.5');
    expect(toCsvCell(true)).toBe('true');
    expect(toCsvCell(null)).toBe('');
    expect(toCsvCell(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('writes CRLF rows that a CSV parser reads back to the escaped text', () => {
    const csv = toCsv([
      ['Employee ID', 'Note'],
      ['CF1011', '=1+1'],
      ['CF1012', 'plain, with comma'],
    ]);
    expect(csv).toBe('Employee ID,Note\r\nCF1011,\'=1+1\r\nCF1012,"plain, with comma"\r\n');
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(parsed.data).toEqual([
      ['Employee ID', 'Note'],
      ['CF1011', "'=1+1"],
      ['CF1012', 'plain, with comma'],
    ]);
  });
});

describe('csvBlob', () => {
  it('starts with a UTF-8 byte order mark so Excel reads accents right', async () => {
    const bytes = new Uint8Array(await csvBlob([['Zoë']]).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Zoë\r\n');
  });
});

describe('unescapeFormula', () => {
  it('gives back what escapeFormula protected, and leaves other apostrophes alone', () => {
    for (const text of ['=SUM(A1:A2)', '+1', '-2', '@cmd', '\tTAB', 'plain', '']) {
      expect(unescapeFormula(escapeFormula(text))).toBe(text);
    }
    expect(unescapeFormula("'quoted'")).toBe("'quoted'");
    expect(unescapeFormula("'")).toBe("'");
  });
});
