import { Button, CloseButton, Group, Switch, Text, TextInput } from '@mantine/core';
import { UserText } from '@/components/user-text';

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
  return (
    <>
      <TextInput
        label="Search groups"
        placeholder="Part of a group name"
        value={searchText}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        rightSection={
          searchText ? (
            <CloseButton aria-label="Clear search" onClick={() => onSearchChange('')} />
          ) : null
        }
      />
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={() => onExpandAll(true)}>
            Expand all
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => onExpandAll(false)}>
            Collapse all
          </Button>
        </Group>
        <Button size="compact-sm" variant="light" onClick={onImport}>
          Import from CSV…
        </Button>
      </Group>
      <Switch
        label="Select several groups to move"
        checked={bulkMode}
        onChange={(event) => onBulkModeChange(event.currentTarget.checked)}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {matchCount !== null ? (
          <>
            {matchCount} of {groupCount} groups match “<UserText>{searchText.trim()}</UserText>”
          </>
        ) : (
          `${groupCount} groups`
        )}
      </Text>
    </>
  );
}
