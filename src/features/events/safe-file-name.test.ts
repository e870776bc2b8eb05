import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_LENGTH, safeFileName, uniqueFileName } from './safe-file-name';

const GUID = '3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f';

describe('safeFileName', () => {
  it('keeps an ordinary event ID as it is', () => {
    expect(safeFileName('EVT-2026-000123', GUID)).toBe('EVT-2026-000123');
  });

  it.each([
    ['..', GUID],
    ['.', GUID],
    ['', GUID],
    ['   ', GUID],
    ['../..', GUID],
    ['...', GUID],
  ])('gives the fallback for %j, which names no folder of its own', (raw, expected) => {
    expect(safeFileName(raw, GUID)).toBe(expected);
  });

  it.each([
    ['../report.pdf', 'report.pdf'],
    ['..\\..\\Windows\\evil', 'Windows-evil'],
    ['/etc/passwd', 'etc-passwd'],
    ['C:', 'C'],
    ['C:\\temp\\x', 'C-temp-x'],
    ['EVT\u0000-1\u001f\u007f', 'EVT-1'],
    ['EVT-1\n../x', 'EVT-1-x'],
    ['.hidden', 'hidden'],
    ['trailing. . .', 'trailing'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['Ｅｖｔ－１', 'Evt-1'],
  ])('makes %j one harmless segment: %j', (raw, expected) => {
    const name = safeFileName(raw, GUID);
    expect(name).toBe(expected);
    expect(name).not.toMatch(/[/\\:\p{Cc}]/u);
    expect(name).not.toMatch(/^\.|\.$/);
  });

  it('keeps a name short enough for every file system', () => {
    const name = safeFileName('E'.repeat(12_000), GUID);
    expect(name).toHaveLength(MAX_FILE_NAME_LENGTH);
  });

  it('falls back to "event" when the fallback is no better', () => {
    expect(safeFileName('..', '..')).toBe('event');
  });
});

describe('uniqueFileName', () => {
  it('gives colliding names their own folders, compared without case', () => {
    const taken = new Set<string>();
    expect(uniqueFileName('EVT-1', taken)).toBe('EVT-1');
    expect(uniqueFileName('evt-1', taken)).toBe('evt-1-2');
    expect(uniqueFileName('EVT-1', taken)).toBe('EVT-1-3');
    // A later event whose own ID is a suffixed name does not land on it either.
    expect(uniqueFileName('EVT-1-2', taken)).toBe('EVT-1-2-2');
  });

  it('two hostile IDs that clean to the same name get distinct folders', () => {
    const taken = new Set<string>();
    const first = uniqueFileName(safeFileName('..', GUID), taken);
    const second = uniqueFileName(safeFileName('.', GUID), taken);
    expect(first).toBe(GUID);
    expect(second).toBe(`${GUID}-2`);
  });

  it('stays within the length limit with its suffix', () => {
    const taken = new Set<string>();
    const long = 'E'.repeat(MAX_FILE_NAME_LENGTH);
    uniqueFileName(long, taken);
    const second = uniqueFileName(long, taken);
    expect(second).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(second.endsWith('-2')).toBe(true);
  });
});
