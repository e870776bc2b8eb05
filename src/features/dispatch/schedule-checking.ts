import { createRequestHandler } from '@/lib/worker-requests';
import type { RowProgress } from './row-progress';
import {
  CHECK_FAILED_MESSAGE,
  validateScheduleRows,
  type ScheduleCheck,
  type ScheduleCheckOptions,
  type ScheduleRow,
} from './validate-rows';

/** The rows as shown (mapped, edits applied) and how to read their times. */
export interface CheckScheduleRequest {
  rows: readonly ScheduleRow[];
  options: ScheduleCheckOptions;
}

/** Checks the rows in the worker, reporting the rows checked. */
export const handleCheckScheduleRequest = createRequestHandler<
  CheckScheduleRequest,
  ScheduleCheck,
  RowProgress
>(
  ({ rows, options }, reportProgress) => validateScheduleRows(rows, options, reportProgress),
  () => CHECK_FAILED_MESSAGE,
);
