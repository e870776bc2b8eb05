import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Divider, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useGroupOptions } from '@/api/group-options';
import { safetyEventTriggersQueryOptions, type SafetyEvent } from '@/api/safety-events';
import { AnchorLink } from '@/components/anchor-link';
import { UserText } from '@/components/user-text';
import { formatClockTime, formatDateTime } from '@/lib/format';
import {
  turnNotificationsOff,
  turnNotificationsOn,
  type NotificationSetting,
  type WhatsNew,
} from './use-whats-new';
import { markAllSeen, markSeen } from './watch-rules';
import { WatchRules } from './watch-rules-section';
import { updateWatchState } from './watch-store';
import classes from './whats-new-panel.module.css';

interface PanelProps {
  whatsNew: WhatsNew;
  /** An event link was followed: the drawer closes. */
  onOpenEvent: () => void;
}

/** The drawer's content: what is new, notifications, and the rules that decide it. */
export default function WhatsNewPanel({ whatsNew, onOpenEvent }: PanelProps) {
  const { t } = useLingui();
  const triggers = useQuery(safetyEventTriggersQueryOptions());
  const triggerNames = new Map(
    (triggers.data ?? []).map((trigger) => [trigger.id, trigger.name?.trim() || '']),
  );
  const triggerName = (triggerId: number) => triggerNames.get(triggerId) || t`Trigger ${triggerId}`;
  const { labelsById } = useGroupOptions();
  const groupName = (id: string) => labelsById.get(id.toLowerCase()) ?? t`A group`;

  return (
    <Stack gap="md">
      <NewEvents
        whatsNew={whatsNew}
        triggerName={triggerName}
        groupName={groupName}
        onOpenEvent={onOpenEvent}
      />
      {whatsNew.username && whatsNew.state.rules.length > 0 && (
        <NotificationSwitch whatsNew={whatsNew} username={whatsNew.username} />
      )}
      <Divider />
      {whatsNew.username && (
        <WatchRules
          username={whatsNew.username}
          rules={whatsNew.state.rules}
          triggerOptions={(triggers.data ?? []).map((trigger) => ({
            value: String(trigger.id),
            label: triggerName(trigger.id),
          }))}
          triggersError={!!triggers.error}
          triggerName={triggerName}
          groupName={groupName}
        />
      )}
    </Stack>
  );
}

function NewEvents({
  whatsNew,
  triggerName,
  groupName,
  onOpenEvent,
}: PanelProps & { triggerName: (id: number) => string; groupName: (id: string) => string }) {
  const { t } = useLingui();
  const { username, state, newEvents, check, checkedAt, complete, isChecking } = whatsNew;
  const newCount = newEvents.length;
  const since = formatDateTime(new Date(state.since ?? 0).toISOString());
  if (state.rules.length === 0) {
    return (
      <Text size="sm">
        <Trans>
          No watch rules yet. Add one below: while the console is open it checks every minute for
          new safety events that match, and lists them here. The first check shows the last day’s.
        </Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {isChecking ? (
        <Text role="status" size="sm" c="dimmed">
          <Loader size="xs" mr="xs" />
          <Trans>Checking for new events…</Trans>
        </Text>
      ) : check.error ? (
        <Alert color="red" title={t`The check for new events failed`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {check.error instanceof Error ? check.error.message : t`Something went wrong.`}{' '}
              <Trans>It is tried again every minute.</Trans>
            </Text>
            <Button size="xs" variant="light" onClick={() => void check.refetch()}>
              <Trans>Check now</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Text role="status" size="sm" c="dimmed">
          {newEvents.length === 0
            ? t`Nothing new since ${since}.`
            : complete
              ? plural(newCount, {
                  one: `# new since ${since}.`,
                  other: `# new since ${since}.`,
                })
              : plural(newCount, {
                  one: `#+ new since ${since}.`,
                  other: `#+ new since ${since}.`,
                })}{' '}
          {checkedAt !== undefined && checkedText(checkedAt)}
        </Text>
      )}
      {newEvents.length > 0 && (
        <ul className={classes.list} aria-label={t`New events`}>
          {newEvents.map((event) => (
            <li key={event.id}>
              <NewEventLink
                event={event}
                triggerName={triggerName}
                groupName={groupName}
                onOpen={() => {
                  if (username)
                    updateWatchState(username, (current) => markSeen(current, event.id));
                  onOpenEvent();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {!complete && (
        <Text size="sm" c="dimmed">
          <Trans>
            More events changed than one check reads: the newest are listed. The safety events queue
            has them all.
          </Trans>
        </Text>
      )}
      {username && newEvents.length > 0 && checkedAt !== undefined && (
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => updateWatchState(username, (current) => markAllSeen(current, checkedAt))}
          >
            <Trans>Mark all seen</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** "Checked at 14:05:09.": when the last check ran, in the reader's clock. */
function checkedText(checkedAt: number): string {
  const time = formatClockTime(checkedAt);
  return t`Checked at ${time}.`;
}

function driverName(event: SafetyEvent): string | null {
  return [event.driverFirstName, event.driverLastName].filter(Boolean).join(' ') || null;
}

function NewEventLink({
  event,
  triggerName,
  groupName,
  onOpen,
}: {
  event: SafetyEvent;
  triggerName: (id: number) => string;
  groupName: (id: string) => string;
  onOpen: () => void;
}) {
  const driver = driverName(event);
  const score = event.score;
  return (
    <AnchorLink
      to="/events/$eventId"
      params={{ eventId: event.id }}
      search={{}}
      onClick={onOpen}
      className={classes.item}
      underline="never"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {triggerName(event.eventTriggerId)}
        </Text>
        <Badge variant="light" color={event.score >= 7 ? 'red' : 'gray'}>
          <Trans>Score {score}</Trans>
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(event.recordDateUTC)} · <UserText>{groupName(event.groupId)}</UserText>
        {driver && (
          <>
            {' · '}
            <UserText>{driver}</UserText>
          </>
        )}
      </Text>
    </AnchorLink>
  );
}

function NotificationSwitch({ whatsNew, username }: { whatsNew: WhatsNew; username: string }) {
  const { t } = useLingui();
  const [problem, setProblem] = useState<NotificationSetting | null>(null);
  const toggle = async (on: boolean) => {
    if (!on) {
      turnNotificationsOff(username);
      setProblem(null);
      return;
    }
    setProblem(await turnNotificationsOn(username, whatsNew.newEvents));
  };
  return (
    <Stack gap={4}>
      <Switch
        label={t`Desktop notifications`}
        description={t`One notification per check that finds new events, while the console is open.`}
        checked={whatsNew.state.notify}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      {problem && !problem.ok && (
        <Text size="sm" c="red" role="alert">
          {problem.reason === 'unsupported'
            ? t`This browser cannot show desktop notifications.`
            : t`The browser blocks notifications from this site: allow them in its site settings, then try again.`}
        </Text>
      )}
    </Stack>
  );
}
