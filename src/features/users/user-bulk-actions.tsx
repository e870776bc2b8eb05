import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  changedSinceError,
  listedValueNote,
  throwIfCancelled,
  type BulkAction,
} from '@/api/bulk-action';
import { useGroupOptions } from '@/api/group-options';
import { useSignedInUsername } from '@/api/runtime-context';
import {
  diffGroupRoles,
  getUser,
  patchUserGroupRoles,
  rolesQueryOptions,
  updateUser,
  userKeys,
  type GroupRoleAssignment,
  type User,
} from '@/api/users';
import { GroupPicker } from '@/components/group-picker';
import {
  unreadUserProfileFields,
  userProfileFromUser,
  userReplacementRequest,
} from './user-profile-fields';
import { INACTIVE_STATUS } from './user-status';

/** What the previews and reports name roles and groups with. */
export interface UserBulkLookups {
  roleOptions: readonly { value: string; label: string }[];
  /** The group's path as the pickers show it. */
  groupLabel: (groupId: string) => string;
  /** The signed-in user: their own account is never deactivated in bulk (it would lock them out). */
  signedInUsername: string | null;
}

/** A role in a group, as the form holds it (Select values are strings). */
interface GroupRoleParams {
  groupId: string | null;
  roleId: string | null;
}

interface GroupRoleUndo {
  role: GroupRoleAssignment;
  /** True when the run added the role (undo removes it), false when it removed it. */
  added: boolean;
}

interface UserStatusUndo {
  previousStatus: string;
  /** Deactivating turns sign-in off; undo turns it back on if it was. */
  previousLoginEnabled: boolean;
}

/** What a status change sends: an inactive user cannot sign in. */
interface UserStatusChange {
  status: string;
  loginEnabled: boolean;
}

const DEFAULT_STATUS = 'Active';

const sameRole = (a: GroupRoleAssignment, b: GroupRoleAssignment) =>
  a.groupId.toLowerCase() === b.groupId.toLowerCase() && a.roleId === b.roleId;

const rolesOf = (user: User): GroupRoleAssignment[] =>
  (user.groupRoles ?? []).map(({ groupId, roleId }) => ({ groupId, roleId }));

/** Reads the user afresh for a role change; an answer without the roles says nothing of them. */
async function readRoles(userId: string, signal: AbortSignal): Promise<User> {
  const fresh = await getUser(userId, {}, signal);
  if (fresh.groupRoles === undefined) {
    throw new Error("The service's answer left out the user's roles: nothing was sent.");
  }
  return fresh;
}

const holds = (user: User, role: GroupRoleAssignment) =>
  rolesOf(user).some((held) => sameRole(held, role));

/** The PATCH that adds or takes away one role, built as the roles editor builds its saves. */
function sendRoleChange(fresh: User, role: GroupRoleAssignment, add: boolean) {
  const current = rolesOf(fresh);
  const next = add ? [...current, role] : current.filter((held) => !sameRole(held, role));
  return patchUserGroupRoles(fresh.userId, diffGroupRoles(current, next));
}

function groupRoleAction(
  kind: 'add' | 'remove',
  lookups: UserBulkLookups,
): BulkAction<User, GroupRoleParams, GroupRoleUndo> {
  const roleName = (roleId: number) =>
    lookups.roleOptions.find((option) => option.value === String(roleId))?.label ??
    `Role ${roleId}`;
  const describe = (role: GroupRoleAssignment) =>
    `${roleName(role.roleId)} in ${lookups.groupLabel(role.groupId)}`;
  const roleFrom = ({ groupId, roleId }: GroupRoleParams): GroupRoleAssignment => {
    if (!groupId || !roleId) throw new Error('Choose a group and a role.');
    return { groupId, roleId: Number(roleId) };
  };
  const onlyRoleMessage = (role: GroupRoleAssignment) =>
    `${describe(role)} is their only role, and a user needs at least one`;
  const adding = kind === 'add';

  return {
    id: adding ? 'user-add-group-role' : 'user-remove-group-role',
    label: adding ? 'Add a role in a group' : 'Remove a role in a group',
    initialParams: { groupId: null, roleId: null },
    validate: ({ groupId, roleId }) => (groupId && roleId ? null : 'Choose a group and a role.'),
    renderParamsForm: (value, onChange, error) => (
      <Stack gap="sm">
        <GroupPicker
          label="Group"
          clearable={false}
          value={value.groupId}
          onChange={(groupId) => onChange({ ...value, groupId })}
          error={!value.groupId ? error : null}
        />
        <Select
          label="Role"
          data={lookups.roleOptions.map((option) => ({ ...option }))}
          value={value.roleId}
          onChange={(roleId) => onChange({ ...value, roleId })}
          error={value.groupId && !value.roleId ? error : null}
        />
      </Stack>
    ),
    affectedQueryKeys: [userKeys.lists(), userKeys.details()],
    preview: (rows, params) =>
      rows.map((row) => {
        if (!params.groupId || !params.roleId) return { row, change: '', willSend: false };
        const role = roleFrom(params);
        if (adding) {
          return holds(row, role)
            ? { row, change: `Already has ${describe(role)}: nothing to send`, willSend: false }
            : { row, change: `Add ${describe(role)}`, willSend: true };
        }
        if (!holds(row, role)) {
          return {
            row,
            change: `Does not have ${describe(role)}: nothing to send`,
            willSend: false,
          };
        }
        if (rolesOf(row).length === 1) {
          return { row, change: `${onlyRoleMessage(role)}: not sent`, willSend: false };
        }
        return { row, change: `Remove ${describe(role)}`, willSend: true };
      }),
    run: async (row, params, signal) => {
      const role = roleFrom(params);
      const fresh = await readRoles(row.userId, signal);
      if (holds(fresh, role) === adding) {
        return {
          summary: `${adding ? 'Already had' : 'Did not have'} ${describe(role)}: nothing sent`,
          undo: null,
        };
      }
      if (!adding && rolesOf(fresh).length === 1) {
        throw new Error(`${onlyRoleMessage(role)}: nothing sent.`);
      }
      throwIfCancelled(signal);
      await sendRoleChange(fresh, role, adding);
      return {
        summary: `${adding ? 'Added' : 'Removed'} ${describe(role)}`,
        undo: { role, added: adding },
      };
    },
    undo: async (row, { role, added }, signal) => {
      const fresh = await readRoles(row.userId, signal);
      // Held again (or gone again) already: someone else did what undo would do.
      if (holds(fresh, role) !== added) {
        return `${added ? 'Already without' : 'Already has'} ${describe(role)}: nothing sent`;
      }
      throwIfCancelled(signal);
      await sendRoleChange(fresh, role, !added);
      return `${added ? 'Took away' : 'Gave back'} ${describe(role)}`;
    },
  };
}

const isOwnAccount = (user: User, signedInUsername: string | null) =>
  !!signedInUsername && user.username?.toLowerCase() === signedInUsername.toLowerCase();

/**
 * Reads the user afresh for a status change. PUT replaces the whole user, so every field is sent as
 * the service has it now, with the new status; a read that left any field out is refused here,
 * before anything is sent, as the status itself may be the unknown one.
 */
async function readForStatusChange(userId: string, signal: AbortSignal) {
  const fresh = await getUser(userId, {}, signal);
  const values = userProfileFromUser(fresh);
  const unread = unreadUserProfileFields(fresh);
  const bodyWith = (change: UserStatusChange) =>
    userReplacementRequest({ ...values, ...change }, fresh, unread);
  // Throws on a partial read before its placeholder status is believed ("Already Active").
  bodyWith({ status: values.status, loginEnabled: values.loginEnabled });
  return {
    status: values.status,
    loginEnabled: values.loginEnabled,
    send: (change: UserStatusChange) => updateUser(fresh.userId, bodyWith(change)),
  };
}

function deactivateAction(lookups: UserBulkLookups): BulkAction<User, null, UserStatusUndo> {
  const ownAccountMessage = 'Your own account: deactivating it would sign you out for good';
  return {
    id: 'user-deactivate',
    label: 'Deactivate',
    initialParams: null,
    affectedQueryKeys: [userKeys.lists(), userKeys.details()],
    preview: (rows) =>
      rows.map((row) => {
        if (isOwnAccount(row, lookups.signedInUsername)) {
          return { row, change: `${ownAccountMessage}: not sent`, willSend: false };
        }
        const status = row.status ?? DEFAULT_STATUS;
        return status === INACTIVE_STATUS
          ? { row, change: 'Already Inactive: nothing to send', willSend: false }
          : {
              row,
              change: `Status ${status} → ${INACTIVE_STATUS}${row.loginEnabled ? ', sign-in off' : ''}`,
              willSend: true,
            };
      }),
    run: async (row, _params, signal) => {
      if (isOwnAccount(row, lookups.signedInUsername)) {
        throw new Error(`${ownAccountMessage}: nothing sent.`);
      }
      const fresh = await readForStatusChange(row.userId, signal);
      const previousStatus = fresh.status;
      if (previousStatus === INACTIVE_STATUS)
        return { summary: 'Already Inactive: nothing sent', undo: null };
      throwIfCancelled(signal);
      await fresh.send({ status: INACTIVE_STATUS, loginEnabled: false });
      const note = listedValueNote(row.status ?? DEFAULT_STATUS, previousStatus);
      const signIn = fresh.loginEnabled ? ', sign-in off' : '';
      return {
        summary: `Status ${previousStatus} → ${INACTIVE_STATUS}${signIn}${note}`,
        undo: { previousStatus, previousLoginEnabled: fresh.loginEnabled },
      };
    },
    undo: async (row, { previousStatus, previousLoginEnabled }, signal) => {
      const fresh = await readForStatusChange(row.userId, signal);
      const status = fresh.status;
      if (status === previousStatus) return `Already ${previousStatus}: nothing sent`;
      if (status !== INACTIVE_STATUS) throw changedSinceError('Status', status);
      throwIfCancelled(signal);
      await fresh.send({
        status: previousStatus,
        loginEnabled: previousLoginEnabled || fresh.loginEnabled,
      });
      return `Status back to ${previousStatus}${previousLoginEnabled ? ', sign-in on' : ''}`;
    },
  };
}

/** Add a role in a group, remove one, and deactivate, for the user list's selected rows. */
export function createUserBulkActions(lookups: UserBulkLookups): BulkAction<User>[] {
  return [
    groupRoleAction('add', lookups),
    groupRoleAction('remove', lookups),
    deactivateAction(lookups),
  ];
}

/** The user bulk actions with the session's lookups (roles, groups, who is signed in). */
export function useUserBulkActions(): BulkAction<User>[] {
  const rolesQuery = useQuery(rolesQueryOptions());
  const { labelsById: groupLabels } = useGroupOptions();
  const signedInUsername = useSignedInUsername();
  return useMemo(() => {
    return createUserBulkActions({
      roleOptions: (rolesQuery.data ?? []).map((role) => ({
        value: String(role.id),
        label: role.name ?? `Role ${role.id}`,
      })),
      groupLabel: (groupId) => groupLabels.get(groupId.toLowerCase()) ?? 'a group not listed here',
      signedInUsername,
    });
  }, [rolesQuery.data, groupLabels, signedInUsername]);
}
