// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  DRAFT_STORAGE_LIMIT,
  loadDraft,
  removedRows,
  saveDraft,
  scheduleRows,
  type DispatchDraft,
} from './dispatch-draft';
import { detectColumnMapping } from './parse-columns';

function draftWith(rowCount: number, cellText = 'x'): DispatchDraft {
  const headers = ['Employee ID', 'Vehicle', 'Start', 'End', 'Notes'];
  return {
    version: 1,
    step: 'check',
    fileName: 'schedule.csv',
    format: 'csv',
    table: {
      headers,
      rows: Array.from({ length: rowCount }, (_, index) => ({
        sourceRow: index + 2,
        cells: [`CF${index}`, 'PDX-T104', '2026-11-24 06:00', '2026-11-24 16:00', cellText],
      })),
    },
    rowCount,
    mapping: detectColumnMapping(headers),
    timeZone: 'America/Chicago',
    dateOrder: 'day-first',
    autoAddDriver: true,
    edits: { 1: { vehicleName: 'PDX-T105' } },
    removedRowIds: [0],
    removalReasons: { 0: 'Removed by hand.' },
    serviceCheck: { checkedAt: 1, results: { 1: { code: 'SUCCESS', fingerprint: '[]' } } },
    submitStartedAt: null,
    submission: null,
  };
}

describe('draft storage', () => {
  it('keeps a draft per user across a reload', () => {
    const draft = draftWith(3);
    expect(saveDraft('dan.okafor', draft)).toBe('saved');
    expect(loadDraft('dan.okafor').value).toEqual(draft);
    expect(loadDraft('maria.lopez').value).toBeNull();
    saveDraft('dan.okafor', null);
    expect(loadDraft('dan.okafor').value).toBeNull();
  });

  it('keeps a draft over the size cap without its rows', () => {
    const big = draftWith(2_000, 'n'.repeat(1_000));
    expect(JSON.stringify(big).length).toBeGreaterThan(DRAFT_STORAGE_LIMIT);
    expect(saveDraft('dan.okafor', big)).toBe('saved-without-rows');
    const loaded = loadDraft('dan.okafor').value;
    expect(loaded?.table).toBeNull();
    expect(loaded?.timeZone).toBe('America/Chicago');
    expect(loaded?.rowCount).toBe(2_000);
  });

  it('ignores damaged or foreign data, and replaces an unknown time zone', () => {
    sessionStorage.setItem('fleet-console.dispatch-draft.v1.dan.okafor', '{not json');
    expect(loadDraft('dan.okafor')).toEqual({ value: null, discarded: true });
    sessionStorage.setItem(
      'fleet-console.dispatch-draft.v1.dan.okafor',
      JSON.stringify({ ...draftWith(1), version: 2 }),
    );
    expect(loadDraft('dan.okafor').value).toBeNull();
    sessionStorage.setItem(
      'fleet-console.dispatch-draft.v1.dan.okafor',
      JSON.stringify({ ...draftWith(1), timeZone: 'Mars/Olympus_Mons' }),
    );
    expect(loadDraft('dan.okafor').value?.timeZone).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('drops a draft whose submission time no date can hold', () => {
    const draft = draftWith(1);
    sessionStorage.setItem(
      'fleet-console.dispatch-draft.v1.dan.okafor',
      JSON.stringify({ ...draft, submission: { batchId: 4, submittedAt: 1e300, rowIds: [0] } }),
    );
    expect(loadDraft('dan.okafor')).toEqual({ value: null, discarded: true });
  });
});

describe('scheduleRows', () => {
  it('reads the mapped columns, applies edits and leaves removed rows out', () => {
    const rows = scheduleRows(draftWith(3));
    expect(rows.map((row) => [row.id, row.sourceRow, row.values.vehicleName])).toEqual([
      [1, 3, 'PDX-T105'],
      [2, 4, 'PDX-T104'],
    ]);
    expect(rows[0]!.values.firstName).toBe('');
  });
});

describe('removedRows', () => {
  it('gives each removed row as it was (edits applied) with the reason recorded for it', () => {
    const removed = removedRows({
      ...draftWith(3),
      removedRowIds: [2, 0],
      edits: { 2: { vehicleName: 'PDX-T109' } },
    });
    expect(
      removed.map(({ row, reason }) => [row.sourceRow, row.values.vehicleName, reason]),
    ).toEqual([
      [2, 'PDX-T104', 'Removed by hand.'],
      [4, 'PDX-T109', null],
    ]);
  });

  it('reads back a draft kept before reasons were recorded, without them', () => {
    const older: Partial<DispatchDraft> = draftWith(1);
    delete older.removalReasons;
    sessionStorage.setItem('fleet-console.dispatch-draft.v1.dan.okafor', JSON.stringify(older));
    expect(loadDraft('dan.okafor').value?.removalReasons).toEqual({});
  });
});
