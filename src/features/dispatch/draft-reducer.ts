import type { DispatchDraft, ServiceCheckResult, WizardStep } from './dispatch-draft';
import type { DispatchField } from './dispatch-fields';
import type { MappingChange } from './mapping-step';
import type { ColumnMapping } from './parse-columns';
import type { ParsedUpload } from './upload-step';

/**
 * What the user does in the dispatch wizard. Times come with the action so the reducer stays pure
 * (React may call it twice).
 */
export type DraftAction =
  /** A file was read: a new draft at the column step. */
  | { type: 'uploaded'; upload: ParsedUpload; mapping: ColumnMapping; browserTimeZone: string }
  /** Back to an earlier step, or on to the next; a submission moves to processing on its own. */
  | { type: 'went-to'; step: Exclude<WizardStep, 'submit'> }
  | { type: 'mapping-changed'; change: MappingChange }
  | { type: 'cell-edited'; rowId: number; field: DispatchField; value: string }
  /** Rows left out of the upload; `reasons` says why, by row ID, for the results to name them. */
  | { type: 'rows-removed'; rowIds: readonly number[]; reasons: Readonly<Record<number, string>> }
  | { type: 'auto-add-driver-changed'; autoAddDriver: boolean }
  | { type: 'service-checked'; results: Record<string, ServiceCheckResult>; checkedAt: number }
  | { type: 'submit-started'; startedAt: number }
  | { type: 'submitted'; batchId: number; submittedAt: number; rowIds: number[] }
  /** The submit request failed, or the user dismissed the warning about one a reload cut off. */
  | { type: 'submit-ended' }
  | { type: 'discarded' };

export type DraftDispatch = (action: DraftAction) => void;

function newDraft(
  { upload, mapping, browserTimeZone }: Extract<DraftAction, { type: 'uploaded' }>,
  previous: DispatchDraft | null,
): DispatchDraft {
  return {
    version: 1,
    step: 'map',
    fileName: upload.fileName,
    format: upload.format,
    table: upload.table,
    rowCount: upload.table.rows.length,
    mapping,
    // Uploading again a file whose rows were too large to keep reuses the settings chosen for it.
    timeZone: previous?.timeZone ?? browserTimeZone,
    dateOrder: previous?.dateOrder ?? 'month-first',
    autoAddDriver: previous?.autoAddDriver ?? false,
    edits: {},
    removedRowIds: [],
    removalReasons: {},
    serviceCheck: null,
    submitStartedAt: null,
    submission: null,
  };
}

/** The wizard's draft (null before a file is uploaded) after an action. */
export function draftReducer(
  draft: DispatchDraft | null,
  action: DraftAction,
): DispatchDraft | null {
  if (action.type === 'uploaded') return newDraft(action, draft);
  if (action.type === 'discarded' || draft === null) return null;
  switch (action.type) {
    case 'went-to':
      // A submitted schedule stays on its processing step.
      return draft.submission ? draft : { ...draft, step: action.step };
    case 'mapping-changed':
      return { ...draft, ...action.change };
    case 'cell-edited': {
      const { rowId, field, value } = action;
      return {
        ...draft,
        edits: { ...draft.edits, [rowId]: { ...draft.edits[rowId], [field]: value } },
      };
    }
    case 'rows-removed':
      return {
        ...draft,
        removedRowIds: [...new Set([...draft.removedRowIds, ...action.rowIds])],
        removalReasons: { ...draft.removalReasons, ...action.reasons },
      };
    case 'auto-add-driver-changed':
      return { ...draft, autoAddDriver: action.autoAddDriver };
    case 'service-checked':
      return { ...draft, serviceCheck: { checkedAt: action.checkedAt, results: action.results } };
    case 'submit-started':
      return { ...draft, submitStartedAt: action.startedAt };
    case 'submitted':
      return {
        ...draft,
        step: 'submit',
        submitStartedAt: null,
        submission: {
          batchId: action.batchId,
          submittedAt: action.submittedAt,
          rowIds: action.rowIds,
        },
      };
    case 'submit-ended':
      return { ...draft, submitStartedAt: null };
  }
}
