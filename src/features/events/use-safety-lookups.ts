import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  safetyEventBehaviorsQueryOptions,
  safetyEventDynamicRisksQueryOptions,
  safetyEventStatusesQueryOptions,
  safetyEventTriggersQueryOptions,
  safetyEventTriggerSubtypesQueryOptions,
  type SafetyLookup,
} from '@/api/safety-events';

/** The five lookup lists every event refers to by ID (fetched once per session), for loaders. */
export async function prefetchSafetyLookups(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(safetyEventTriggersQueryOptions()),
    queryClient.prefetchQuery(safetyEventTriggerSubtypesQueryOptions()),
    queryClient.prefetchQuery(safetyEventStatusesQueryOptions()),
    queryClient.prefetchQuery(safetyEventBehaviorsQueryOptions()),
    queryClient.prefetchQuery(safetyEventDynamicRisksQueryOptions()),
  ]);
}

export interface LookupList {
  /** For pickers: `{value, label}` with the ID as a string. */
  options: { value: string; label: string }[];
  /** The list's name, else the event's own copy of it, else the ID ("Status 7 (unknown)"). */
  name: (id: number, embeddedName?: string | null) => string;
}

export interface SafetyLookups {
  triggers: LookupList;
  subtypes: LookupList;
  statuses: LookupList;
  behaviors: LookupList;
  risks: LookupList;
  error: unknown;
}

function useLookupList(data: SafetyLookup[] | undefined, fallbackName: string): LookupList {
  return useMemo(() => {
    const names = new Map((data ?? []).map((lookup) => [lookup.id, lookup.name?.trim() || '']));
    // An ID the loaded list does not hold is shown as sent, marked unknown.
    const name = (id: number, embeddedName?: string | null) =>
      names.get(id) ||
      embeddedName?.trim() ||
      `${fallbackName} ${id}${data && !names.has(id) ? ' (unknown)' : ''}`;
    return {
      options: (data ?? []).map((lookup) => ({ value: String(lookup.id), label: name(lookup.id) })),
      name,
    };
  }, [data, fallbackName]);
}

export function useSafetyLookups(): SafetyLookups {
  const triggers = useQuery(safetyEventTriggersQueryOptions());
  const subtypes = useQuery(safetyEventTriggerSubtypesQueryOptions());
  const statuses = useQuery(safetyEventStatusesQueryOptions());
  const behaviors = useQuery(safetyEventBehaviorsQueryOptions());
  const risks = useQuery(safetyEventDynamicRisksQueryOptions());
  return {
    triggers: useLookupList(triggers.data, 'Trigger'),
    subtypes: useLookupList(subtypes.data, 'Subtype'),
    statuses: useLookupList(statuses.data, 'Status'),
    behaviors: useLookupList(behaviors.data, 'Behaviour'),
    risks: useLookupList(risks.data, 'Risk'),
    error: triggers.error ?? subtypes.error ?? statuses.error ?? behaviors.error ?? risks.error,
  };
}
