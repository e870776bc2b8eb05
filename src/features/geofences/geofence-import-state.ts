import { t } from '@lingui/core/macro';
import { formatNumber } from '@/lib/format';
import { GEOJSON_IMPORT_MAX_BYTES } from './geofence-geojson';
import type {
  GeofenceImportRead,
  PackedCandidate,
  SimplifiedImport,
} from './geofence-import-session';

export type ReadFile = Extract<GeofenceImportRead, { ok: true }>;

/** What the worker made of the chosen file, and of the last simplification asked for. */
export interface CheckedFile {
  read: ReadFile;
  simplified: SimplifiedImport | null;
  /** The worker failed after reading the file (while simplifying): said beside the preview. */
  error: string | null;
}

interface ImportFailure {
  name: string;
  message: string;
}

/** Where the import stands; every stage after the check keeps what the file holds. */
export type ImportStage =
  | { kind: 'no-file' }
  | { kind: 'refused'; message: string }
  | { kind: 'reading' }
  | { kind: 'checked'; checked: CheckedFile; simplifying: boolean }
  /** `remaining`: a retry of what failed before, instead of everything the file holds. */
  | { kind: 'importing'; checked: CheckedFile; remaining: PackedCandidate[] | null; done: number }
  /** Some geofences were not created: only they still need attention. */
  | {
      kind: 'partly-imported';
      checked: CheckedFile;
      remaining: PackedCandidate[];
      failures: ImportFailure[];
    };

export interface ImportPanelState {
  file: File | null;
  stage: ImportStage;
  /** The tolerance the simplification uses, as typed (the number input gives '' when empty). */
  tolerance: number | string;
  /** The group for geofences the file places in no group, or in one this company lacks. */
  groupId: string | null;
}

export type ImportPanelAction =
  | { type: 'file-chosen'; file: File | null }
  | { type: 'reading-cancelled' }
  | { type: 'file-read'; result: GeofenceImportRead }
  | { type: 'simplify-started' }
  | { type: 'simplified'; result: SimplifiedImport }
  | { type: 'worker-failed'; message: string }
  | { type: 'tolerance-changed'; tolerance: number | string }
  | { type: 'group-chosen'; groupId: string | null }
  | { type: 'import-started' }
  | { type: 'import-progressed'; done: number }
  /** The service refused some; `remaining` are those candidates, in the same order as `failures`. */
  | { type: 'import-partly-failed'; remaining: PackedCandidate[]; failures: ImportFailure[] }
  /** The import stopped before it finished (the request itself failed). */
  | { type: 'import-stopped' };

export const INITIAL_IMPORT_STATE: ImportPanelState = {
  file: null,
  stage: { kind: 'no-file' },
  tolerance: 10,
  groupId: null,
};

const MEGABYTE = 1024 * 1024;

export function isValidTolerance(tolerance: number | string): tolerance is number {
  return typeof tolerance === 'number' && tolerance > 0;
}

/** What the file holds, once the worker has read it. */
export function checkedFileOf(stage: ImportStage): CheckedFile | null {
  return 'checked' in stage ? stage.checked : null;
}

function stageForFile(file: File | null): ImportStage {
  if (!file) return { kind: 'no-file' };
  if (file.size > GEOJSON_IMPORT_MAX_BYTES) {
    const fileSize = formatNumber(file.size / MEGABYTE, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    const maxSize = formatNumber(GEOJSON_IMPORT_MAX_BYTES / MEGABYTE);
    return {
      kind: 'refused',
      message: t`The file is ${fileSize} MB; files up to ${maxSize} MB can be imported.`,
    };
  }
  return { kind: 'reading' };
}

export function importPanelReducer(
  state: ImportPanelState,
  action: ImportPanelAction,
): ImportPanelState {
  const { stage } = state;
  switch (action.type) {
    case 'file-chosen':
      return { ...state, file: action.file, stage: stageForFile(action.file) };
    case 'reading-cancelled':
      return { ...state, file: null, stage: { kind: 'no-file' } };
    case 'file-read': {
      if (stage.kind !== 'reading') return state;
      const { result } = action;
      if (!result.ok) return { ...state, stage: { kind: 'refused', message: result.message } };
      return {
        ...state,
        stage: {
          kind: 'checked',
          checked: { read: result, simplified: null, error: null },
          simplifying: false,
        },
        tolerance: result.suggestedToleranceMetres ?? state.tolerance,
      };
    }
    case 'simplify-started':
      return stage.kind === 'checked' && isValidTolerance(state.tolerance)
        ? { ...state, stage: { ...stage, simplifying: true } }
        : state;
    case 'simplified':
      return stage.kind === 'checked'
        ? {
            ...state,
            stage: {
              kind: 'checked',
              checked: { ...stage.checked, simplified: action.result },
              simplifying: false,
            },
          }
        : state;
    case 'worker-failed':
      if (stage.kind === 'reading') {
        return { ...state, stage: { kind: 'refused', message: action.message } };
      }
      return stage.kind === 'checked'
        ? {
            ...state,
            stage: {
              kind: 'checked',
              checked: { ...stage.checked, error: action.message },
              simplifying: false,
            },
          }
        : state;
    case 'tolerance-changed':
      return { ...state, tolerance: action.tolerance };
    case 'group-chosen':
      return { ...state, groupId: action.groupId };
    case 'import-started':
      if (stage.kind === 'checked' && !stage.simplifying) {
        return {
          ...state,
          stage: { kind: 'importing', checked: stage.checked, remaining: null, done: 0 },
        };
      }
      return stage.kind === 'partly-imported'
        ? {
            ...state,
            stage: {
              kind: 'importing',
              checked: stage.checked,
              remaining: stage.remaining,
              done: 0,
            },
          }
        : state;
    case 'import-progressed':
      return stage.kind === 'importing'
        ? { ...state, stage: { ...stage, done: action.done } }
        : state;
    case 'import-partly-failed':
      return stage.kind === 'importing'
        ? {
            ...state,
            stage: {
              kind: 'partly-imported',
              checked: stage.checked,
              remaining: action.remaining,
              failures: action.failures,
            },
          }
        : state;
    case 'import-stopped':
      if (stage.kind !== 'importing') return state;
      return {
        ...state,
        stage: stage.remaining
          ? {
              kind: 'partly-imported',
              checked: stage.checked,
              remaining: stage.remaining,
              failures: [],
            }
          : { kind: 'checked', checked: stage.checked, simplifying: false },
      };
  }
}
