import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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
import { roleLabel, userStatusLabel } from './user-labels';
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
    throw new Error(t`The service's answer left out the user's roles: nothing was sent.`);
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
    roleLabel(roleId, null);
  /** "Driver in Portland Depot": the role and where, in every preview and report line. */
  const describe = (role: GroupRoleAssignment) => {
    const roleLabelText = roleName(role.roleId);
    const groupName = lookups.groupLabel(role.groupId);
    return t`${roleLabelText} in ${groupName}`;
  };
  const roleFrom = ({ groupId, roleId }: GroupRoleParams): GroupRoleAssignment => {
    if (!groupId || !roleId) throw new Error(t`Choose a group and a role.`);
    return { groupId, roleId: Number(roleId) };
  };
  const adding = kind === 'add';

  return {
    id: adding ? 'user-add-group-role' : 'user-remove-group-role',
    label: adding ? t`Add a role in a group` : t`Remove a role in a group`,
    initialParams: { groupId: null, roleId: null },
    validate: ({ groupId, roleId }) => (groupId && roleId ? null : t`Choose a group and a role.`),
    renderParamsForm: (value, onChange, error) => (
      <Stack gap="sm">
        <GroupPicker
          label={t`Group`}
          // Focus starts here, not on the dialog's close button: a blur would clear a search typed at once.
          data-autofocus
          clearable={false}
          value={value.groupId}
          onChange={(groupId) => onChange({ ...value, groupId })}
          error={!value.groupId ? error : null}
        />
        <Select
          label={t`Role`}
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
        const roleInGroup = describe(role);
        if (adding) {
          return holds(row, role)
            ? { row, change: t`Already has ${roleInGroup}: nothing to send`, willSend: false }
            : { row, change: t`Add ${roleInGroup}`, willSend: true };
        }
        if (!holds(row, role)) {
          return {
            row,
            change: t`Does not have ${roleInGroup}: nothing to send`,
            willSend: false,
          };
        }
        if (rolesOf(row).length === 1) {
          return {
            row,
            change: t`${roleInGroup} is their only role, and a user needs at least one: not sent`,
            willSend: false,
          };
        }
        return { row, change: t`Remove ${roleInGroup}`, willSend: true };
      }),
    run: async (row, params, signal) => {
      const role = roleFrom(params);
      const roleInGroup = describe(role);
      const fresh = await readRoles(row.userId, signal);
      if (holds(fresh, role) === adding) {
        return {
          summary: adding
            ? t`Already had ${roleInGroup}: nothing sent`
            : t`Did not have ${roleInGroup}: nothing sent`,
          undo: null,
        };
      }
      if (!adding && rolesOf(fresh).length === 1) {
        throw new Error(
          t`${roleInGroup} is their only role, and a user needs at least one: nothing sent.`,
        );
      }
      throwIfCancelled(signal);
      await sendRoleChange(fresh, role, adding);
      return {
        summary: adding ? t`Added ${roleInGroup}` : t`Removed ${roleInGroup}`,
        undo: { role, added: adding },
      };
    },
    undo: async (row, { role, added }, signal) => {
      const roleInGroup = describe(role);
      const fresh = await readRoles(row.userId, signal);
      // Held again (or gone again) already: someone else did what undo would do.
      if (holds(fresh, role) !== added) {
        return added
          ? t`Already without ${roleInGroup}: nothing sent`
          : t`Already has ${roleInGroup}: nothing sent`;
      }
      throwIfCancelled(signal);
      await sendRoleChange(fresh, role, !added);
      return added ? t`Took away ${roleInGroup}` : t`Gave back ${roleInGroup}`;
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
  const inactive = userStatusLabel(INACTIVE_STATUS);
  return {
    id: 'user-deactivate',
    label: t`Deactivate`,
    initialParams: null,
    affectedQueryKeys: [userKeys.lists(), userKeys.details()],
    preview: (rows) =>
      rows.map((row) => {
        if (isOwnAccount(row, lookups.signedInUsername)) {
          return {
            row,
            change: t`Your own account: deactivating it would sign you out for good: not sent`,
            willSend: false,
          };
        }
        const status = row.status ?? DEFAULT_STATUS;
        if (status === INACTIVE_STATUS) {
          return { row, change: t`Already ${inactive}: nothing to send`, willSend: false };
        }
        const from = userStatusLabel(status);
        return {
          row,
          change: row.loginEnabled
            ? t`Status ${from} → ${inactive}, sign-in off`
            : t`Status ${from} → ${inactive}`,
          willSend: true,
        };
      }),
    run: async (row, _params, signal) => {
      if (isOwnAccount(row, lookups.signedInUsername)) {
        throw new Error(
          t`Your own account: deactivating it would sign you out for good: nothing sent.`,
        );
      }
      const fresh = await readForStatusChange(row.userId, signal);
      const previousStatus = fresh.status;
      if (previousStatus === INACTIVE_STATUS)
        return { summary: t`Already ${inactive}: nothing sent`, undo: null };
      throwIfCancelled(signal);
      await fresh.send({ status: INACTIVE_STATUS, loginEnabled: false });
      const note = listedValueNote(
        userStatusLabel(row.status ?? DEFAULT_STATUS),
        userStatusLabel(previousStatus),
      );
      const from = userStatusLabel(previousStatus);
      return {
        summary: fresh.loginEnabled
          ? t`Status ${from} → ${inactive}, sign-in off${note}`
          : t`Status ${from} → ${inactive}${note}`,
        undo: { previousStatus, previousLoginEnabled: fresh.loginEnabled },
      };
    },
    undo: async (row, { previousStatus, previousLoginEnabled }, signal) => {
      const fresh = await readForStatusChange(row.userId, signal);
      const status = fresh.status;
      const previous = userStatusLabel(previousStatus);
      if (status === previousStatus) return t`Already ${previous}: nothing sent`;
      if (status !== INACTIVE_STATUS) throw changedSinceError(t`Status`, userStatusLabel(status));
      throwIfCancelled(signal);
      await fresh.send({
        status: previousStatus,
        loginEnabled: previousLoginEnabled || fresh.loginEnabled,
      });
      return previousLoginEnabled
        ? t`Status back to ${previous}, sign-in on`
        : t`Status back to ${previous}`;
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
  const { i18n } = useLingui();
  const rolesQuery = useQuery(rolesQueryOptions());
  const { labelsById: groupLabels } = useGroupOptions();
  const signedInUsername = useSignedInUsername();
  const locale = i18n.locale;
  return useMemo(() => {
    // Built again in a newly chosen language: the actions' labels are made here.
    void locale;
    return createUserBulkActions({
      roleOptions: (rolesQuery.data ?? []).map((role) => ({
        value: String(role.id),
        label: roleLabel(role.id, role.name),
      })),
      groupLabel: (groupId) => groupLabels.get(groupId.toLowerCase()) ?? t`a group not listed here`,
      signedInUsername,
    });
  }, [rolesQuery.data, groupLabels, signedInUsername, locale]);
}
