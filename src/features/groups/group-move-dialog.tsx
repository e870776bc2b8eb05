import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { describeError } from '@/api/api-error';
import { groupPathLabel, isWithin, type GroupTreeNode } from '@/api/group-tree';
import { useUpdateGroupMutation } from '@/api/groups';
import { ChangeButton } from '@/components/change-control';
import { useReturnFocusOnUnmount } from '@/components/use-return-focus-on-unmount';
import { UserText } from '@/components/user-text';
import { formatGroupPath, readGroupPath } from '@/lib/group-path';
import { NewParentPicker } from './new-parent-picker';

/** Moving one group with the keyboard-friendly picker: the alternative to drag and drop. */
export function MoveGroupDialog({ node, onClose }: { node: GroupTreeNode; onClose: () => void }) {
  const { t } = useLingui();
  useReturnFocusOnUnmount();
  const updateGroup = useUpdateGroupMutation();
  const [parentId, setParentId] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);

  const disabledReason = useCallback(
    (target: GroupTreeNode) => {
      if (target === node) return t`This group`;
      if (isWithin(target, node)) return t`Inside this group`;
      if (target === node.parent) return t`Current parent`;
      return null;
    },
    [node, t],
  );

  const submit = () => {
    if (!parentId) {
      setChoiceError(t`Choose the new parent group.`);
      return;
    }
    updateGroup.mutate(
      { groupId: node.group.id, body: { parentId } },
      {
        onSuccess: (moved) => {
          const groupName = moved.name;
          const newPath = formatGroupPath(readGroupPath(moved.fullPath, 'groups'));
          notifications.show({
            color: 'green',
            message: (
              <Trans>
                “<UserText>{groupName}</UserText>” was moved. It is now at{' '}
                <UserText>{newPath}</UserText>.
              </Trans>
            ),
          });
          onClose();
        },
      },
    );
  };

  const groupName = node.group.name;
  const currentParent = node.parent ? groupPathLabel(node.parent) : null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Trans>
          Move “<UserText>{groupName}</UserText>”
        </Trans>
      }
      centered
    >
      <form
        noValidate
        aria-label={t`Move group`}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm">
            {currentParent ? (
              <Trans>
                Now under {currentParent}. Its subgroups, users, vehicles and devices move with it.
              </Trans>
            ) : (
              <Trans>
                Now under the top level. Its subgroups, users, vehicles and devices move with it.
              </Trans>
            )}
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
            <Alert color="red" title={t`The group was not moved`} role="alert">
              {describeError(updateGroup.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <ChangeButton type="submit" loading={updateGroup.isPending}>
              <Trans>Move group</Trans>
            </ChangeButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
