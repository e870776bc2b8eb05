import { isAwaitingCoaching, type SafetyEvent } from '@/api/safety-events';
import { NO_COACH } from './events-search';

/** Filters the service cannot apply to the metadata list, so the queue applies them itself. */
export interface BrowserFilters {
  subtypes?: readonly number[];
  /** An event matches when it carries any of these dynamic risks. */
  risks?: readonly number[];
  /** A coach's user ID, or `none` for events without a coach (the coaching backlog's rows). */
  coach?: string;
  /** Only events awaiting coaching (see `isAwaitingCoaching`). */
  awaitingCoaching?: boolean;
}

type FilterableEvent = Pick<
  SafetyEvent,
  | 'eventTriggerSubTypeId'
  | 'dynamicRisks'
  | 'coachId'
  | 'coachedDate'
  | 'isCoachable'
  | 'coachingOverdueDate'
>;

export function hasBrowserFilters(filters: BrowserFilters): boolean {
  return (
    (filters.subtypes?.length ?? 0) > 0 ||
    (filters.risks?.length ?? 0) > 0 ||
    !!filters.coach ||
    !!filters.awaitingCoaching
  );
}

/** Filters that the ID list's count leaves out too (it takes subtypes, nothing else here). */
export function hasUncountedFilters(filters: BrowserFilters): boolean {
  return (filters.risks?.length ?? 0) > 0 || !!filters.coach || !!filters.awaitingCoaching;
}

function coachMatches(event: FilterableEvent, coach: string): boolean {
  if (coach === NO_COACH) return !event.coachId;
  // The service compares GUIDs without case.
  return event.coachId?.toLowerCase() === coach.toLowerCase();
}

export function applyBrowserFilters<T extends FilterableEvent>(
  events: readonly T[],
  filters: BrowserFilters,
): readonly T[] {
  if (!hasBrowserFilters(filters)) return events;
  const subtypes = filters.subtypes?.length ? new Set(filters.subtypes) : null;
  const risks = filters.risks?.length ? new Set(filters.risks) : null;
  const { coach, awaitingCoaching } = filters;
  return events.filter(
    (event) =>
      (!subtypes || subtypes.has(event.eventTriggerSubTypeId)) &&
      (!risks || (event.dynamicRisks ?? []).some((risk) => risks.has(risk.id))) &&
      (!coach || coachMatches(event, coach)) &&
      (!awaitingCoaching || isAwaitingCoaching(event)),
  );
}
