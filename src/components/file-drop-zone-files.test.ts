// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { acceptAttribute, fileMatchesAccept, sortChosenFiles } from './file-drop-zone-files';

const csvTypes = { 'text/csv': ['.csv'], 'text/plain': ['.csv', '.txt'] };

function file(name: string, type: string, size = 10) {
  return new File(['x'.repeat(size)], name, { type });
}

describe('file drop zone rules', () => {
  it('offers every type and extension once to the picker', () => {
    expect(acceptAttribute(csvTypes)).toBe('text/csv,text/plain,.csv,.txt');
  });

  it('takes a file by its type or, when browsers report none or another, by its extension', () => {
    expect(fileMatchesAccept(file('a.csv', 'text/csv'), csvTypes)).toBe(true);
    expect(fileMatchesAccept(file('A.CSV', ''), csvTypes)).toBe(true);
    expect(fileMatchesAccept(file('a.csv', 'application/vnd.ms-excel'), csvTypes)).toBe(true);
    expect(fileMatchesAccept(file('a.pdf', 'application/pdf'), csvTypes)).toBe(false);
  });

  it('refuses wrong types, files over the size limit and several files at once, with reasons', () => {
    const big = file('big.csv', 'text/csv', 50);
    const pdf = file('a.pdf', 'application/pdf');
    const good = file('a.csv', 'text/csv');
    expect(sortChosenFiles([good], { accept: csvTypes, maxSize: 20 })).toEqual({
      accepted: [good],
      rejections: [],
    });
    const refused = sortChosenFiles([big], { accept: csvTypes, maxSize: 20 });
    expect(refused.rejections[0]?.errors.map((error) => error.code)).toEqual(['file-too-large']);
    expect(
      sortChosenFiles([pdf], { accept: csvTypes }).rejections[0]?.errors.map((error) => error.code),
    ).toEqual(['file-invalid-type']);
    const several = sortChosenFiles([good, good], { accept: csvTypes });
    expect(several.accepted).toEqual([]);
    expect(several.rejections.map((rejection) => rejection.errors[0]?.code)).toEqual([
      'too-many-files',
      'too-many-files',
    ]);
  });
});
