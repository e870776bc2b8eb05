import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
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

/** What an unnamed ID is called: "Status 7", or "Status 7 (unknown)" when the list lacks it. */
interface FallbackNames {
  known: (id: number) => MessageDescriptor;
  unknown: (id: number) => MessageDescriptor;
}

const fallbackNames = {
  trigger: { known: (id) => msg`Trigger ${id}`, unknown: (id) => msg`Trigger ${id} (unknown)` },
  subtype: { known: (id) => msg`Subtype ${id}`, unknown: (id) => msg`Subtype ${id} (unknown)` },
  status: { known: (id) => msg`Status ${id}`, unknown: (id) => msg`Status ${id} (unknown)` },
  behaviour: {
    known: (id) => msg`Behaviour ${id}`,
    unknown: (id) => msg`Behaviour ${id} (unknown)`,
  },
  risk: { known: (id) => msg`Risk ${id}`, unknown: (id) => msg`Risk ${id} (unknown)` },
} satisfies Record<string, FallbackNames>;

function useLookupList(data: SafetyLookup[] | undefined, fallback: FallbackNames): LookupList {
  // `_` changes with the language, so the names are made again in the new one.
  const { _ } = useLingui();
  return useMemo(() => {
    const names = new Map((data ?? []).map((lookup) => [lookup.id, lookup.name?.trim() || '']));
    // An ID the loaded list does not hold is shown as sent, marked unknown.
    const name = (id: number, embeddedName?: string | null) =>
      names.get(id) ||
      embeddedName?.trim() ||
      _((data && !names.has(id) ? fallback.unknown : fallback.known)(id));
    return {
      options: (data ?? []).map((lookup) => ({ value: String(lookup.id), label: name(lookup.id) })),
      name,
    };
  }, [data, fallback, _]);
}

export function useSafetyLookups(): SafetyLookups {
  const triggers = useQuery(safetyEventTriggersQueryOptions());
  const subtypes = useQuery(safetyEventTriggerSubtypesQueryOptions());
  const statuses = useQuery(safetyEventStatusesQueryOptions());
  const behaviors = useQuery(safetyEventBehaviorsQueryOptions());
  const risks = useQuery(safetyEventDynamicRisksQueryOptions());
  return {
    triggers: useLookupList(triggers.data, fallbackNames.trigger),
    subtypes: useLookupList(subtypes.data, fallbackNames.subtype),
    statuses: useLookupList(statuses.data, fallbackNames.status),
    behaviors: useLookupList(behaviors.data, fallbackNames.behaviour),
    risks: useLookupList(risks.data, fallbackNames.risk),
    error: triggers.error ?? subtypes.error ?? statuses.error ?? behaviors.error ?? risks.error,
  };
}
