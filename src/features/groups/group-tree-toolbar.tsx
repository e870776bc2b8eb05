import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, CloseButton, Group, Switch, Text, TextInput } from '@mantine/core';
import { ChangeButton } from '@/components/change-control';
import { UserText } from '@/components/user-text';
import { formatNumber } from '@/lib/format';

/** Above the group tree: its search, open or close all, the import, and the switch to tick groups. */
export function GroupTreeToolbar({
  searchText,
  onSearchChange,
  matchCount,
  groupCount,
  onExpandAll,
  onImport,
  bulkMode,
  onBulkModeChange,
}: {
  searchText: string;
  onSearchChange: (text: string) => void;
  /** How many groups the search matches; null without a search. */
  matchCount: number | null;
  groupCount: number;
  /** Opens every group (true), or closes all but the top ones (false). */
  onExpandAll: (expand: boolean) => void;
  onImport: () => void;
  bulkMode: boolean;
  onBulkModeChange: (bulkMode: boolean) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextInput
        label={t`Search groups`}
        placeholder={t`Part of a group name`}
        value={searchText}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        rightSection={
          searchText ? (
            <CloseButton aria-label={t`Clear search`} onClick={() => onSearchChange('')} />
          ) : null
        }
      />
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={() => onExpandAll(true)}>
            <Trans>Expand all</Trans>
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => onExpandAll(false)}>
            <Trans>Collapse all</Trans>
          </Button>
        </Group>
        <ChangeButton size="compact-sm" variant="light" onClick={onImport}>
          <Trans>Import from CSV…</Trans>
        </ChangeButton>
      </Group>
      <Switch
        label={t`Select several groups to move`}
        checked={bulkMode}
        onChange={(event) => onBulkModeChange(event.currentTarget.checked)}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {matchCount !== null ? (
          <MatchSummary
            matchCount={matchCount}
            groupCount={groupCount}
            searchedText={searchText.trim()}
          />
        ) : (
          <Plural value={groupCount} one="# group" other="# groups" />
        )}
      </Text>
    </>
  );
}

/** "3 of 40 groups match “depot”": the count agrees with the matches in each language. */
function MatchSummary({
  matchCount,
  groupCount,
  searchedText,
}: {
  matchCount: number;
  groupCount: number;
  searchedText: string;
}) {
  const { t } = useLingui();
  const groupTotal = formatNumber(groupCount);
  const matches = t({
    message: plural(matchCount, {
      one: `# of ${groupTotal} groups match`,
      other: `# of ${groupTotal} groups match`,
    }),
  });
  return (
    <Trans>
      {matches} “<UserText>{searchedText}</UserText>”
    </Trans>
  );
}
