import type { BulkPreviewLine, BulkRunReport, BulkUndoReport } from '@/api/bulk-action';
import type { BulkProgress } from '@/api/bulk-run';

export type BulkDialogStage = 'params' | 'preview' | 'running' | 'report';

/** Where a bulk action stands in its dialog, from its parameters to its report. */
export interface BulkDialogState<Row> {
  stage: BulkDialogStage;
  params: unknown;
  paramsError: string | null;
  /** What the preview shows will be sent (and what needs nothing). */
  lines: BulkPreviewLine<Row>[];
  progress: BulkProgress | null;
  /** The run under way (or last run) is an undo. */
  runningUndo: boolean;
  cancelling: boolean;
  runReport: BulkRunReport<Row> | null;
  /** Once an undo has run, the report shown is its own. */
  undoReport: BulkUndoReport<Row> | null;
}

export type BulkDialogAction<Row> =
  | { type: 'params-changed'; params: unknown }
  | { type: 'preview-refused'; problem: string }
  | { type: 'previewed'; lines: BulkPreviewLine<Row>[] }
  | { type: 'back-to-params' }
  | { type: 'send-started'; undo: boolean }
  | { type: 'progressed'; progress: BulkProgress }
  | { type: 'cancel-asked' }
  | { type: 'run-reported'; report: BulkRunReport<Row> }
  | { type: 'undo-reported'; report: BulkUndoReport<Row> };

export function bulkDialogReducer<Row>(
  state: BulkDialogState<Row>,
  action: BulkDialogAction<Row>,
): BulkDialogState<Row> {
  switch (action.type) {
    case 'params-changed':
      return { ...state, params: action.params, paramsError: null };
    case 'preview-refused':
      return { ...state, paramsError: action.problem };
    case 'previewed':
      return { ...state, paramsError: null, lines: action.lines, stage: 'preview' };
    case 'back-to-params':
      return { ...state, stage: 'params' };
    case 'send-started':
      return {
        ...state,
        runningUndo: action.undo,
        cancelling: false,
        progress: null,
        stage: 'running',
      };
    case 'progressed':
      return { ...state, progress: action.progress };
    case 'cancel-asked':
      return { ...state, cancelling: true };
    case 'run-reported':
      return { ...state, runReport: action.report, stage: 'report' };
    case 'undo-reported':
      return { ...state, undoReport: action.report, stage: 'report' };
  }
}
