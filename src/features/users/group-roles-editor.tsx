import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useGroupOptions } from '@/api/group-options';
import { rolesQueryOptions, type GroupRoleAssignment } from '@/api/users';
import { GroupPicker } from '@/components/group-picker';
import { useAccessRule } from '@/components/use-access-rule';
import { compareText } from '@/lib/collate';
import { roleLabel } from './user-labels';

export interface EditableGroupRole extends GroupRoleAssignment {
  /** Known from the user record when the group list itself is not readable. */
  groupName?: string | null;
}

const sameRole = (a: GroupRoleAssignment, b: GroupRoleAssignment) =>
  a.groupId.toLowerCase() === b.groupId.toLowerCase() && a.roleId === b.roleId;

/**
 * The user's roles per group: a list to remove from and a row to add with. Only what the access
 * rule lets the signed-in user grant is offered (docs/access.md).
 */
export function GroupRolesEditor({
  value,
  onChange,
  disabled,
}: {
  value: readonly EditableGroupRole[];
  onChange: (next: EditableGroupRole[]) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const notGrantableNote = t`You can give or take away only roles you hold yourself (or Driver) in your own groups and below; Administrator and Group Manager only if you hold them there.`;
  const rolesQuery = useQuery(rolesQueryOptions());
  const { options: groupOptions, labelsById: groupLabels } = useGroupOptions();
  const { rule } = useAccessRule();
  const [newGroupId, setNewGroupId] = useState<string | null>(null);
  const [newRoleId, setNewRoleId] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const roleLabelOf = useMemo(() => {
    const names = new Map((rolesQuery.data ?? []).map((role) => [role.id, role.name]));
    return (roleId: number) => roleLabel(roleId, names.get(roleId));
  }, [rolesQuery.data]);
  const groupLabel = (role: EditableGroupRole) =>
    groupLabels.get(role.groupId.toLowerCase()) ?? role.groupName ?? role.groupId;

  const canGrant = (role: GroupRoleAssignment) => !!rule?.canGrant(role);
  // With a group chosen, the roles grantable there; before that, those grantable in any offered group.
  const grantableRoles = (rolesQuery.data ?? []).filter((role) =>
    (newGroupId ? [newGroupId] : groupOptions.map((option) => option.value)).some((groupId) =>
      canGrant({ groupId, roleId: role.id }),
    ),
  );

  const rows = [...value].sort(
    (a, b) => compareText(groupLabel(a), groupLabel(b)) || a.roleId - b.roleId,
  );

  const add = () => {
    if (!newGroupId || !newRoleId) {
      setAddError(t`Choose a group and a role.`);
      return;
    }
    const candidate = { groupId: newGroupId, roleId: Number(newRoleId) };
    if (!canGrant(candidate)) {
      setAddError(t`You cannot give this role in this group. ${notGrantableNote}`);
      return;
    }
    if (value.some((role) => sameRole(role, candidate))) {
      setAddError(t`The user already has this role in this group.`);
      return;
    }
    onChange([...value, candidate]);
    setNewRoleId(null);
    setAddError(null);
  };

  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No roles yet. A user needs at least one role in a group.</Trans>
        </Text>
      ) : (
        <Table aria-label={t`Roles by group`} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Group</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Role</Trans>
              </Table.Th>
              <Table.Th w={60}>
                <span className="visually-hidden">
                  <Trans>Remove</Trans>
                </span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((role) => {
              const roleName = roleLabelOf(role.roleId);
              const groupName = groupLabel(role);
              return (
                <Table.Tr key={`${role.groupId}|${role.roleId}`}>
                  <Table.Td>{groupName}</Table.Td>
                  <Table.Td>{roleName}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={disabled || !canGrant(role)}
                      title={canGrant(role) ? undefined : notGrantableNote}
                      aria-label={t`Remove ${roleName} in ${groupName}`}
                      onClick={() => onChange(value.filter((other) => !sameRole(other, role)))}
                    >
                      <span aria-hidden="true">✕</span>
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end" wrap="wrap">
        <GroupPicker
          label={t`Add role in group`}
          value={newGroupId}
          onChange={setNewGroupId}
          w={300}
          disabled={disabled}
        />
        <Select
          label={t`Role`}
          data={grantableRoles.map((role) => ({
            value: String(role.id),
            label: roleLabel(role.id, role.name),
          }))}
          value={grantableRoles.some((role) => String(role.id) === newRoleId) ? newRoleId : null}
          onChange={setNewRoleId}
          description={t`Only the roles you may give are listed`}
          placeholder={rolesQuery.isLoading ? t`Loading roles…` : t`Choose a role`}
          w={220}
          disabled={disabled}
          error={rolesQuery.error ? t`The roles could not be loaded.` : undefined}
        />
        <Button variant="light" onClick={add} disabled={disabled}>
          <Trans>Add role</Trans>
        </Button>
      </Group>
      {addError && (
        <Text size="sm" c="red" role="alert">
          {addError}
        </Text>
      )}
    </Stack>
  );
}
