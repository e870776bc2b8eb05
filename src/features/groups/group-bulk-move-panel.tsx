import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo, useState } from 'react';
import { describeError } from '@/api/api-error';
import { groupPathLabel, isWithin, type GroupTree, type GroupTreeNode } from '@/api/group-tree';
import { useBulkMoveGroupsMutation } from '@/api/groups';
import { ChangeButton } from '@/components/change-control';
import { compareText } from '@/lib/collate';
import { bulkMoveOutcomes, type BulkMoveOutcome } from './group-bulk-move';
import { NewParentPicker } from './new-parent-picker';

/** Several groups under one new parent (POST /groups/bulkMove), with the outcome per group. */
export function GroupBulkMovePanel({
  tree,
  checkedKeys,
  onUncheck,
  onMoved,
}: {
  tree: GroupTree;
  checkedKeys: ReadonlySet<string>;
  onUncheck: (node: GroupTreeNode) => void;
  onMoved: (movedKeys: string[]) => void;
}) {
  const { t } = useLingui();
  const bulkMove = useBulkMoveGroupsMutation();
  const [parentId, setParentId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<BulkMoveOutcome[] | null>(null);

  const checked = useMemo(
    () =>
      [...checkedKeys]
        .flatMap((key) => tree.byKey.get(key) ?? [])
        .map((node) => ({ node, label: groupPathLabel(node) }))
        .sort((a, b) => compareText(a.label, b.label)),
    [checkedKeys, tree],
  );

  const disabledReason = useCallback(
    (target: GroupTreeNode) => {
      if (checkedKeys.has(target.key)) return t`Selected to move`;
      return checked.some(({ node }) => isWithin(target, node)) ? t`Inside a selected group` : null;
    },
    [checked, checkedKeys, t],
  );

  const move = () => {
    if (checked.length === 0) {
      setProblem(t`Tick at least one group in the tree.`);
      return;
    }
    if (!parentId) {
      setProblem(t`Choose the new parent group.`);
      return;
    }
    setProblem(null);
    const requested = checked.map(({ node, label }) => ({ groupId: node.group.id, name: label }));
    bulkMove.mutate(
      requested.map(({ groupId }) => ({ groupId, newParentId: parentId })),
      {
        onSuccess: (result) => {
          const lines = bulkMoveOutcomes(requested, result);
          setOutcomes(lines);
          const movedKeys = checked
            .filter(({ node }) =>
              lines.some((line) => line.moved && line.groupId === node.group.id),
            )
            .map(({ node }) => node.key);
          onMoved(movedKeys);
          const movedCount = movedKeys.length;
          const requestedCount = lines.length;
          notifications.show({
            color: movedCount === lines.length ? 'green' : 'yellow',
            message: plural(requestedCount, {
              one: `${movedCount} of # group moved.`,
              other: `${movedCount} of # groups moved.`,
            }),
          });
        },
      },
    );
  };

  const checkedCount = checked.length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="bulk-move-title">
      <Stack>
        <Title order={2} size="h3" id="bulk-move-title">
          <Trans>Move several groups</Trans>
        </Title>
        {checked.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Tick the groups to move in the tree. The root group cannot be moved.</Trans>
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm">
              <Plural value={checkedCount} one="# group selected" other="# groups selected" />
            </Text>
            <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {checked.map(({ node, label }) => {
                const groupName = node.group.name;
                return (
                  <Group key={node.key} component="li" gap="xs" wrap="nowrap">
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={t`Unselect ${groupName}`}
                      onClick={() => onUncheck(node)}
                    >
                      <span aria-hidden="true">✕</span>
                    </ActionIcon>
                    <Text size="sm">{label}</Text>
                  </Group>
                );
              })}
            </Stack>
          </Stack>
        )}
        <NewParentPicker
          value={parentId}
          onChange={(groupId) => {
            setParentId(groupId);
            setProblem(null);
          }}
          groupDisabledReason={disabledReason}
        />
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        {bulkMove.error && (
          <Alert color="red" title={t`The groups were not moved`} role="alert">
            {describeError(bulkMove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <ChangeButton onClick={move} loading={bulkMove.isPending}>
            {checked.length > 1 ? (
              <Plural value={checkedCount} one="Move # group" other="Move # groups" />
            ) : (
              <Trans>Move group</Trans>
            )}
          </ChangeButton>
        </Group>
        {outcomes && <BulkMoveResults outcomes={outcomes} />}
      </Stack>
    </Paper>
  );
}

function BulkMoveResults({ outcomes }: { outcomes: readonly BulkMoveOutcome[] }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id="bulk-move-results-title">
        <Trans>Last move</Trans>
      </Title>
      <Table withTableBorder aria-labelledby="bulk-move-results-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Group</Trans>
            </Table.Th>
            <Table.Th w={130}>
              <Trans>Outcome</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Reason</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outcomes.map((outcome) => (
            <Table.Tr key={outcome.groupId}>
              <Table.Td>{outcome.name}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={outcome.moved ? 'green' : 'red'}>
                  {outcome.moved ? t`Moved` : t`Not moved`}
                </Badge>
              </Table.Td>
              <Table.Td>{outcome.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
