import { z } from '@/api/zod';

/** A submission the user made from this browser, so they can come back to its results. */
export interface RecentSubmission {
  batchId: number;
  submittedAt: number;
  fileName: string;
  entryCount: number;
  /** Entries the service accepted (SUCCESS or I_ codes) when the batch was submitted. */
  acceptedCount: number;
  rejectedCount: number;
}

/** Enough to find yesterday's uploads; older ones are in the service's logs anyway. */
export const MAX_RECENT_SUBMISSIONS = 20;

const recentSubmissionsSchema = z.array(
  z.object({
    batchId: z.number().int(),
    submittedAt: z.number(),
    fileName: z.string(),
    entryCount: z.number().int(),
    acceptedCount: z.number().int(),
    rejectedCount: z.number().int(),
  }),
);

// Local storage, per user: the list outlives the tab, unlike the draft.
const recentKey = (username: string) => `fleet-console.dispatch-recent.v1.${username}`;

export function loadRecentSubmissions(username: string): RecentSubmission[] {
  try {
    const parsed = recentSubmissionsSchema.safeParse(
      JSON.parse(localStorage.getItem(recentKey(username)) ?? '[]'),
    );
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Adds (or replaces) a submission at the top and keeps the newest MAX_RECENT_SUBMISSIONS. */
export function rememberSubmission(
  username: string,
  submission: RecentSubmission,
): RecentSubmission[] {
  const next = [
    submission,
    ...loadRecentSubmissions(username).filter((item) => item.batchId !== submission.batchId),
  ].slice(0, MAX_RECENT_SUBMISSIONS);
  try {
    localStorage.setItem(recentKey(username), JSON.stringify(next));
  } catch {
    // A full or disabled storage only costs the shortcut; the batch itself is on the service.
  }
  return next;
}
