import { createRequestHandler } from '@/lib/worker-requests';
import {
  parseScheduleFile,
  READ_FAILED_MESSAGE,
  type ParseFileResult,
  type UploadedFile,
} from './parse-file';
import type { RowProgress } from './row-progress';

/** The upload step's request to its worker: a File (or, in tests, anything with its bytes). */
export interface ReadScheduleRequest {
  file: UploadedFile;
}

/** Reads the schedule in the worker, reporting the rows read. */
export const handleReadScheduleRequest = createRequestHandler<
  ReadScheduleRequest,
  ParseFileResult,
  RowProgress
>(
  ({ file }, reportProgress) => parseScheduleFile(file, reportProgress),
  () => READ_FAILED_MESSAGE,
);
