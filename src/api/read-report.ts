// What a tolerant read (tolerant-read.ts) left out, kept on the records and answers it gave: small
// and read by every list, so it loads with the sign-in page while the reading itself does not.

/** A field the console could not read: left out of its record, shown as "—" with why. */
export interface UnreadableField {
  /** What the service sent, as short text. */
  sent: string;
  /** Why it could not be read, in words. */
  reason: string;
}

/** What a read left out, for the list's notice and for whoever supports the user. */
export interface ReadReport {
  /** "GET /groups/auditLogs". */
  operation: string;
  unreadableFields: number;
  skippedRecords: number;
  /** The first few, each as "data.3.employeeId: why (sent: …)". */
  details: string[];
}

const UNREADABLE = Symbol('unreadable fields');
const READ_REPORT = Symbol('read report');
/** How many of a report's details are kept. */
export const MAX_DETAILS = 8;

export type Container = Record<PropertyKey, unknown> | unknown[];

export function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

/** The fields of `record` the console could not read, by field name; undefined when none. */
export function unreadableFields(
  record: unknown,
): Readonly<Record<string, UnreadableField>> | undefined {
  if (!isContainer(record)) return undefined;
  return (record as { [UNREADABLE]?: Record<string, UnreadableField> })[UNREADABLE];
}

/** One field of `record` the console could not read, or undefined. */
export function unreadableField(record: unknown, field: string): UnreadableField | undefined {
  return unreadableFields(record)?.[field];
}

/** What the read that gave `value` left out; null when it read everything. */
export function readReportOf(value: unknown): ReadReport | null {
  if (!isContainer(value)) return null;
  return (value as { [READ_REPORT]?: ReadReport })[READ_REPORT] ?? null;
}

/**
 * Symbol keys never reach JSON, so the marks never travel back to the service. A record's marks
 * are enumerable, so they survive the spreads pages make of records (`{...entry, rowKey}`); the
 * answer's report is not, so an answer compares equal to the same data read cleanly.
 */
function mark(target: object, key: symbol, value: unknown, enumerable: boolean): void {
  Object.defineProperty(target, key, { value, enumerable, configurable: true, writable: true });
}

/** Keeps a record's unreadable fields on it (see `unreadableFields`). */
export function markUnreadableFields(
  record: object,
  fields: Record<string, UnreadableField>,
): void {
  mark(record, UNREADABLE, fields, true);
}

/** Keeps what a read left out on the answer it gave (see `readReportOf`). */
export function markReadReport(answer: object, report: ReadReport): void {
  mark(answer, READ_REPORT, report, false);
}

export function mergeReadReports(
  first: ReadReport | null | undefined,
  second: ReadReport | null | undefined,
): ReadReport | null {
  if (!first) return second ?? null;
  if (!second) return first;
  return {
    operation: first.operation,
    unreadableFields: first.unreadableFields + second.unreadableFields,
    skippedRecords: first.skippedRecords + second.skippedRecords,
    details: [...first.details, ...second.details].slice(0, MAX_DETAILS),
  };
}
