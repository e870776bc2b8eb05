import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { groupPathLabel, isRootGroup, isWithin, type GroupTreeNode } from '@/api/group-tree';
import { useUpdateGroupMutation } from '@/api/groups';
import { useConfirmation } from '@/components/confirm-dialog';
import type { GroupTreeDragAndDrop } from '@/components/use-group-tree-drag';
import { UserText } from '@/components/user-text';

/** Moving by drag and drop: confirm (a stray drop is easy), then PUT the new parent. */
export function useDropMove(
  onSelectGroup: (groupId: string) => void,
  revealUnder: (node: GroupTreeNode) => void,
) {
  const { mutate: moveGroup } = useUpdateGroupMutation();
  const { confirm, confirmationDialog } = useConfirmation();
  const [error, setError] = useState<{ name: string; error: unknown } | null>(null);

  const dragAndDrop = useMemo<GroupTreeDragAndDrop>(
    () => ({
      canDrag: (node) => !isRootGroup(node.group),
      canDrop: (dragged, target) => dragged.parent !== target && !isWithin(target, dragged),
      onDrop: async (dragged, target) => {
        setError(null);
        const confirmed = await confirm({
          title: 'Move group',
          confirmLabel: 'Move group',
          message: (
            <Stack gap="xs">
              <Text size="sm">
                Move{' '}
                <strong>
                  <UserText>{dragged.group.name}</UserText>
                </strong>{' '}
                from{' '}
                {dragged.parent ? (
                  <UserText>{groupPathLabel(dragged.parent)}</UserText>
                ) : (
                  'the top level'
                )}{' '}
                to{' '}
                <strong>
                  <UserText>{groupPathLabel(target)}</UserText>
                </strong>
                ?
              </Text>
              <Text size="sm" c="dimmed">
                Its subgroups, users, vehicles and devices move with it.
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
              notifications.show({
                color: 'green',
                message: (
                  <>
                    “<UserText>{dragged.group.name}</UserText>” was moved under “
                    <UserText>{target.group.name}</UserText>”.
                  </>
                ),
              });
            },
            onError: (failure) => setError({ name: dragged.group.name, error: failure }),
          },
        );
      },
    }),
    [confirm, moveGroup, onSelectGroup, revealUnder],
  );

  return { dragAndDrop, confirmationDialog, error, dismissError: () => setError(null) };
}
