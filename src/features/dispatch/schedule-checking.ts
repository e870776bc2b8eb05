import type { ConsoleLocale } from '@/i18n/locale';
import { workerFailureText } from '@/i18n/worker-language';
import { createRequestHandler } from '@/lib/worker-requests';
import type { RowProgress } from './row-progress';
import {
  CHECK_FAILED_MESSAGE,
  validateScheduleRows,
  type ScheduleCheck,
  type ScheduleCheckOptions,
  type ScheduleRow,
} from './validate-rows';
import { activateWorkerLocale } from './worker-locale';

/** The rows as shown (mapped, edits applied) and how to read their times. */
export interface CheckScheduleRequest {
  rows: readonly ScheduleRow[];
  options: ScheduleCheckOptions;
  /** The page's language, for the rows' problems. */
  locale: ConsoleLocale;
}

/** Checks the rows in the worker, reporting the rows checked. */
export const handleCheckScheduleRequest = createRequestHandler<
  CheckScheduleRequest,
  ScheduleCheck,
  RowProgress
>(
  async ({ rows, options, locale }, reportProgress) => {
    await activateWorkerLocale(locale);
    return validateScheduleRows(rows, options, reportProgress);
  },
  () => workerFailureText(CHECK_FAILED_MESSAGE),
);
