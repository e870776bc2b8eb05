import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GroupTreeNode } from '@/api/group-tree';
import { useDeleteGroupMutation } from '@/api/groups';
import { useConfirmation } from '@/components/confirm-dialog';
import { UserText } from '@/components/user-text';
import {
  lookUpGroupHoldings,
  summarizeGroupHoldings,
  type GroupHoldingsSummary,
} from './group-holdings';

/**
 * Delete, guarded: ask the service what the group still holds, refuse with the list unless it is
 * empty, then ask the user to type the group's name before the one irreversible call.
 */
export function useGroupDeletion(
  node: GroupTreeNode,
  onDeleted: (parent: GroupTreeNode | null) => void,
) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const deleteGroup = useDeleteGroupMutation();
  const { confirm, confirmationDialog } = useConfirmation();
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<GroupHoldingsSummary | null>(null);
  const name = node.group.name;

  const start = async () => {
    deleteGroup.reset();
    setChecking(true);
    const summary = summarizeGroupHoldings(await lookUpGroupHoldings(queryClient, node));
    setChecking(false);
    if (!summary.canDelete) {
      setRefusal(summary);
      return;
    }
    setRefusal(null);
    const confirmed = await confirm({
      title: (
        <Trans>
          Delete “<UserText>{name}</UserText>”
        </Trans>
      ),
      danger: true,
      typeToConfirm: name,
      confirmLabel: t`Delete group`,
      message: (
        <Stack gap="xs">
          <Text size="sm">
            <Trans>
              “<UserText>{name}</UserText>” holds no subgroups, users, vehicles or camera devices,
              so it can be deleted.
            </Trans>
          </Text>
          <Text size="sm" fw={500}>
            <Trans>Deleting cannot be undone.</Trans>
          </Text>
        </Stack>
      ),
    });
    if (!confirmed) return;
    // Awaited rather than mutate's callbacks: the refreshed tree drops the group, which unmounts
    // this panel before those callbacks would run.
    try {
      await deleteGroup.mutateAsync(node.group.id);
    } catch {
      return; // Shown beside the buttons through the mutation's error.
    }
    notifications.show({
      color: 'green',
      message: (
        <Trans>
          “<UserText>{name}</UserText>” was deleted.
        </Trans>
      ),
    });
    onDeleted(node.parent);
  };

  return {
    start,
    checking,
    refusal,
    deleting: deleteGroup.isPending,
    error: deleteGroup.error,
    confirmationDialog,
  };
}
