import type { QueryClient } from '@tanstack/react-query';
import { deviceListQueryOptions } from '@/api/devices';
import { allGroupsQueryOptions } from '@/api/groups';
import {
  safetyEventCountQueryOptions,
  safetyEventListQueryOptions,
  safetyEventStatusesQueryOptions,
  safetyEventTriggersQueryOptions,
  type SafetyEventIdFilters,
  type SafetyEventQueueParams,
  type SafetyLookup,
} from '@/api/safety-events';
import { currentUserQueryOptions, rolesQueryOptions } from '@/api/users';
import { vehicleListQueryOptions } from '@/api/vehicles';
import { z } from '@/api/zod';
import { today } from '@/lib/local-date';
import { readStoredJson, writeStoredJson } from '@/lib/stored-json';

const countOnly = { pageIndex: 0, pageSize: 1 };
/** The review queue's default range, so each number here is the total of the queue it opens. */
export const RECENT_DAYS = 7;
const RECENT_EVENT_ROWS = 8;

/** The review queue's URL filters that the overview links to. */
export interface QueueLinkSearch {
  statuses?: number[];
  groupId?: string;
}

/** The group the overview counts (with its subgroups); absent for the whole company. */
export interface OverviewGroupScope {
  groupId?: string;
}

/** The list filters of a group scope, as the vehicle and device lists read their `groupId`. */
function listScope({ groupId }: OverviewGroupScope) {
  return groupId ? { groupId, includeSubgroups: true } : {};
}

/**
 * The review queue's own reading of its URL filters, handed in by the route (areas do not import
 * each other), so each count here uses exactly the request of the queue its link opens.
 */
export interface EventQueueFilters {
  countFilters: (search: QueueLinkSearch, today: Date) => SafetyEventIdFilters;
  queueParams: (search: QueueLinkSearch, today: Date) => SafetyEventQueueParams;
}

/** The review queue as it opens by default: the last seven days, newest first. */
export const defaultQueue: QueueLinkSearch = {};

/** Today where the reader's clock is: the same date for the route's prefetch and the page, so keys match. */
export function startOfToday(): Date {
  return today();
}

/** Statuses that still need a reviewer or coach (the service does not flag them itself). */
const CLOSED_STATUS_PATTERN = /resolved|coached|closed|dismissed|complete/i;

/**
 * The IDs of the open statuses, or null when the list cannot tell them: an empty list, or an
 * entry without a name (a count made from it would be 0, or count closed events as open).
 */
export function openStatusIds(statuses: readonly SafetyLookup[]): number[] | null {
  if (statuses.length === 0 || statuses.some((status) => !status.name?.trim())) return null;
  return statuses
    .filter((status) => !CLOSED_STATUS_PATTERN.test(status.name ?? ''))
    .map((status) => status.id)
    .sort((a, b) => a - b);
}

/**
 * The open statuses this browser read last time. The contract does not publish the status list,
 * so this is only a guess to start the count with; the page shows a count only for the statuses
 * the service has just listed.
 */
const REMEMBERED_OPEN_STATUSES_KEY = 'fleet-console.open-event-statuses';

const rememberedStatusesSchema = z.array(z.number().int()).min(1).nullable();

export function rememberedOpenStatusIds(): number[] | null {
  return readStoredJson('local', REMEMBERED_OPEN_STATUSES_KEY, rememberedStatusesSchema, null)
    .value;
}

/** Without storage the next sign-in simply waits for the statuses before counting. */
export function rememberOpenStatusIds(ids: readonly number[]): void {
  writeStoredJson('local', REMEMBERED_OPEN_STATUSES_KEY, ids);
}

export const overviewQueries = {
  vehicles: (scope: OverviewGroupScope = {}) =>
    vehicleListQueryOptions({ page: countOnly, ...listScope(scope) }),
  devices: (scope: OverviewGroupScope = {}) =>
    deviceListQueryOptions({ page: countOnly, ...listScope(scope) }),
  statuses: () => safetyEventStatusesQueryOptions(),
  triggers: () => safetyEventTriggersQueryOptions(),
  /** The queue page counts with the same filters (and so the same cached query) as this card. */
  openEvents: (
    eventQueue: EventQueueFilters,
    openStatuses: number[],
    today: Date,
    scope: OverviewGroupScope = {},
  ) =>
    safetyEventCountQueryOptions(
      eventQueue.countFilters({ statuses: openStatuses, ...scope }, today),
    ),
  /** The first rows of the default queue, so "Open the review queue" continues this list. */
  recentEvents: (eventQueue: EventQueueFilters, today: Date, scope: OverviewGroupScope = {}) =>
    safetyEventListQueryOptions({
      ...eventQueue.queueParams({ ...defaultQueue, ...scope }, today),
      page: { pageIndex: 0, pageSize: RECENT_EVENT_ROWS },
    }),
};

/**
 * Starts every request of the overview at once, before the page draws: right after sign-in that
 * saves a round trip. The open-events count needs the open statuses, so it starts with the ones
 * remembered from the last visit (beside the statuses) and again, only if they differ, as soon as
 * the statuses arrive. The statuses go first: the count waits on them, and answers of requests
 * sent together do not all arrive at once. The company-wide counts are started before the page
 * knows whether the user acts in only one group (then it counts that group instead).
 */
export function prefetchOverview(
  queryClient: QueryClient,
  eventQueue: EventQueueFilters,
  username: string | null,
): void {
  const today = startOfToday();
  const knownStatuses = queryClient.getQueryData(overviewQueries.statuses().queryKey);
  const guess = knownStatuses ? null : rememberedOpenStatusIds();
  queryClient
    .fetchQuery(overviewQueries.statuses())
    .then((statuses) => {
      const open = openStatusIds(statuses);
      if (!open?.length) return;
      rememberOpenStatusIds(open);
      return queryClient.prefetchQuery(overviewQueries.openEvents(eventQueue, open, today));
    })
    // The page shows a failure from its own queries.
    .catch(() => undefined);
  if (guess) void queryClient.prefetchQuery(overviewQueries.openEvents(eventQueue, guess, today));

  void queryClient.prefetchQuery(overviewQueries.vehicles());
  void queryClient.prefetchQuery(overviewQueries.devices());
  void queryClient.prefetchQuery(overviewQueries.triggers());
  void queryClient.prefetchQuery(overviewQueries.recentEvents(eventQueue, today));
  // What decides the scope the page counts (useOverviewScope), so it does not wait a round trip.
  if (username) {
    void queryClient.prefetchQuery(currentUserQueryOptions(username));
    void queryClient.prefetchQuery(rolesQueryOptions());
    void queryClient.prefetchQuery(allGroupsQueryOptions());
  }
}
