import { t } from '@lingui/core/macro';
import { describeValidationCode } from '@/api/driver-assignments';
import type { RowIssue } from './validate-rows';

/**
 * A removed row's problems in the browser check, as one sentence for the results (kept in the
 * language of the moment it was removed, as the draft keeps text).
 */
export function issuesReason(issues: readonly RowIssue[] | undefined): string {
  // A row removed although nothing was wrong with it.
  if (!issues?.length) return t`Removed by hand; it had no problem.`;
  return issues.map((issue) => issue.message).join(' ');
}

/** The service's answer for a removed row, in plain words with its code after. */
export function serviceCodeReason(code: string): string {
  return `${describeValidationCode(code).explanation} (${code})`;
}

/** The reasons for removing `rowIds`, by row ID, as the draft keeps them. */
export function reasonsFor(
  rowIds: readonly number[],
  reasonOf: (rowId: number) => string,
): Record<number, string> {
  return Object.fromEntries(rowIds.map((rowId) => [rowId, reasonOf(rowId)]));
}
