import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { describeError } from '@/api/api-error';
import { useGroupOptions } from '@/api/group-options';
import { useUnsavedWork } from '@/api/use-unsaved-work';
import {
  diffGroupRoles,
  rolesQueryOptions,
  usePatchUserGroupRolesMutation,
  userDetailQueryOptions,
  type GroupRoleAssignment,
  type GroupRolePatchOperation,
  type User,
} from '@/api/users';
import { ChangeButton } from '@/components/change-control';
import { useRecordSave } from '@/components/edit/use-record-save';
import { useEditConflictCheck } from '@/components/edit-conflict-dialog';
import { FormSaveStatus } from '@/components/form-save-status';
import type { ConflictField } from '@/lib/edit-conflicts';
import { GroupRolesEditor, type EditableGroupRole } from './group-roles-editor';
import { roleLabel } from './user-labels';

/** Held or not, per role: the shape the conflict check compares. */
type GroupRoleHoldings = Record<string, boolean>;

function groupRoleKey(role: GroupRoleAssignment): string {
  return `${role.groupId.toLowerCase()}|${role.roleId}`;
}

function roleHoldings(
  roles: readonly GroupRoleAssignment[],
  known: ReadonlyMap<string, EditableGroupRole>,
): GroupRoleHoldings {
  const held = new Set(roles.map(groupRoleKey));
  return Object.fromEntries([...known.keys()].map((key) => [key, held.has(key)]));
}

function useRoleNames() {
  const rolesQuery = useQuery(rolesQueryOptions());
  return useMemo(() => {
    const names = new Map((rolesQuery.data ?? []).map((role) => [role.id, role.name]));
    return (roleId: number) => roleLabel(roleId, names.get(roleId));
  }, [rolesQuery.data]);
}

/** A user's roles by group: only the roles added and removed are sent (a JSON Patch). */
export function UserRolesSection({ user, readOnly }: { user: User; readOnly: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const patchRoles = usePatchUserGroupRolesMutation();
  const roleNames = useRoleNames();
  const { options: groupOptions } = useGroupOptions();
  const [draft, setDraft] = useState<readonly EditableGroupRole[]>(() => user.groupRoles ?? []);
  // The set of roles is known only at save time, so the check is asked per role held or not.
  const holdingsCheck = useEditConflictCheck<GroupRoleHoldings>({
    subject: t`user`,
    describe: (_key, held) => (held ? t`Has this role` : t`Does not have this role`),
  });

  const groupLabel = (role: EditableGroupRole) =>
    groupOptions.find((option) => option.value.toLowerCase() === role.groupId.toLowerCase())
      ?.label ??
    role.groupName ??
    role.groupId;

  const { base, save, saving, error, savedNote, statusRef, clearError, conflictDialog } =
    useRecordSave<readonly EditableGroupRole[], User, GroupRolePatchOperation[], User>({
      subject: t`roles`,
      // The roles as this section last read them from the service.
      initial: { values: user.groupRoles ?? [] },
      read: () => queryClient.fetchQuery({ ...userDetailQueryOptions(user.userId), staleTime: 0 }),
      valuesOf: (fresh) => {
        // Left out, the roles are unknown: comparing with none would invent removals.
        if (fresh.groupRoles === undefined) {
          throw new Error(t`The service's answer left out the user's roles.`);
        }
        return { values: fresh.groupRoles ?? [] };
      },
      resolveConflicts: async ({ base, theirs, mine }) => {
        const known = new Map<string, EditableGroupRole>();
        for (const role of [...base, ...theirs, ...mine]) known.set(groupRoleKey(role), role);
        const fields: ConflictField<GroupRoleHoldings>[] = [...known.entries()].map(
          ([key, role]) => {
            const roleName = roleNames(role.roleId);
            const groupName = groupLabel(role);
            return { key, label: t`${roleName} in ${groupName}` };
          },
        );
        const resolved = await holdingsCheck.check({
          base: roleHoldings(base, known),
          theirs: roleHoldings(theirs, known),
          mine: roleHoldings(mine, known),
          fields,
        });
        return (
          resolved && [...known.entries()].flatMap(([key, role]) => (resolved[key] ? [role] : []))
        );
      },
      writes: 'patch',
      toRequest: ({ values, known }) => {
        const operations = diffGroupRoles(known, values);
        if (operations.length === 0) return null;
        if (values.length === 0) throw new Error(t`A user needs at least one role.`);
        return operations;
      },
      send: (operations) => patchRoles.mutateAsync({ userId: user.userId, operations }),
      savedValuesOf: (saved) => ({ values: saved.groupRoles ?? [] }),
      show: (values) => setDraft(values),
      onSaved: () => notifications.show({ color: 'green', message: t`The roles were saved.` }),
      notes: {
        saved: t`Saved. No unsaved role changes.`,
        nothingLeft: t`Nothing left to save: the list shows the saved roles.`,
      },
    });
  const operations = useMemo(() => diffGroupRoles(base, draft), [base, draft]);
  useUnsavedWork(operations.length > 0);
  const added = operations.filter((operation) => operation.op === 'add').length;
  const removed = operations.length - added;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-roles-title">
      <Stack>
        <Title order={2} size="h4" id="user-roles-title">
          <Trans>Roles by group</Trans>
        </Title>
        <Text size="xs" c="dimmed">
          <Trans>
            The service keeps no history of role changes or deactivations that the console can read:
            the group audit log records changes to groups only. Note who changed what, and why,
            where your company keeps such records.
          </Trans>
        </Text>
        <GroupRolesEditor value={draft} onChange={setDraft} disabled={readOnly || saving} />
        {draft.length === 0 && (
          <Text size="sm" c="red" role="alert">
            <Trans>A user needs at least one role. Add one before saving.</Trans>
          </Text>
        )}
        {error ? (
          <Alert color="red" title={t`The roles were not saved`} role="alert">
            {describeError(error)}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <FormSaveStatus ref={statusRef}>
            {operations.length === 0
              ? (savedNote ?? t`No unsaved role changes.`)
              : t`Unsaved: ${added} to add, ${removed} to remove. Only these are sent.`}
          </FormSaveStatus>
          <Group>
            <Button
              variant="default"
              disabled={operations.length === 0 || saving}
              onClick={() => {
                setDraft(base);
                clearError();
              }}
            >
              <Trans>Discard</Trans>
            </Button>
            <ChangeButton
              onClick={() => void save(draft)}
              loading={saving}
              disabled={readOnly || operations.length === 0 || draft.length === 0}
            >
              <Trans>Save roles</Trans>
            </ChangeButton>
          </Group>
        </Group>
      </Stack>
      {conflictDialog}
      {holdingsCheck.conflictDialog}
    </Paper>
  );
}
