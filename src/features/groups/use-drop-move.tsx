import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { groupPathLabel, isRootGroup, isWithin, type GroupTreeNode } from '@/api/group-tree';
import { useUpdateGroupMutation } from '@/api/groups';
import { useChangesAllowed } from '@/components/change-control';
import { useConfirmation } from '@/components/confirm-dialog';
import type { GroupTreeDragAndDrop } from '@/components/use-group-tree-drag';
import { UserText } from '@/components/user-text';

/** Moving by drag and drop: confirm (a stray drop is easy), then PUT the new parent. */
export function useDropMove(
  onSelectGroup: (groupId: string) => void,
  revealUnder: (node: GroupTreeNode) => void,
) {
  const { t } = useLingui();
  const { mutate: moveGroup } = useUpdateGroupMutation();
  const { confirm, confirmationDialog } = useConfirmation();
  // Offline no group can be picked up: the move could not be sent.
  const { allowed: changesAllowed } = useChangesAllowed();
  const [error, setError] = useState<{ name: string; error: unknown } | null>(null);

  const dragAndDrop = useMemo<GroupTreeDragAndDrop>(
    () => ({
      canDrag: (node) => changesAllowed && !isRootGroup(node.group),
      canDrop: (dragged, target) => dragged.parent !== target && !isWithin(target, dragged),
      onDrop: async (dragged, target) => {
        setError(null);
        const groupName = dragged.group.name;
        const fromPath = dragged.parent ? groupPathLabel(dragged.parent) : null;
        const toPath = groupPathLabel(target);
        const confirmed = await confirm({
          title: t`Move group`,
          confirmLabel: t`Move group`,
          message: (
            <Stack gap="xs">
              <Text size="sm">
                {fromPath ? (
                  <Trans>
                    Move{' '}
                    <strong>
                      <UserText>{groupName}</UserText>
                    </strong>{' '}
                    from <UserText>{fromPath}</UserText> to{' '}
                    <strong>
                      <UserText>{toPath}</UserText>
                    </strong>
                    ?
                  </Trans>
                ) : (
                  <Trans>
                    Move{' '}
                    <strong>
                      <UserText>{groupName}</UserText>
                    </strong>{' '}
                    from the top level to{' '}
                    <strong>
                      <UserText>{toPath}</UserText>
                    </strong>
                    ?
                  </Trans>
                )}
              </Text>
              <Text size="sm" c="dimmed">
                <Trans>Its subgroups, users, vehicles and devices move with it.</Trans>
              </Text>
            </Stack>
          ),
        });
        if (!confirmed) return;
        moveGroup(
          { groupId: dragged.group.id, body: { parentId: target.group.id } },
          {
            onSuccess: () => {
              revealUnder(target);
              onSelectGroup(dragged.group.id);
              const parentName = target.group.name;
              notifications.show({
                color: 'green',
                message: (
                  <Trans>
                    “<UserText>{groupName}</UserText>” was moved under “
                    <UserText>{parentName}</UserText>”.
                  </Trans>
                ),
              });
            },
            onError: (failure) => setError({ name: dragged.group.name, error: failure }),
          },
        );
      },
    }),
    [changesAllowed, confirm, moveGroup, onSelectGroup, revealUnder, t],
  );

  return { dragAndDrop, confirmationDialog, error, dismissError: () => setError(null) };
}
