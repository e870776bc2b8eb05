import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import {
  safetyEventCountQueryOptions,
  safetyEventDetailQueryOptions,
  safetyEventPositionQueryOptions,
} from '@/api/safety-events';
import { useToday } from '@/lib/use-today';
import { hasUncountedFilters } from './browser-filters';
import { countFilters, queueParams, type EventsSearch } from './events-search';
import { locateInQueue } from './queue-navigation';
import { useEventQueue } from './use-event-queue';
import { prefetchVehicleName } from './vehicle-name';

/** How far the ID list is searched for a linked event (IDs only, 1,000 per request). */
const MAX_POSITION_SCAN_PAGES = 10;

/**
 * The event's place in the queue it was opened from (the queue's filters travel in the URL), its
 * neighbours with their details prefetched, and next/previous that load further pages as needed.
 */
export function useQueueNeighbours(eventId: string, search: EventsSearch) {
  const { t } = useLingui();
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
  /** The event on which "next" was pressed while the queue's next page was still loading. */
  const [waitingOn, setWaitingOn] = useState<string | null>(null);
  const [edgeMessage, setEdgeMessage] = useState<string | null>(null);
  // Another event is shown (the wait went there, or the reader moved on): the wait is over.
  if (waitingOn !== null && waitingOn !== eventId) setWaitingOn(null);
  const waitingForNext = waitingOn === eventId;

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
      if (!id) continue;
      // With its vehicle's name, so the neighbour shows whole at once, not with a placeholder.
      void queryClient
        .fetchQuery(safetyEventDetailQueryOptions(id))
        .then((neighbour) =>
          neighbour.vehicleId ? prefetchVehicleName(queryClient, neighbour.vehicleId) : undefined,
        )
        .catch(() => undefined);
    }
  }, [nextId, previousId, queryClient]);

  const goTo = (id: string) =>
    void navigate({ to: '/events/$eventId', params: { eventId: id }, search });

  const step = (direction: 1 | -1) => {
    setEdgeMessage(null);
    const target = direction === 1 ? nextId : previousId;
    if (target) goTo(target);
    else if (direction === 1 && found?.needsMore) setWaitingOn(eventId);
    else if (found) {
      setEdgeMessage(
        direction === 1
          ? t`This is the last event in the queue.`
          : t`This is the first event in the queue.`,
      );
    }
  };

  // "Next" pressed while the next page was still loading: go once it is in, or say there is none.
  if (waitingForNext && found && !found.nextId && (!found.needsMore || isFetchNextPageError)) {
    setWaitingOn(null);
    if (!found.needsMore) setEdgeMessage(t`This is the last event in the queue.`);
  }
  const arrivedNextId = waitingForNext ? nextId : null;
  useEffect(() => {
    if (arrivedNextId) {
      void navigate({ to: '/events/$eventId', params: { eventId: arrivedNextId }, search });
    }
  }, [arrivedNextId, navigate, search]);

  return {
    place,
    /**
     * Matches on the service for the queue's filters; unknown while a filter only the browser
     * applies (dynamic risk, a coaching backlog) narrows the queue, as the service counts without it.
     */
    total: hasUncountedFilters(search) ? undefined : countQuery.data,
    queueError: query.error && !query.data ? query.error : null,
    positionError: positionQuery.error,
    retryQueue: () => void query.refetch(),
    nextId,
    previousId,
    loadingNext: waitingForNext,
    edgeMessage,
    next: () => step(1),
    previous: () => step(-1),
  };
}
