import { describe, expect, it } from 'vitest';
import type { DispatchDraft } from './dispatch-draft';
import { draftReducer, type DraftAction } from './draft-reducer';
import { detectColumnMapping } from './parse-columns';
import type { ParsedUpload } from './upload-step';

const headers = ['Employee ID', 'Vehicle', 'Start', 'End'];
const upload: ParsedUpload = {
  fileName: 'schedule.csv',
  format: 'csv',
  table: {
    headers,
    rows: [
      { sourceRow: 2, cells: ['CF1', 'PDX-T104', '2026-11-24 06:00', '2026-11-24 16:00'] },
      { sourceRow: 3, cells: ['CF2', 'PDX-T105', '2026-11-24 07:00', '2026-11-24 17:00'] },
    ],
  },
};
const uploaded: DraftAction = {
  type: 'uploaded',
  upload,
  mapping: detectColumnMapping(headers),
  browserTimeZone: 'Europe/Berlin',
};

const run = (draft: DispatchDraft | null, ...actions: DraftAction[]) =>
  actions.reduce(draftReducer, draft);

const started = run(null, uploaded)!;

describe('the dispatch draft', () => {
  it('starts at the column step with the browser’s zone and nothing edited', () => {
    expect(started).toMatchObject({
      step: 'map',
      fileName: 'schedule.csv',
      rowCount: 2,
      timeZone: 'Europe/Berlin',
      dateOrder: 'month-first',
      autoAddDriver: false,
      edits: {},
      removedRowIds: [],
      submission: null,
    });
  });

  it('keeps the settings of a draft whose rows were lost when the file is uploaded again', () => {
    const settings = run(
      started,
      { type: 'mapping-changed', change: { timeZone: 'America/Chicago', dateOrder: 'day-first' } },
      { type: 'auto-add-driver-changed', autoAddDriver: true },
    );
    const again = run({ ...settings!, table: null }, uploaded);
    expect(again).toMatchObject({
      timeZone: 'America/Chicago',
      dateOrder: 'day-first',
      autoAddDriver: true,
      table: upload.table,
    });
  });

  it('keeps every fix typed, per row and field, and each removed row once', () => {
    const fixed = run(
      started,
      { type: 'cell-edited', rowId: 1, field: 'vehicleName', value: 'PDX-T106' },
      { type: 'cell-edited', rowId: 1, field: 'employeeId', value: 'CF9' },
      { type: 'rows-removed', rowIds: [0], reasons: { 0: 'No such vehicle.' } },
      { type: 'rows-removed', rowIds: [0, 1], reasons: { 1: 'Removed by hand.' } },
    );
    expect(fixed?.edits).toEqual({ 1: { vehicleName: 'PDX-T106', employeeId: 'CF9' } });
    expect(fixed?.removedRowIds).toEqual([0, 1]);
    expect(fixed?.removalReasons).toEqual({ 0: 'No such vehicle.', 1: 'Removed by hand.' });
  });

  it('records the service check and a submit in progress, then the submission', () => {
    const checked = run(
      started,
      { type: 'went-to', step: 'service' },
      {
        type: 'service-checked',
        results: { 0: { code: 'SUCCESS', fingerprint: 'abc' } },
        checkedAt: 10,
      },
      { type: 'submit-started', startedAt: 20 },
    );
    expect(checked).toMatchObject({
      step: 'service',
      serviceCheck: { checkedAt: 10, results: { 0: { code: 'SUCCESS' } } },
      submitStartedAt: 20,
    });
    expect(run(checked, { type: 'submit-ended' })?.submitStartedAt).toBeNull();
    const submitted = run(checked, {
      type: 'submitted',
      batchId: 7,
      submittedAt: 30,
      rowIds: [0, 1],
    });
    expect(submitted).toMatchObject({
      step: 'submit',
      submitStartedAt: null,
      submission: { batchId: 7, submittedAt: 30, rowIds: [0, 1] },
    });
  });

  it('stays on the processing step once submitted', () => {
    const submitted = run(started, { type: 'submitted', batchId: 7, submittedAt: 30, rowIds: [] });
    expect(run(submitted, { type: 'went-to', step: 'check' })?.step).toBe('submit');
  });

  it('is gone once discarded, and ignores changes when there is no draft', () => {
    expect(run(started, { type: 'discarded' })).toBeNull();
    expect(run(null, { type: 'went-to', step: 'check' })).toBeNull();
  });
});
