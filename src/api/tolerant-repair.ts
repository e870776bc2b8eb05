import type { z } from '@/api/zod';
import {
  isContainer,
  markReadReport,
  markUnreadableFields,
  MAX_DETAILS,
  type ReadReport,
  type UnreadableField,
} from './read-report';
import { readDates, type TolerantRead } from './tolerant-read';

/** Each round mends every issue zod reports; a few rounds settle any answer we have met. */
const MAX_ROUNDS = 12;

function preview(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const expectedWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  object: 'a record',
  array: 'a list',
};

function sentWords(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a record';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'boolean') return 'yes or no';
  return `a ${typeof value}`;
}

/** Why a field could not be read, in words a support person can pass on. */
function describeIssue(issue: z.core.$ZodIssue, sent: unknown): string {
  if (issue.code === 'invalid_type') {
    const expected = expectedWords[issue.expected] ?? issue.expected;
    return `Expected ${expected}, the service sent ${sentWords(sent)}`;
  }
  return issue.message;
}

function isNumericText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

/** An ID-like field: a record without it cannot be acted on, so it is skipped instead. */
function isIdentifier(key: PropertyKey): boolean {
  return typeof key === 'string' && (key === 'id' || /Id$/.test(key) || /^guid$/i.test(key));
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (!isContainer(value)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Reads `json` (a freshly parsed answer, changed in place) with `schema` by the policy in
 * `tolerant-read.ts`, mending what does not match.
 * `operation` names the read in the report ("GET /groups/auditLogs").
 */
export function readTolerantly<T>(
  schema: z.ZodType<T>,
  json: unknown,
  operation: string,
): TolerantRead<T> {
  const input = readDates(json);
  const fieldsMarked = new WeakMap<object, Record<string, UnreadableField>>();
  const attempts = new WeakMap<object, Map<PropertyKey, number>>();
  const details: string[] = [];
  let unreadable = 0;
  let skipped = 0;

  for (let round = 0; round <= MAX_ROUNDS; round++) {
    const result = schema.safeParse(input);
    if (result.success) {
      if (unreadable === 0 && skipped === 0)
        return { success: true, data: result.data, report: null };
      carryMarks(input, result.data, fieldsMarked);
      const report: ReadReport = {
        operation,
        unreadableFields: unreadable,
        skippedRecords: skipped,
        details: details.slice(0, MAX_DETAILS),
      };
      if (isContainer(result.data)) markReadReport(result.data, report);
      return { success: true, data: result.data, report };
    }
    if (round === MAX_ROUNDS) break;

    const drops = new Map<unknown[], Set<number>>();
    let mended = false;
    for (const issue of result.error.issues) {
      const path = issue.path;
      const where = path.map(String).join('.') || '(body)';
      if (path.length === 0) return { success: false, details: [`${where}: ${issue.message}`] };
      const parent = valueAt(input, path.slice(0, -1));
      const key = path[path.length - 1] as PropertyKey;
      if (!isContainer(parent)) continue; // inside a record already dropped this round
      const record = parent as Record<PropertyKey, unknown>;
      const sent = record[key];

      if (issue.code === 'invalid_type') {
        if (
          issue.expected === 'string' &&
          (typeof sent === 'number' || typeof sent === 'boolean')
        ) {
          record[key] = String(sent);
          mended = true;
          continue;
        }
        if (issue.expected === 'number' && isNumericText(sent)) {
          record[key] = Number(sent);
          mended = true;
          continue;
        }
      }

      const tries = attempts.get(parent) ?? new Map<PropertyKey, number>();
      attempts.set(parent, tries);
      const tried = tries.get(key) ?? 0;
      tries.set(key, tried + 1);
      const expectsText = issue.code === 'invalid_type' && issue.expected === 'string';

      if (!Array.isArray(parent) && tried === 0 && sent !== undefined) {
        // Left out of the record, remembered as unreadable.
        const marks = fieldsMarked.get(parent) ?? {};
        marks[String(key)] = { sent: preview(sent), reason: describeIssue(issue, sent) };
        fieldsMarked.set(parent, marks);
        Reflect.deleteProperty(record, key);
        unreadable++;
        details.push(`${where}: ${describeIssue(issue, sent)} (sent: ${preview(sent)})`);
        mended = true;
        continue;
      }
      if (!Array.isArray(parent) && tried <= 1 && expectsText && !isIdentifier(key)) {
        // Required text: kept as empty text so the record stays, still marked unreadable.
        record[key] = '';
        if (!fieldsMarked.get(parent)?.[String(key)]) {
          const marks = fieldsMarked.get(parent) ?? {};
          marks[String(key)] = { sent: 'nothing', reason: describeIssue(issue, undefined) };
          fieldsMarked.set(parent, marks);
          unreadable++;
          details.push(`${where}: ${describeIssue(issue, undefined)}`);
        }
        mended = true;
        continue;
      }
      // The nearest list holding this record: the record is skipped, the list kept.
      const listAt = nearestListIndex(input, path);
      if (listAt === null)
        return {
          success: false,
          details: [`${where}: ${describeIssue(issue, sent)}`, ...details],
        };
      const list = valueAt(input, path.slice(0, listAt)) as unknown[];
      const index = path[listAt] as number;
      const indexes = drops.get(list) ?? new Set<number>();
      if (!indexes.has(index)) {
        indexes.add(index);
        drops.set(list, indexes);
        skipped++;
        // Its fields counted as unreadable go with it: the record is counted once, as skipped.
        const recordAt = path
          .slice(0, listAt + 1)
          .map(String)
          .join('.');
        const dropped = list[index];
        if (isContainer(dropped)) unreadable -= Object.keys(fieldsMarked.get(dropped) ?? {}).length;
        for (let at = details.length - 1; at >= 0; at--) {
          if (details[at]?.startsWith(`${recordAt}.`)) details.splice(at, 1);
        }
        details.push(`${recordAt}: skipped, ${where}: ${describeIssue(issue, sent)}`);
      }
      mended = true;
    }
    for (const [list, indexes] of drops) {
      for (const index of [...indexes].sort((a, b) => b - a)) list.splice(index, 1);
    }
    if (!mended) break;
  }
  const last = schema.safeParse(input);
  const issues = last.success ? [] : last.error.issues;
  return {
    success: false,
    details: issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`),
  };
}

/** Where in `path` the deepest list index is (the record's place in its list), or null. */
function nearestListIndex(root: unknown, path: readonly PropertyKey[]): number | null {
  for (let at = path.length - 1; at >= 0; at--) {
    if (typeof path[at] === 'number' && Array.isArray(valueAt(root, path.slice(0, at)))) return at;
  }
  return null;
}

/**
 * The marks were made on the answer as sent; the schema's result is new objects. They are carried
 * over where the result keeps the answer's shape (a record stays at its place in its list).
 */
function carryMarks(
  input: unknown,
  output: unknown,
  fieldsMarked: WeakMap<object, Record<string, UnreadableField>>,
): void {
  if (!isContainer(input) || !isContainer(output)) return;
  const marks = fieldsMarked.get(input);
  if (marks && !Array.isArray(output)) markUnreadableFields(output, marks);
  if (Array.isArray(input) && Array.isArray(output)) {
    input.forEach((item, index) => carryMarks(item, output[index], fieldsMarked));
  } else if (!Array.isArray(input) && !Array.isArray(output)) {
    for (const key of Object.keys(output)) {
      if (key in input)
        carryMarks(input[key], (output as Record<string, unknown>)[key], fieldsMarked);
    }
  }
}

/** Two reads' reports as one (a list read over several pages); null when neither left anything out. */
