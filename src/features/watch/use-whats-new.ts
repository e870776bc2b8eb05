import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useEffectEvent, useMemo } from 'react';
import { buildGroupTree, groupKey, isWithin } from '@/api/group-tree';
import { allGroupsQueryOptions } from '@/api/groups';
import { useSignedInUsername } from '@/api/runtime-context';
import {
  safetyEventWatchQueryOptions,
  type SafetyEvent,
  type SafetyEventWatchParams,
} from '@/api/safety-events';
import {
  markNotified,
  markSeen,
  MAX_LOOK_BACK_MS,
  newMatchingEvents,
  notificationText,
  unnotified,
  watchRequestFilters,
  type GroupContains,
  type WatchState,
} from './watch-rules';
import { takeWatchStateNotice, updateWatchState, useWatchState } from './watch-store';

export const WATCH_CHECK_INTERVAL_MS = 60_000;
/** One page: more new matches than this in a minute is a queue to open, not a list to read. */
const WATCH_CHECK_PAGE_SIZE = 100;

/**
 * The check's query: every minute while the console is open and the tab is shown (react-query
 * pauses the interval while the document is hidden, and checks at once when it is shown again).
 */
export function watchCheckQueryOptions(state: WatchState, enabled: boolean) {
  const params: SafetyEventWatchParams = {
    since: state.since ?? 0,
    maxLookBackMs: MAX_LOOK_BACK_MS,
    ...watchRequestFilters(state.rules),
    limit: WATCH_CHECK_PAGE_SIZE,
  };
  return {
    ...safetyEventWatchQueryOptions(params),
    enabled: enabled && state.rules.length > 0,
    refetchInterval: WATCH_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: WATCH_CHECK_INTERVAL_MS / 2,
  };
}

const NOTIFICATION_TAG = 'fleet-console-whats-new';
const STORED_STATE_NOTICE_ID = 'whats-new-stored-state';

const notificationsSupported = () => typeof Notification !== 'undefined';

/** The events an open event page shows: opening one from anywhere marks it seen. */
const EVENT_PATH = /^\/events\/([^/]+)$/;

export function useWhatsNew() {
  const username = useSignedInUsername();
  const state = useWatchState(username);
  // Said once: the read that dropped unreadable rules also removed them from storage.
  useEffect(() => {
    const notice = username ? takeWatchStateNotice(username) : null;
    if (notice)
      notifications.show({
        id: STORED_STATE_NOTICE_ID,
        title: t`What’s new`,
        message: notice,
        autoClose: false,
        closeButtonProps: { 'aria-label': t`Dismiss` },
      });
  }, [username, state]);
  const filters = watchRequestFilters(state.rules);
  // Groups are matched here only when the request could not narrow by them.
  const needsGroupTree = !filters.groupId && state.rules.some((rule) => rule.groupIds.length > 0);
  const groups = useQuery({ ...allGroupsQueryOptions(), enabled: needsGroupTree });
  const groupItems = groups.data?.items;
  const tree = useMemo(() => (groupItems ? buildGroupTree(groupItems) : null), [groupItems]);
  const contains = useCallback<GroupContains>(
    (ruleGroupId, eventGroupId) => {
      if (!needsGroupTree) return true;
      if (groupKey(ruleGroupId) === groupKey(eventGroupId)) return true;
      const node = tree?.byKey.get(groupKey(eventGroupId));
      const ancestor = tree?.byKey.get(groupKey(ruleGroupId));
      return !!node && !!ancestor && isWithin(node, ancestor);
    },
    [needsGroupTree, tree],
  );

  const check = useQuery(watchCheckQueryOptions(state, !!username));
  const checkEvents = check.data?.events;
  const newEvents = useMemo(
    () => (checkEvents ? newMatchingEvents(checkEvents, state, contains) : []),
    [checkEvents, state, contains],
  );

  const pathname = useRouterState({ select: (router) => router.location.pathname });
  const openedEventId = EVENT_PATH.exec(pathname)?.[1];
  useEffect(() => {
    if (username && openedEventId)
      updateWatchState(username, (current) =>
        current.rules.length > 0 ? markSeen(current, openedEventId) : current,
      );
  }, [username, openedEventId]);

  const notifyOfNewEvents = useEffectEvent(() => {
    if (!username || !state.notify || !notificationsSupported()) return;
    if (Notification.permission !== 'granted') return;
    updateWatchState(username, (current) =>
      announceNewEvents(current, newEvents, (body) => {
        const notification = new Notification(t`Fleet Console: what's new`, {
          body,
          tag: NOTIFICATION_TAG,
        });
        notification.onclick = () => window.focus();
      }),
    );
  });
  const checkedAt = check.data?.checkedAt;
  const ready = checkedAt !== undefined && !(needsGroupTree && groups.isLoading);
  useEffect(() => {
    if (ready) notifyOfNewEvents();
  }, [ready, checkedAt]);

  return {
    username,
    state,
    newEvents,
    check,
    checkedAt,
    complete: check.data?.complete ?? true,
    isChecking: check.isLoading || (needsGroupTree && groups.isLoading),
  };
}

export type WhatsNew = ReturnType<typeof useWhatsNew>;

/**
 * One notification for a check, counting the new events no notification has named yet; none when
 * every one was named before. Returns the state with them named.
 */
export function announceNewEvents(
  state: WatchState,
  newEvents: readonly SafetyEvent[],
  show: (body: string) => void,
): WatchState {
  const fresh = unnotified(newEvents, state);
  if (fresh.length === 0) return state;
  show(notificationText(fresh.length));
  return markNotified(state, fresh);
}

export type NotificationSetting = { ok: true } | { ok: false; reason: 'unsupported' | 'denied' };

/**
 * Turns desktop notifications on from a click (browsers ask only then). What is already listed
 * counts as notified: only events found after this are announced.
 */
export async function turnNotificationsOn(
  username: string,
  listed: readonly SafetyEvent[],
): Promise<NotificationSetting> {
  if (!notificationsSupported()) return { ok: false, reason: 'unsupported' };
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  updateWatchState(username, (current) => ({ ...markNotified(current, listed), notify: true }));
  return { ok: true };
}

export function turnNotificationsOff(username: string) {
  updateWatchState(username, (current) => ({ ...current, notify: false }));
}
