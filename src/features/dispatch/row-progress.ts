/** How far a pass over the schedule's rows has come. */
export interface RowProgress {
  done: number;
  total: number;
}

export type RowProgressListener = (progress: RowProgress) => void;

/** Often enough for a smooth bar, rarely enough that reporting costs nothing. */
export const ROWS_PER_PROGRESS_REPORT = 1000;
