import { describe, expect, it } from 'vitest';
import { bulkDialogReducer, type BulkDialogState } from './bulk-dialog-state';

const start: BulkDialogState<string> = {
  stage: 'params',
  params: 'a',
  paramsError: null,
  lines: [],
  progress: null,
  runningUndo: false,
  cancelling: false,
  runReport: null,
  undoReport: null,
};

describe('bulk dialog state', () => {
  it('keeps the parameters on a refused preview, and clears the problem once they change', () => {
    const refused = bulkDialogReducer(start, { type: 'preview-refused', problem: 'Choose one' });
    expect(refused).toMatchObject({ stage: 'params', paramsError: 'Choose one' });
    const changed = bulkDialogReducer(refused, { type: 'params-changed', params: 'b' });
    expect(changed).toMatchObject({ params: 'b', paramsError: null });
  });

  it('starts each run afresh: no progress, no cancel, and says whether it undoes', () => {
    const cancelled = { ...start, stage: 'running' as const, cancelling: true };
    const undo = bulkDialogReducer(cancelled, { type: 'send-started', undo: true });
    expect(undo).toMatchObject({ stage: 'running', cancelling: false, runningUndo: true });
  });
});
