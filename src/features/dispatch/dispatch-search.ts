import { readInt, searchSchema } from '@/lib/search-params';

/** The upload page's address: a submitted batch to follow (re-opened from the recent submissions). */
export const dispatchSearchSchema = searchSchema({
  batch: (value) => readInt(value, { min: 1 }),
});
