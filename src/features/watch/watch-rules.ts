import { plural } from '@lingui/core/macro';
import type { SafetyEvent } from '@/api/safety-events';
import { storedTimeSchema, z } from '@/api/zod';
import { isGuid } from '@/lib/guid';

/*
 * What's new: a user's watch rules and what they have seen, kept in this browser. Pure: the
 * store, the check and the header build on these functions.
 */

/** One rule: every part it names must match (an empty part matches anything). */
const watchRuleSchema = z.object({
  id: z.string().min(1).max(100),
  triggerIds: z.array(z.number().int().min(0)),
  minimumScore: z.number().int().min(0).max(100).nullable(),
  /** An event in one of these groups or below them matches; each is sent to the service. */
  groupIds: z.array(z.string().refine(isGuid, 'Not a group ID')),
});
export type WatchRule = z.infer<typeof watchRuleSchema>;

export const watchStateSchema = z.object({
  rules: z.array(watchRuleSchema),
  /** Epoch ms: events created after this and not opened are new; "Mark all seen" moves it. */
  since: storedTimeSchema.nullable(),
  /** Lower-cased IDs of new events already opened (bounded; older ones drop off). */
  seenIds: z.array(z.string()),
  /** Lower-cased IDs a desktop notification has already named (bounded likewise). */
  notifiedIds: z.array(z.string()),
  /** The user turned desktop notifications on (the browser's permission is asked separately). */
  notify: z.boolean(),
});
export type WatchState = z.infer<typeof watchStateSchema>;

/** What reading a stored watch state had to leave out, for the one notice that says so. */
export interface WatchStateRead {
  state: WatchState;
  /** Rules that could not be read (and are dropped rather than sent to the service). */
  droppedRules: number;
  /** The last look was not a time a date can hold, and is started again. */
  droppedSince: boolean;
}

/**
 * A stored watch state, checked part by part: storage is input, and a rule whose group is not a
 * group ID would be sent to the service every minute. An unreadable rule is dropped whole (without
 * its group it would match every group); the rest is kept. Not an object at all fails, and the
 * storage helper removes it.
 */
export function storedWatchStateSchema(now: number) {
  return z
    .object({
      rules: z.array(z.unknown()),
      since: z.unknown(),
      seenIds: z.array(z.string()).catch([]),
      notifiedIds: z.array(z.string()).catch([]),
      notify: z.boolean().catch(false),
    })
    .transform(({ rules: storedRules, since: storedSince, ...rest }): WatchStateRead => {
      const rules = storedRules.flatMap((rule) => {
        const read = watchRuleSchema.safeParse(rule);
        return read.success ? [read.data] : [];
      });
      const sinceRead = storedTimeSchema.nullable().safeParse(storedSince);
      // A last look in the future would hide every event until then.
      const since = sinceRead.success && (sinceRead.data ?? 0) <= now ? sinceRead.data : undefined;
      return {
        state: {
          ...rest,
          rules,
          since: since !== undefined ? since : rules.length > 0 ? now - FIRST_LOOK_BACK_MS : null,
        },
        droppedRules: storedRules.length - rules.length,
        droppedSince: since === undefined,
      };
    });
}

export const emptyWatchState: WatchState = {
  rules: [],
  since: null,
  seenIds: [],
  notifiedIds: [],
  notify: false,
};

/** The first check after the first rule lists the day before it, so a rule shows what it finds. */
export const FIRST_LOOK_BACK_MS = 24 * 60 * 60_000;
/** A check never reaches back further than this, however long the console was closed. */
export const MAX_LOOK_BACK_MS = 7 * 24 * 60 * 60_000;
/** The most IDs kept per list: well above one check's page, small in storage. */
const MAX_REMEMBERED_IDS = 500;

/** Whether an event's group is a rule's group or lies below it. */
export type GroupContains = (ruleGroupId: string, eventGroupId: string) => boolean;

export function matchesRule(event: SafetyEvent, rule: WatchRule, contains: GroupContains): boolean {
  if (rule.triggerIds.length > 0 && !rule.triggerIds.includes(event.eventTriggerId)) return false;
  if (rule.minimumScore !== null && event.score < rule.minimumScore) return false;
  if (rule.groupIds.length > 0 && !rule.groupIds.some((id) => contains(id, event.groupId)))
    return false;
  return true;
}

/** The filters one request can send for every rule at once; the rest is matched on the client. */
export interface WatchRequestFilters {
  triggers?: number[];
  groupId?: string;
}

export function watchRequestFilters(rules: readonly WatchRule[]): WatchRequestFilters {
  const filters: WatchRequestFilters = {};
  if (rules.length > 0 && rules.every((rule) => rule.triggerIds.length > 0)) {
    filters.triggers = [...new Set(rules.flatMap((rule) => rule.triggerIds))].sort((a, b) => a - b);
  }
  const groups = new Set(rules.flatMap((rule) => rule.groupIds.map((id) => id.toLowerCase())));
  const [onlyGroup] = groups;
  if (
    groups.size === 1 &&
    onlyGroup !== undefined &&
    rules.every((rule) => rule.groupIds.length > 0)
  ) {
    filters.groupId = onlyGroup;
  }
  return filters;
}

/** The service's times are UTC; a time without a zone is read as UTC too. */
export function serviceTimeMs(value: string): number {
  const hasZone = /(?:Z|[+-]\d\d:?\d\d)$/i.test(value);
  return Date.parse(hasZone ? value : `${value}Z`);
}

/** The events that match a rule, were created after `since` and were not opened, newest first. */
export function newMatchingEvents(
  events: readonly SafetyEvent[],
  state: WatchState,
  contains: GroupContains,
): SafetyEvent[] {
  const since = state.since ?? -Infinity;
  const seen = new Set(state.seenIds);
  return events
    .filter(
      (event) =>
        serviceTimeMs(event.creationDate) > since &&
        !seen.has(event.id.toLowerCase()) &&
        state.rules.some((rule) => matchesRule(event, rule, contains)),
    )
    .sort((a, b) => serviceTimeMs(b.creationDate) - serviceTimeMs(a.creationDate));
}

function remember(ids: readonly string[], added: readonly string[]): string[] {
  const lowered = added.map((id) => id.toLowerCase());
  const kept = ids.filter((id) => !lowered.includes(id));
  return [...kept, ...lowered].slice(-MAX_REMEMBERED_IDS);
}

export function addRule(state: WatchState, rule: WatchRule, now: number): WatchState {
  return {
    ...state,
    rules: [...state.rules, rule],
    since: state.since ?? now - FIRST_LOOK_BACK_MS,
  };
}

export function removeRule(state: WatchState, ruleId: string): WatchState {
  return { ...state, rules: state.rules.filter((rule) => rule.id !== ruleId) };
}

export function markSeen(state: WatchState, eventId: string): WatchState {
  const id = eventId.toLowerCase();
  if (state.seenIds.includes(id)) return state;
  return { ...state, seenIds: remember(state.seenIds, [id]) };
}

/** Everything up to the last check is seen: the baseline moves, and the opened list can go. */
export function markAllSeen(state: WatchState, checkedAt: number): WatchState {
  return { ...state, since: checkedAt, seenIds: [] };
}

/** The new events no notification has named yet. */
export function unnotified(events: readonly SafetyEvent[], state: WatchState): SafetyEvent[] {
  const notified = new Set(state.notifiedIds);
  return events.filter((event) => !notified.has(event.id.toLowerCase()));
}

export function markNotified(state: WatchState, events: readonly SafetyEvent[]): WatchState {
  if (events.length === 0) return state;
  return {
    ...state,
    notifiedIds: remember(
      state.notifiedIds,
      events.map((event) => event.id),
    ),
  };
}

/** "3 new events match your watch rules": one notification's text for one check. */
export function notificationText(count: number): string {
  return plural(count, {
    one: '# new safety event matches your watch rules.',
    other: '# new safety events match your watch rules.',
  });
}
