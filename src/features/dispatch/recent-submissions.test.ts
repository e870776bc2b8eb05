// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  loadRecentSubmissions,
  MAX_RECENT_SUBMISSIONS,
  rememberSubmission,
  type RecentSubmission,
} from './recent-submissions';

const submission = (batchId: number): RecentSubmission => ({
  batchId,
  submittedAt: 1_700_000_000_000 + batchId,
  fileName: 'schedule.csv',
  entryCount: 6,
  acceptedCount: 5,
  rejectedCount: 1,
});

describe('recent submissions', () => {
  it('lists the newest first, per user, without repeats, and keeps the last 20', () => {
    for (let batchId = 1; batchId <= MAX_RECENT_SUBMISSIONS + 5; batchId++)
      rememberSubmission('dan.okafor', submission(batchId));
    rememberSubmission('dan.okafor', { ...submission(10), rejectedCount: 0 });
    const list = loadRecentSubmissions('dan.okafor').value;
    expect(list).toHaveLength(MAX_RECENT_SUBMISSIONS);
    expect(list[0]).toEqual({ ...submission(10), rejectedCount: 0 });
    expect(list.filter((item) => item.batchId === 10)).toHaveLength(1);
    expect(list[1]!.batchId).toBe(25);
    expect(loadRecentSubmissions('maria.lopez')).toEqual({ value: [], discarded: false });
  });

  it('treats damaged storage as an empty list, and clears it', () => {
    const key = 'fleet-console.dispatch-recent.v1.dan.okafor';
    localStorage.setItem(key, '[{"batchId":"x"}]');
    expect(loadRecentSubmissions('dan.okafor')).toEqual({ value: [], discarded: true });
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('refuses a time no date can hold, which would break the page that shows it', () => {
    localStorage.setItem(
      'fleet-console.dispatch-recent.v1.dan.okafor',
      JSON.stringify([{ ...submission(1), submittedAt: 1e300 }]),
    );
    expect(loadRecentSubmissions('dan.okafor')).toEqual({ value: [], discarded: true });
  });
});
