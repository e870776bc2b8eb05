import type { ConsoleLocale } from '@/i18n/locale';
import { workerFailureText } from '@/i18n/worker-language';
import { createRequestHandler } from '@/lib/worker-requests';
import {
  parseScheduleFile,
  READ_FAILED_MESSAGE,
  type ParseFileResult,
  type UploadedFile,
} from './parse-file';
import type { RowProgress } from './row-progress';
import { activateWorkerLocale } from './worker-locale';

/** The upload step's request to its worker: a File (or, in tests, anything with its bytes). */
export interface ReadScheduleRequest {
  file: UploadedFile;
  /** The page's language, for the file's problems. */
  locale: ConsoleLocale;
}

/** Reads the schedule in the worker, reporting the rows read. */
export const handleReadScheduleRequest = createRequestHandler<
  ReadScheduleRequest,
  ParseFileResult,
  RowProgress
>(
  async ({ file, locale }, reportProgress) => {
    await activateWorkerLocale(locale);
    return parseScheduleFile(file, reportProgress);
  },
  () => workerFailureText(READ_FAILED_MESSAGE),
);
