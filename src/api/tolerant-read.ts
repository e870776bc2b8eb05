import type { z } from '@/api/zod';
import { isContainer, type ReadReport } from './read-report';

/**
 * Read tolerantly: the service's answers are read by one policy, so that one field the console
 * did not expect never costs a record, and one record never costs a list.
 *
 * - A number where text is declared is read as its text; text where a number is declared is read
 *   when it is one.
 * - `0001-01-01T00:00:00` (.NET's empty date) and the like are "not set" (null); a date-time with
 *   no zone is read as UTC.
 * - Any other field that does not match is left out of the record and kept as unreadable (what was
 *   sent and why), for the page to show as "—" with the reason. A required text field that cannot
 *   be read is kept as empty text, marked the same way.
 * - A record that still cannot be read (its ID, or a shape the schema cannot take) is skipped, and
 *   counted.
 * - Only when the answer as a whole cannot be read does the read fail.
 */

export type TolerantRead<T> =
  { success: true; data: T; report: ReadReport | null } | { success: false; details: string[] };

const ZONELESS_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
/** .NET's DateTime.MinValue, with or without a time, fraction or zone. */
const EMPTY_DATE = /^0001-01-01(T00:00(:00(\.0+)?)?(Z|[+-]00:?00)?)?$/;

/** `0001-01-01T00:00:00` → null (not set); `2024-09-06T22:26:09.84` → UTC; anything else as is. */
export function readServiceDate(text: string): string | null {
  if (EMPTY_DATE.test(text)) return null;
  if (ZONELESS_DATE_TIME.test(text)) return `${text}Z`;
  return text;
}

/** Reads every date in a freshly parsed answer by `readServiceDate`, in place. */
export function readDates(value: unknown): unknown {
  if (typeof value === 'string') return readServiceDate(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = readDates(value[index]);
  } else if (isContainer(value)) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = readDates(record[key]);
  }
  return value;
}

/**
 * Reads a freshly parsed answer by the policy above. An answer that matches (nearly all) is read
 * here; the mending of one that does not loads with its first use (`tolerant-repair.ts`), so the
 * sign-in page does not carry it.
 */
export async function readAnswer<T>(
  schema: z.ZodType<T>,
  json: unknown,
  operation: string,
): Promise<TolerantRead<T>> {
  const input = readDates(json);
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data, report: null };
  const { readTolerantly } = await import('./tolerant-repair');
  return readTolerantly(schema, input, operation);
}
