import type { SafetyEvent } from '@/api/safety-events';

/** Filters the service cannot apply to the metadata list, so the queue applies them itself. */
export interface BrowserFilters {
  subtypes?: readonly number[];
  /** An event matches when it carries any of these dynamic risks. */
  risks?: readonly number[];
}

type FilterableEvent = Pick<SafetyEvent, 'eventTriggerSubTypeId' | 'dynamicRisks'>;

export function hasBrowserFilters(filters: BrowserFilters): boolean {
  return (filters.subtypes?.length ?? 0) > 0 || (filters.risks?.length ?? 0) > 0;
}

export function applyBrowserFilters<T extends FilterableEvent>(
  events: readonly T[],
  filters: BrowserFilters,
): readonly T[] {
  if (!hasBrowserFilters(filters)) return events;
  const subtypes = filters.subtypes?.length ? new Set(filters.subtypes) : null;
  const risks = filters.risks?.length ? new Set(filters.risks) : null;
  return events.filter(
    (event) =>
      (!subtypes || subtypes.has(event.eventTriggerSubTypeId)) &&
      (!risks || (event.dynamicRisks ?? []).some((risk) => risks.has(risk.id))),
  );
}
