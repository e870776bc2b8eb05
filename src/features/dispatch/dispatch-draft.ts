import { storedTimeSchema, z } from '@/api/zod';
import { browserTimeZone, isKnownTimeZone } from '@/lib/display-preferences';
import { readStoredJson, removeStored, writeStoredJson, type StoredRead } from '@/lib/stored-json';
import { DISPATCH_FIELDS, type DispatchField } from './dispatch-fields';
import type { ColumnMapping } from './parse-columns';
import type { DateOrder } from './parse-date-time';
import type { FileFormat, SheetTable } from './parse-file';
import type { ScheduleRow, ScheduleValues } from './validate-rows';

export const WIZARD_STEPS = ['upload', 'map', 'check', 'service', 'submit'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The service's answer to a validate-only call, per row, with what was sent (to spot edits). */
export interface ServiceCheckResult {
  code: string;
  fingerprint: string;
}

interface DraftSubmission {
  batchId: number;
  submittedAt: number;
  /** Row IDs in the order their entries were sent; results come back in the same order. */
  rowIds: number[];
}

/**
 * Everything the wizard needs to carry on after a reload or a new sign-in. The file's rows are
 * kept as text with edits as a small overlay, never the raw file bytes.
 */
export interface DispatchDraft {
  version: 1;
  step: WizardStep;
  fileName: string;
  format: FileFormat;
  /** Null when the file was too large to keep in session storage (see DRAFT_STORAGE_LIMIT). */
  table: SheetTable | null;
  rowCount: number;
  mapping: ColumnMapping;
  timeZone: string;
  dateOrder: DateOrder;
  autoAddDriver: boolean;
  /** Fixes typed in the wizard, by row ID and field. */
  edits: Record<string, Partial<Record<DispatchField, string>>>;
  removedRowIds: number[];
  /** Why each removed row was left out (its problems, or the service's answer), by row ID. */
  removalReasons: Record<string, string>;
  serviceCheck: { checkedAt: number; results: Record<string, ServiceCheckResult> } | null;
  /** Set just before the submit request; if the page reloads mid-request we can warn. */
  submitStartedAt: number | null;
  submission: DraftSubmission | null;
}

const mappedColumn = z.number().int().min(0).nullable();
const mappingSchema = z.object({
  employeeId: mappedColumn,
  firstName: mappedColumn,
  lastName: mappedColumn,
  vehicleName: mappedColumn,
  start: mappedColumn,
  end: mappedColumn,
}) satisfies z.ZodType<ColumnMapping>;

const fieldValuesSchema = z.partialRecord(z.enum(DISPATCH_FIELDS), z.string());

const draftSchema = z.object({
  version: z.literal(1),
  step: z.enum(WIZARD_STEPS),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  table: z
    .object({
      headers: z.array(z.string()),
      rows: z.array(z.object({ sourceRow: z.number().int(), cells: z.array(z.string()) })),
    })
    .nullable(),
  rowCount: z.number().int().min(0),
  mapping: mappingSchema,
  // A zone this browser does not know (stored by another browser) falls back to its own.
  timeZone: z
    .string()
    .refine(isKnownTimeZone)
    .catch(() => browserTimeZone()),
  dateOrder: z.enum(['month-first', 'day-first']),
  autoAddDriver: z.boolean(),
  edits: z.record(z.string(), fieldValuesSchema),
  removedRowIds: z.array(z.number().int()),
  // Drafts kept before the reasons were recorded name their removed rows without one.
  removalReasons: z.record(z.string(), z.string()).default({}),
  serviceCheck: z
    .object({
      checkedAt: storedTimeSchema,
      results: z.record(z.string(), z.object({ code: z.string(), fingerprint: z.string() })),
    })
    .nullable(),
  submitStartedAt: storedTimeSchema.nullable(),
  submission: z
    .object({
      batchId: z.number().int(),
      submittedAt: storedTimeSchema,
      rowIds: z.array(z.number().int()),
    })
    .nullable(),
}) satisfies z.ZodType<DispatchDraft>;

/**
 * At most ~2 million characters (~4 MB as the browser counts) in session storage, leaving room
 * for the session and the demo. 10,000 typical rows take about 1 million.
 */
export const DRAFT_STORAGE_LIMIT = 2_000_000;

const draftKey = (username: string) => `fleet-console.dispatch-draft.v1.${username}`;

/** The draft kept for this user; `discarded` when one was there but could not be read back. */
export function loadDraft(username: string): StoredRead<DispatchDraft | null> {
  return readStoredJson<DispatchDraft | null>('session', draftKey(username), draftSchema, null);
}

export type DraftStorageOutcome = 'saved' | 'saved-without-rows' | 'not-saved';

/** Keeps the draft; one too large for the limit (or the quota) is kept without its rows. */
export function saveDraft(username: string, draft: DispatchDraft | null): DraftStorageOutcome {
  const key = draftKey(username);
  if (!draft) {
    removeStored('session', key);
    return 'saved';
  }
  if (writeStoredJson('session', key, draft, { maxLength: DRAFT_STORAGE_LIMIT })) return 'saved';
  return writeStoredJson('session', key, { ...draft, table: null })
    ? 'saved-without-rows'
    : 'not-saved';
}

type RowsSource = Pick<DispatchDraft, 'table' | 'mapping' | 'edits' | 'removedRowIds'>;

/** The file's rows with mapped columns and edits applied, those `keep` accepts. */
function mappedRows(draft: RowsSource, keep: (id: number) => boolean): ScheduleRow[] {
  if (!draft.table) return [];
  const rows: ScheduleRow[] = [];
  for (const [id, row] of draft.table.rows.entries()) {
    if (!keep(id)) continue;
    const edits = draft.edits[id];
    const valueOf = (field: DispatchField) => {
      const column = draft.mapping[field];
      return edits?.[field] ?? (column === null ? '' : (row.cells[column] ?? ''));
    };
    const values: ScheduleValues = {
      employeeId: valueOf('employeeId'),
      firstName: valueOf('firstName'),
      lastName: valueOf('lastName'),
      vehicleName: valueOf('vehicleName'),
      start: valueOf('start'),
      end: valueOf('end'),
    };
    rows.push({ id, sourceRow: row.sourceRow, values });
  }
  return rows;
}

/** The rows as the wizard shows them: mapped columns, edits applied, removed rows left out. */
export function scheduleRows(draft: RowsSource): ScheduleRow[] {
  const removed = new Set(draft.removedRowIds);
  return mappedRows(draft, (id) => !removed.has(id));
}

/** A row the user left out of the upload, as it was when removed, and why. */
export interface RemovedRow {
  row: ScheduleRow;
  /** Null for a draft kept before reasons were recorded. */
  reason: string | null;
}

/** The rows removed in the wizard, in file order, with the reason recorded for each. */
export function removedRows(
  draft: RowsSource & Pick<DispatchDraft, 'removalReasons'>,
): RemovedRow[] {
  const removed = new Set(draft.removedRowIds);
  return mappedRows(draft, (id) => removed.has(id)).map((row) => ({
    row,
    reason: draft.removalReasons[row.id] ?? null,
  }));
}
