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
  const parts = [
    rule.triggerIds.length > 0 ? rule.triggerIds.map(triggerName).join(', ') : 'Any trigger',
    rule.minimumScore !== null ? `score ${rule.minimumScore} or more` : 'any score',
    rule.groupIds.length > 0
      ? `in ${rule.groupIds.map(groupName).join(', ')} and below`
      : 'in any group',
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
        Watch rules
      </Title>
      <Text size="sm" c="dimmed">
        An event is new when it matches any rule. Rules are kept in this browser for you only.
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
                  aria-label={`Remove rule: ${description}`}
                  onClick={() =>
                    updateWatchState(username, (current) => removeRule(current, rule.id))
                  }
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={submit} aria-label="Add a watch rule">
        <Stack gap="xs">
          <MultiSelect
            label="Triggers"
            placeholder={triggerIds.length === 0 ? 'Any trigger' : undefined}
            data={triggerOptions}
            value={triggerIds}
            onChange={setTriggerIds}
            searchable
            clearable
            error={triggersError ? 'The trigger list could not be loaded.' : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label="Minimum score"
            placeholder="Any score"
            min={0}
            max={100}
            allowDecimal={false}
            value={minimumScore}
            onChange={setMinimumScore}
          />
          <GroupPicker
            label="Group (with its subgroups)"
            placeholder="Any group"
            value={groupId}
            onChange={setGroupId}
          />
          <Group>
            <Button type="submit">Add rule</Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
