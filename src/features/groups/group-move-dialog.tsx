import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { describeError } from '@/api/api-error';
import { groupPathLabel, isWithin, type GroupTreeNode } from '@/api/group-tree';
import { useUpdateGroupMutation } from '@/api/groups';
import { useReturnFocusOnUnmount } from '@/components/use-return-focus-on-unmount';
import { UserText } from '@/components/user-text';
import { formatGroupPath, readGroupPath } from '@/lib/group-path';
import { NewParentPicker } from './new-parent-picker';

/** Moving one group with the keyboard-friendly picker: the alternative to drag and drop. */
export function MoveGroupDialog({ node, onClose }: { node: GroupTreeNode; onClose: () => void }) {
  useReturnFocusOnUnmount();
  const updateGroup = useUpdateGroupMutation();
  const [parentId, setParentId] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);

  const disabledReason = useCallback(
    (target: GroupTreeNode) => {
      if (target === node) return 'This group';
      if (isWithin(target, node)) return 'Inside this group';
      if (target === node.parent) return 'Current parent';
      return null;
    },
    [node],
  );

  const submit = () => {
    if (!parentId) {
      setChoiceError('Choose the new parent group.');
      return;
    }
    updateGroup.mutate(
      { groupId: node.group.id, body: { parentId } },
      {
        onSuccess: (moved) => {
          notifications.show({
            color: 'green',
            message: (
              <>
                “<UserText>{moved.name}</UserText>” was moved. It is now at{' '}
                <UserText>{formatGroupPath(readGroupPath(moved.fullPath, 'groups'))}</UserText>.
              </>
            ),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <>
          Move “<UserText>{node.group.name}</UserText>”
        </>
      }
      centered
    >
      <form
        noValidate
        aria-label="Move group"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm">
            Now under {node.parent ? groupPathLabel(node.parent) : 'the top level'}. Its subgroups,
            users, vehicles and devices move with it.
          </Text>
          <NewParentPicker
            value={parentId}
            onChange={(groupId) => {
              setParentId(groupId);
              setChoiceError(null);
            }}
            groupDisabledReason={disabledReason}
            error={choiceError}
            data-autofocus
          />
          {updateGroup.error && (
            <Alert color="red" title="The group was not moved" role="alert">
              {describeError(updateGroup.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={updateGroup.isPending}>
              Move group
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
