import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import {
  safetyEventCountQueryOptions,
  safetyEventDetailQueryOptions,
  safetyEventPositionQueryOptions,
} from '@/api/safety-events';
import { countFilters, queueParams, type EventsSearch } from './events-search';
import { locateInQueue } from './queue-navigation';
import { useEventQueue, useToday } from './use-event-queue';

/** How far the ID list is searched for a linked event (IDs only, 1,000 per request). */
const MAX_POSITION_SCAN_PAGES = 10;

/**
 * The event's place in the queue it was opened from (the queue's filters travel in the URL), its
 * neighbours with their details prefetched, and next/previous that load further pages as needed.
 */
export function useQueueNeighbours(eventId: string, search: EventsSearch) {
  const today = useToday();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { query, loaded, events } = useEventQueue(search, today);
  const countQuery = useQuery(safetyEventCountQueryOptions(countFilters(search, today)));
  const ids = useMemo(() => events.map((event) => event.id), [events]);
  const snapshot = {
    ids,
    loadedCount: loaded.length,
    hasMore: !!query.hasNextPage,
    pending: query.isPending,
  };
  // A linked event may sit far down the queue: the light ID list says where, or that it is not there.
  const needsPosition = locateInQueue(snapshot, eventId, undefined).kind === 'needs-position';
  const positionQuery = useQuery({
    ...safetyEventPositionQueryOptions(
      queueParams(search, today),
      eventId,
      MAX_POSITION_SCAN_PAGES,
    ),
    enabled: needsPosition,
  });
  const place = locateInQueue(snapshot, eventId, positionQuery.data);
  const [pending, setPending] = useState<1 | -1 | null>(null);
  const [edgeMessage, setEdgeMessage] = useState<string | null>(null);

  const { isFetching, isFetchNextPageError, fetchNextPage } = query;
  const wantsMore = place.kind === 'needs-more' || (place.kind === 'found' && place.needsMore);
  useEffect(() => {
    if (wantsMore && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [wantsMore, isFetching, isFetchNextPageError, fetchNextPage]);

  const found = place.kind === 'found' ? place : null;
  const nextId = found?.nextId ?? null;
  const previousId = found?.previousId ?? null;
  useEffect(() => {
    for (const id of [nextId, previousId]) {
      if (id) void queryClient.prefetchQuery(safetyEventDetailQueryOptions(id));
    }
  }, [nextId, previousId, queryClient]);

  const goTo = (id: string) =>
    void navigate({ to: '/events/$eventId', params: { eventId: id }, search });

  const step = (direction: 1 | -1) => {
    setEdgeMessage(null);
    const target = direction === 1 ? nextId : previousId;
    if (target) goTo(target);
    else if (direction === 1 && found?.needsMore) setPending(1);
    else if (found) {
      setEdgeMessage(
        direction === 1
          ? 'This is the last event in the queue.'
          : 'This is the first event in the queue.',
      );
    }
  };

  // "Next" pressed while the next page was still loading: go once it is in.
  useEffect(() => {
    if (pending === null || !found) return;
    if (found.nextId) {
      setPending(null);
      void navigate({ to: '/events/$eventId', params: { eventId: found.nextId }, search });
    } else if (!found.needsMore || isFetchNextPageError) {
      setPending(null);
      if (!found.needsMore) setEdgeMessage('This is the last event in the queue.');
    }
  }, [pending, found, isFetchNextPageError, navigate, search]);

  return {
    place,
    /** Matches on the service for the queue's filters (subtype included, dynamic risk not). */
    total: countQuery.data,
    queueError: query.error && !query.data ? query.error : null,
    positionError: positionQuery.error,
    retryQueue: () => void query.refetch(),
    nextId,
    previousId,
    loadingNext: pending !== null,
    edgeMessage,
    next: () => step(1),
    previous: () => step(-1),
  };
}
