import { ActionIcon, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useGroupOptions } from '@/api/group-options';
import { rolesQueryOptions, type GroupRoleAssignment } from '@/api/users';
import { GroupPicker } from '@/components/group-picker';
import { useAccessRule } from '@/components/use-access-rule';

export interface EditableGroupRole extends GroupRoleAssignment {
  /** Known from the user record when the group list itself is not readable. */
  groupName?: string | null;
}

const sameRole = (a: GroupRoleAssignment, b: GroupRoleAssignment) =>
  a.groupId.toLowerCase() === b.groupId.toLowerCase() && a.roleId === b.roleId;

const ROLE_NOT_GRANTABLE_NOTE =
  'You can give or take away only roles you hold yourself (or Driver) in your own groups and below; Administrator and Group Manager only if you hold them there.';

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
  const rolesQuery = useQuery(rolesQueryOptions());
  const { options: groupOptions, labelsById: groupLabels } = useGroupOptions();
  const { rule } = useAccessRule();
  const [newGroupId, setNewGroupId] = useState<string | null>(null);
  const [newRoleId, setNewRoleId] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const roleName = useMemo(() => {
    const names = new Map(
      (rolesQuery.data ?? []).map((role) => [role.id, role.name ?? `Role ${role.id}`]),
    );
    return (roleId: number) => names.get(roleId) ?? `Role ${roleId}`;
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
    (a, b) => groupLabel(a).localeCompare(groupLabel(b)) || a.roleId - b.roleId,
  );

  const add = () => {
    if (!newGroupId || !newRoleId) {
      setAddError('Choose a group and a role.');
      return;
    }
    const candidate = { groupId: newGroupId, roleId: Number(newRoleId) };
    if (!canGrant(candidate)) {
      setAddError(`You cannot give this role in this group. ${ROLE_NOT_GRANTABLE_NOTE}`);
      return;
    }
    if (value.some((role) => sameRole(role, candidate))) {
      setAddError('The user already has this role in this group.');
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
          No roles yet. A user needs at least one role in a group.
        </Text>
      ) : (
        <Table aria-label="Roles by group" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Group</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th w={60}>
                <span className="visually-hidden">Remove</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((role) => (
              <Table.Tr key={`${role.groupId}|${role.roleId}`}>
                <Table.Td>{groupLabel(role)}</Table.Td>
                <Table.Td>{roleName(role.roleId)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={disabled || !canGrant(role)}
                    title={canGrant(role) ? undefined : ROLE_NOT_GRANTABLE_NOTE}
                    aria-label={`Remove ${roleName(role.roleId)} in ${groupLabel(role)}`}
                    onClick={() => onChange(value.filter((other) => !sameRole(other, role)))}
                  >
                    <span aria-hidden="true">✕</span>
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end" wrap="wrap">
        <GroupPicker
          label="Add role in group"
          value={newGroupId}
          onChange={setNewGroupId}
          w={300}
          disabled={disabled}
        />
        <Select
          label="Role"
          data={grantableRoles.map((role) => ({
            value: String(role.id),
            label: role.name ?? `Role ${role.id}`,
          }))}
          value={grantableRoles.some((role) => String(role.id) === newRoleId) ? newRoleId : null}
          onChange={setNewRoleId}
          description="Only the roles you may give are listed"
          placeholder={rolesQuery.isLoading ? 'Loading roles…' : 'Choose a role'}
          w={220}
          disabled={disabled}
          error={rolesQuery.error ? 'The roles could not be loaded.' : undefined}
        />
        <Button variant="light" onClick={add} disabled={disabled}>
          Add role
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
