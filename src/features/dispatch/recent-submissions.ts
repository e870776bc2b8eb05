import { storedTimeSchema, z } from '@/api/zod';
import { readStoredJson, writeStoredJson, type StoredRead } from '@/lib/stored-json';

/** A submission the user made from this browser, so they can come back to its results. */
export interface RecentSubmission {
  batchId: number;
  submittedAt: number;
  fileName: string;
  entryCount: number;
  /** Entries the service accepted (SUCCESS or I_ codes) when the batch was submitted. */
  acceptedCount: number;
  rejectedCount: number;
  /** Rows of the file the user removed in the wizard, so never sent (absent in older records). */
  removedCount?: number;
}

/** Enough to find yesterday's uploads; older ones are in the service's logs anyway. */
export const MAX_RECENT_SUBMISSIONS = 20;

const recentSubmissionsSchema = z.array(
  z.object({
    batchId: z.number().int(),
    submittedAt: storedTimeSchema,
    fileName: z.string(),
    entryCount: z.number().int(),
    acceptedCount: z.number().int(),
    rejectedCount: z.number().int(),
    removedCount: z.number().int().min(0).optional(),
  }),
);

// Local storage, per user: the list outlives the tab, unlike the draft.
const recentKey = (username: string) => `fleet-console.dispatch-recent.v1.${username}`;

/** This user's recent submissions; `discarded` when a stored list was there but unreadable. */
export function loadRecentSubmissions(username: string): StoredRead<RecentSubmission[]> {
  return readStoredJson('local', recentKey(username), recentSubmissionsSchema, []);
}

/** Adds (or replaces) a submission at the top and keeps the newest MAX_RECENT_SUBMISSIONS. */
export function rememberSubmission(
  username: string,
  submission: RecentSubmission,
): RecentSubmission[] {
  const next = [
    submission,
    ...loadRecentSubmissions(username).value.filter((item) => item.batchId !== submission.batchId),
  ].slice(0, MAX_RECENT_SUBMISSIONS);
  // A full or disabled storage only costs the shortcut; the batch itself is on the service.
  writeStoredJson('local', recentKey(username), next);
  return next;
}
