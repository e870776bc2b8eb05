import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, MultiSelect, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { GroupPicker } from '@/components/group-picker';
import { addRule, removeRule, type WatchRule } from './watch-rules';
import { updateWatchState } from './watch-store';
import classes from './whats-new-panel.module.css';

/** "Hard brake · score 80 or more · in Portland and below": a rule in words. */
function describeRule(
  rule: WatchRule,
  triggerName: (id: number) => string,
  groupName: (id: string) => string,
): string {
  const minimumScore = rule.minimumScore;
  const groupNames = rule.groupIds.map(groupName).join(', ');
  const parts = [
    rule.triggerIds.length > 0 ? rule.triggerIds.map(triggerName).join(', ') : t`Any trigger`,
    minimumScore !== null ? t`score ${minimumScore} or more` : t`any score`,
    rule.groupIds.length > 0 ? t`in ${groupNames} and below` : t`in any group`,
  ];
  return parts.join(' · ');
}

/** The user's watch rules (what counts as new), each removable, and the form that adds one. */
export function WatchRules({
  username,
  rules,
  triggerOptions,
  triggersError,
  triggerName,
  groupName,
}: {
  username: string;
  rules: readonly WatchRule[];
  triggerOptions: { value: string; label: string }[];
  triggersError: boolean;
  triggerName: (id: number) => string;
  groupName: (id: string) => string;
}) {
  const { t } = useLingui();
  const [triggerIds, setTriggerIds] = useState<string[]>([]);
  const [minimumScore, setMinimumScore] = useState<string | number>('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rule: WatchRule = {
      id: crypto.randomUUID(),
      triggerIds: triggerIds.map(Number),
      minimumScore: typeof minimumScore === 'number' ? minimumScore : null,
      groupIds: groupId ? [groupId] : [],
    };
    updateWatchState(username, (current) => addRule(current, rule, Date.now()));
    setTriggerIds([]);
    setMinimumScore('');
    setGroupId(null);
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h5" id={headingId}>
        <Trans>Watch rules</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          An event is new when it matches any rule. Rules are kept in this browser for you only.
        </Trans>
      </Text>
      {rules.length > 0 && (
        <ul className={classes.list} aria-labelledby={headingId}>
          {rules.map((rule) => {
            const description = describeRule(rule, triggerName, groupName);
            return (
              <li key={rule.id} className={classes.rule}>
                <Text size="sm">{description}</Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={t`Remove rule: ${description}`}
                  onClick={() =>
                    updateWatchState(username, (current) => removeRule(current, rule.id))
                  }
                >
                  <Trans>Remove</Trans>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={submit} aria-label={t`Add a watch rule`}>
        <Stack gap="xs">
          <MultiSelect
            label={t`Triggers`}
            placeholder={triggerIds.length === 0 ? t`Any trigger` : undefined}
            data={triggerOptions}
            value={triggerIds}
            onChange={setTriggerIds}
            searchable
            clearable
            error={triggersError ? t`The trigger list could not be loaded.` : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t`Minimum score`}
            placeholder={t`Any score`}
            min={0}
            max={100}
            allowDecimal={false}
            value={minimumScore}
            onChange={setMinimumScore}
          />
          <GroupPicker
            label={t`Group (with its subgroups)`}
            placeholder={t`Any group`}
            value={groupId}
            onChange={setGroupId}
          />
          <Group>
            <Button type="submit">
              <Trans>Add rule</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
