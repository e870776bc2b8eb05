import { t } from '@lingui/core/macro';
import { describeValidationCode, type SubmissionResult } from '@/api/driver-assignments';
import type { CsvValue } from '@/lib/csv-export';
import { DISPATCH_FIELDS } from './dispatch-fields';
import { templateHeaders } from './dispatch-templates';
import type { ScheduleRow } from './validate-rows';

/** One entry of a processed submission, with the uploaded row it came from when known. */
export interface ResultRecord {
  index: number;
  result: SubmissionResult;
  /** The row as the user uploaded it, when this browser still holds the draft. */
  source: ScheduleRow | undefined;
  failed: boolean;
}

/** Results paired with their rows (same order as sent), the rejected ones first. */
export function resultRecords(
  results: readonly SubmissionResult[],
  sourceRows: readonly (ScheduleRow | undefined)[] | undefined,
): ResultRecord[] {
  const records = results.map((result, index) => ({
    index,
    result,
    source: sourceRows?.[index],
    failed: describeValidationCode(result.responseCodeId).kind === 'error',
  }));
  return [
    ...records.filter((record) => record.failed),
    ...records.filter((record) => !record.failed),
  ];
}

/**
 * The rejected rows as a sheet that uploads again: the template columns (as the user typed them
 * when the draft is still here, else as the service echoed them) plus the code and its meaning.
 */
export function failedRowsSheet(records: readonly ResultRecord[]): CsvValue[][] {
  return [
    [...templateHeaders(), t`Code`, t`Problem`],
    ...records
      .filter((record) => record.failed)
      .map(({ result, source }) => [
        ...(source
          ? DISPATCH_FIELDS.map((field) => source.values[field])
          : [
              result.employeeId,
              result.driverFirstName,
              result.driverLastName,
              result.vehicleName,
              result.startDate,
              result.endDate,
            ]),
        result.responseCodeId,
        describeValidationCode(result.responseCodeId).explanation,
      ]),
  ];
}
