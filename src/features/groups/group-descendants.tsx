import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Group, List, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ancestorsOf, groupKey, type GroupTree, type GroupTreeNode } from '@/api/group-tree';
import { groupDescendantsQueryOptions } from '@/api/groups';
import { AnchorLink } from '@/components/anchor-link';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatGroupPath } from '@/lib/group-path';

/**
 * `depth` as the service reads it: 0 is every level (Groups API,
 * GET /groups/{groupIdentifier}/descendants).
 */
const depthChoices = [
  { value: '1', label: msg`Children (1 level)` },
  { value: '2', label: msg`2 levels` },
  { value: '3', label: msg`3 levels` },
  { value: '0', label: msg`All levels` },
];
const SHOWN_AT_MOST = 100;

/** The service's descendant IDs down to a chosen depth, shown as names. */
export function GroupDescendants({ node, tree }: { node: GroupTreeNode; tree: GroupTree }) {
  const { t, i18n } = useLingui();
  const [depth, setDepth] = useState('1');
  const query = useQuery(groupDescendantsQueryOptions(node.group.id, Number(depth)));
  const ids = query.data ?? [];

  /** The path below this group, so same-named groups (every depot has a "Long Haul") differ. */
  const relativeName = (id: string) => {
    const descendant = tree.byKey.get(groupKey(id));
    if (!descendant) return null;
    const below = ancestorsOf(descendant).filter((ancestor) => ancestor.depth > node.depth);
    return formatGroupPath([...below, descendant].map((member) => member.group.name));
  };

  const shownAtMost = SHOWN_AT_MOST;
  const descendantCount = ids.length;
  return (
    <Stack gap="xs" component="section" aria-labelledby="group-descendants-title">
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h5" id="group-descendants-title">
          <Trans>Descendants</Trans>
        </Title>
        <Select
          label={t`Depth`}
          size="xs"
          w={180}
          data={depthChoices.map((choice) => ({
            value: choice.value,
            label: i18n._(choice.label),
          }))}
          value={depth}
          onChange={(value) => setDepth(value ?? '1')}
          allowDeselect={false}
        />
      </Group>
      {query.error ? (
        <QueryErrorAlert
          title={t`The descendants could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          <Trans>Loading descendants…</Trans>
        </Text>
      ) : ids.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No groups below this one.</Trans>
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {descendantCount > SHOWN_AT_MOST ? (
              <Plural
                value={descendantCount}
                one={`# group; the first ${shownAtMost} are listed`}
                other={`# groups; the first ${shownAtMost} are listed`}
              />
            ) : (
              <Plural value={descendantCount} one="# group" other="# groups" />
            )}
          </Text>
          <ScrollArea.Autosize mah={260} type="auto">
            <List size="sm" spacing={2} aria-label={t`Descendant groups`}>
              {ids.slice(0, SHOWN_AT_MOST).map((id) => {
                const name = relativeName(id);
                return (
                  <List.Item key={id}>
                    {name ? (
                      <AnchorLink to="/groups" search={{ groupId: id }} size="sm">
                        {name}
                      </AnchorLink>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        <Trans>{id} (not in the loaded tree yet)</Trans>
                      </Text>
                    )}
                  </List.Item>
                );
              })}
            </List>
          </ScrollArea.Autosize>
        </>
      )}
    </Stack>
  );
}
