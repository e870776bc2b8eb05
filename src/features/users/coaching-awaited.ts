import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_BACKLOG_DAYS } from '@/api/coaching-backlog-window';
import { coachingBacklogQueryOptions, isAwaitingCoaching } from '@/api/safety-events';
import { lastLocalDays } from '@/lib/local-date';

/**
 * Events in the coaching backlog's default window whose coach is this user and that await
 * coaching; null when the events could not be read. The public API cannot ask by coach, so the
 * window's events are read (as the backlog page reads them) and counted here.
 */
export async function countCoachingAwaitedFrom(
  queryClient: QueryClient,
  userId: string,
): Promise<number | null> {
  try {
    const events = await queryClient.fetchQuery(
      coachingBacklogQueryOptions(lastLocalDays(DEFAULT_BACKLOG_DAYS)),
    );
    const lower = userId.toLowerCase();
    return events.items.filter(
      (event) => event.coachId?.toLowerCase() === lower && isAwaitingCoaching(event),
    ).length;
  } catch {
    return null;
  }
}
