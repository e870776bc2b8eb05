import { Alert, Badge, Button, Fieldset, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { describeError } from '@/api/api-error';
import { DEFAULT_BACKLOG_DAYS } from '@/api/coaching-backlog-window';
import {
  diffGroupRoles,
  rolesQueryOptions,
  usePatchUserGroupRolesMutation,
  userDetailQueryOptions,
  useUpdateUserMutation,
  type GroupRoleAssignment,
  type UpdateUserRequest,
  type User,
} from '@/api/users';
import { useConfirmation } from '@/components/confirm-dialog';
import { useEditConflictCheck } from '@/components/edit-conflict-dialog';
import { EditFormFooter, FormSaveStatus } from '@/components/form-save-status';
import { useGroupOptions } from '@/api/group-options';
import { PageHeader } from '@/components/page-header';
import {
  knownValues,
  stillUnread,
  unknownAfterEdit,
  type ConflictField,
  type UnreadFields,
} from '@/lib/edit-conflicts';
import { useUnsavedWork } from '@/api/use-unsaved-work';
import { useAccessRule } from '@/components/use-access-rule';
import { GroupRolesEditor, type EditableGroupRole } from './group-roles-editor';
import {
  describeUserProfileField,
  userProfileConflictFields,
  UserProfileFields,
  userProfileFromUser,
  userReplacementRequest,
  unreadUserProfileFields,
  validateUserProfile,
  type UserProfileValues,
} from './user-profile-fields';
import { countCoachingAwaitedFrom } from './coaching-awaited';
import { fullName } from './user-name';
import { INACTIVE_STATUS } from './user-status';
import { UserText } from '@/components/user-text';

const route = getRouteApi('/_auth/users/$userId');

export function UserDetailPage() {
  const { userId } = route.useParams();
  const { data: user } = useSuspenseQuery(userDetailQueryOptions(userId));
  const { rule } = useAccessRule();
  // The service refuses edits to a user holding roles the editor could not have granted.
  const readOnly = !!rule && !rule.canManage(user.groupRoles ?? []);
  return (
    <Stack maw={880}>
      <PageHeader
        title={fullName(user)}
        description={
          <>
            {user.username} {user.employeeId ? `· ${user.employeeId}` : ''}{' '}
            <Badge variant="light" color={user.status === 'Active' ? 'green' : 'gray'} ml={4}>
              {user.status ?? 'Unknown'}
            </Badge>
          </>
        }
        actions={
          <Button variant="default" component={Link} to="/users">
            Back to users
          </Button>
        }
      />
      {readOnly && (
        <Alert color="gray" title="Read only">
          {USER_NOT_MANAGEABLE_NOTE}
        </Alert>
      )}
      {/* Keyed by user so switching users starts fresh forms, while refetches never wipe edits. */}
      <UserProfileSection key={`profile-${user.userId}`} user={user} readOnly={readOnly} />
      <UserRolesSection key={`roles-${user.userId}`} user={user} readOnly={readOnly} />
    </Stack>
  );
}

const USER_NOT_MANAGEABLE_NOTE =
  'This user holds roles you cannot grant (roles you do not hold, or outside your groups), so you can read but not change their profile or roles.';

function UserProfileSection({ user, readOnly }: { user: User; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const updateUser = useUpdateUserMutation();
  const { options: groupOptions } = useGroupOptions();
  // The user as this form last read them: a refetch must not move what edits are measured against.
  const [base, setBase] = useState(() => userProfileFromUser(user));
  // The fields no read has sent yet: the form shows placeholders for them, never sent unless typed.
  const [baseUnread, setBaseUnread] = useState(() => unreadUserProfileFields(user));
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<UserProfileValues>({
    mode: 'controlled',
    initialValues: base,
    validate: (values) =>
      validateUserProfile(values, { passwordRequired: false, primaryGroupRequired: true }),
  });
  useUnsavedWork(form.isDirty());
  const { check, conflictDialog } = useEditConflictCheck<UserProfileValues>({
    fields: userProfileConflictFields,
    subject: 'user',
    describe: (key, value) =>
      describeUserProfileField(key, value, [
        ...groupOptions,
        ...(user.groupRoles ?? []).map((role) => ({
          value: role.groupId,
          label: role.groupName ?? role.groupId,
        })),
      ]),
  });

  const { confirm, confirmationDialog } = useConfirmation();

  const save: Parameters<typeof form.onSubmit>[0] = async (mine) => {
    if (checking) return;
    // Deactivating locks a person out: asked first, as the bulk Deactivate shows its preview.
    if (mine.status === INACTIVE_STATUS && base.status !== INACTIVE_STATUS) {
      setChecking(true);
      const awaiting = await countCoachingAwaitedFrom(queryClient, user.userId);
      setChecking(false);
      const confirmed = await confirm({
        title: (
          <>
            Deactivate <UserText>{fullName(user)}</UserText>?
          </>
        ),
        message: (
          <Stack gap="xs">
            <Text size="sm">
              They will no longer be able to sign in, and Can sign in is turned off. Setting the
              status back to Active later does not turn it on again.
            </Text>
            {awaiting === null ? (
              <Text size="sm">
                Whether they coach events still awaiting coaching could not be checked.
              </Text>
            ) : (
              awaiting > 0 && (
                <Text size="sm" fw={600}>
                  They are the coach of {awaiting} {awaiting === 1 ? 'event' : 'events'} awaiting
                  coaching in the last {DEFAULT_BACKLOG_DAYS} days. Give{' '}
                  {awaiting === 1 ? 'it' : 'them'} another coach in the vendor’s coaching workflow,
                  or {awaiting === 1 ? 'it goes' : 'they go'} uncoached.
                </Text>
              )
            )}
          </Stack>
        ),
        confirmLabel: 'Deactivate',
        danger: true,
      });
      if (!confirmed) return;
    }
    setChecking(true);
    setRefusal(null);
    let fresh: User;
    let unread: UnreadFields<UserProfileValues>;
    let resolved: UserProfileValues | null;
    try {
      fresh = await queryClient.fetchQuery({
        ...userDetailQueryOptions(user.userId),
        staleTime: 0,
      });
      unread = { base: baseUnread, theirs: unreadUserProfileFields(fresh) };
      resolved = await check({ base, theirs: userProfileFromUser(fresh), mine, unread });
    } catch (error) {
      setChecking(false);
      notifications.show({
        color: 'red',
        message: `The user could not be checked for other people's changes: ${describeError(error)}`,
      });
      return;
    }
    setChecking(false);
    if (!resolved) return;
    const known = knownValues(base, userProfileFromUser(fresh), unread);
    const values = resolved;
    let body: UpdateUserRequest;
    try {
      // PUT replaces the whole user: every field as known, with the roles as the service has them now.
      const unknown = unknownAfterEdit(base, mine, userProfileConflictFields, unread);
      body = userReplacementRequest(values, fresh, new Set(unknown.map((field) => field.key)));
    } catch (error) {
      setRefusal(error);
      return;
    }
    setBase(known);
    setBaseUnread(stillUnread(unread));
    form.setValues(values);
    form.resetDirty(known);
    updateUser.mutate(
      {
        userId: user.userId,
        body: {
          ...body,
          ...(values.loginEnabled && values.password ? { password: values.password } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          // What was just sent is known, whatever the answer leaves out.
          const savedUnread = { theirs: unreadUserProfileFields(saved) };
          const next = knownValues(values, userProfileFromUser(saved), savedUnread);
          setBase(next);
          setBaseUnread(new Set());
          form.setValues(next);
          form.resetDirty(next);
          setSavedNote('Saved. No unsaved changes.');
          notifications.show({ color: 'green', message: 'The user was saved.' });
          statusRef.current?.focus();
        },
      },
    );
  };
  // Mantine builds the submit handler when the form is submitted, not while rendering.
  const submit = (event?: FormEvent<HTMLFormElement>) => form.onSubmit(save)(event);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-profile-title">
      <form onSubmit={submit} noValidate aria-labelledby="user-profile-title">
        <Stack>
          <Title order={2} size="h4" id="user-profile-title">
            Profile
          </Title>
          {/* Disabled as a whole: a user the editor may not manage is read only. */}
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack>
              <UserProfileFields form={form} mode="edit" unread={baseUnread} />
              <EditFormFooter
                statusRef={statusRef}
                unsavedText={form.isDirty() ? 'Unsaved changes.' : null}
                savedNote={savedNote}
                saving={updateUser.isPending}
                error={refusal ?? updateUser.error}
                onDiscard={() => {
                  setRefusal(null);
                  form.setValues(base);
                }}
              />
            </Stack>
          </Fieldset>
        </Stack>
      </form>
      {conflictDialog}
      {confirmationDialog}
    </Paper>
  );
}

function UserRolesSection({ user, readOnly }: { user: User; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const patchRoles = usePatchUserGroupRolesMutation();
  const roleNames = useRoleNames();
  const { options: groupOptions } = useGroupOptions();
  // The roles as this section last read them from the service.
  const [saved, setSaved] = useState<EditableGroupRole[]>(() => user.groupRoles ?? []);
  const [draft, setDraft] = useState<EditableGroupRole[]>(saved);
  const [checking, setChecking] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const operations = useMemo(() => diffGroupRoles(saved, draft), [saved, draft]);
  useUnsavedWork(operations.length > 0);
  const { check, conflictDialog } = useEditConflictCheck<GroupRoleHoldings>({
    subject: 'user',
    describe: (_key, held) => (held ? 'Has this role' : 'Does not have this role'),
  });

  const save = async () => {
    if (draft.length === 0 || checking) return;
    setChecking(true);
    let fresh: User;
    let resolved: GroupRoleHoldings | null;
    const known = new Map<string, EditableGroupRole>();
    try {
      fresh = await queryClient.fetchQuery({
        ...userDetailQueryOptions(user.userId),
        staleTime: 0,
      });
      // Left out, the roles are unknown: comparing with none would invent removals.
      if (fresh.groupRoles === undefined) {
        throw new Error("The service's answer left out the user's roles.");
      }
      const theirsRoles = fresh.groupRoles ?? [];
      for (const role of [...saved, ...theirsRoles, ...draft]) known.set(groupRoleKey(role), role);
      const groupLabel = (role: EditableGroupRole) =>
        groupOptions.find((option) => option.value.toLowerCase() === role.groupId.toLowerCase())
          ?.label ??
        role.groupName ??
        role.groupId;
      const fields: ConflictField<GroupRoleHoldings>[] = [...known.entries()].map(
        ([key, role]) => ({ key, label: `${roleNames(role.roleId)} in ${groupLabel(role)}` }),
      );
      resolved = await check({
        base: roleHoldings(saved, known),
        theirs: roleHoldings(theirsRoles, known),
        mine: roleHoldings(draft, known),
        fields,
      });
    } catch (error) {
      setChecking(false);
      notifications.show({
        color: 'red',
        message: `The roles could not be checked for other people's changes: ${describeError(error)}`,
      });
      return;
    }
    setChecking(false);
    if (!resolved) return;
    const theirsRoles = fresh.groupRoles ?? [];
    const next = [...known.entries()].flatMap(([key, role]) => (resolved[key] ? [role] : []));
    setSaved(theirsRoles);
    setDraft(next);
    const changes = diffGroupRoles(theirsRoles, next);
    if (changes.length === 0) {
      setSavedNote('Nothing left to save: the list shows the saved roles.');
      statusRef.current?.focus();
      return;
    }
    if (next.length === 0) return;
    patchRoles.mutate(
      { userId: user.userId, operations: changes },
      {
        onSuccess: (result) => {
          setSaved(result.groupRoles ?? []);
          setDraft(result.groupRoles ?? []);
          setSavedNote('Saved. No unsaved role changes.');
          notifications.show({ color: 'green', message: 'The roles were saved.' });
          statusRef.current?.focus();
        },
      },
    );
  };

  const added = operations.filter((operation) => operation.op === 'add').length;
  const removed = operations.length - added;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-roles-title">
      <Stack>
        <Title order={2} size="h4" id="user-roles-title">
          Roles by group
        </Title>
        <Text size="xs" c="dimmed">
          The service keeps no history of role changes or deactivations that the console can read:
          the group audit log records changes to groups only. Note who changed what, and why, where
          your company keeps such records.
        </Text>
        <GroupRolesEditor
          value={draft}
          onChange={setDraft}
          disabled={readOnly || patchRoles.isPending}
        />
        {draft.length === 0 && (
          <Text size="sm" c="red" role="alert">
            A user needs at least one role. Add one before saving.
          </Text>
        )}
        {patchRoles.error && (
          <Alert color="red" title="The roles were not saved" role="alert">
            {describeError(patchRoles.error)}
          </Alert>
        )}
        <Group justify="space-between">
          <FormSaveStatus ref={statusRef}>
            {operations.length === 0
              ? (savedNote ?? 'No unsaved role changes.')
              : `Unsaved: ${added} to add, ${removed} to remove. Only these are sent.`}
          </FormSaveStatus>
          <Group>
            <Button
              variant="default"
              disabled={operations.length === 0 || patchRoles.isPending}
              onClick={() => setDraft(saved)}
            >
              Discard
            </Button>
            <Button
              onClick={() => void save()}
              loading={patchRoles.isPending}
              disabled={readOnly || operations.length === 0 || draft.length === 0}
            >
              Save roles
            </Button>
          </Group>
        </Group>
      </Stack>
      {conflictDialog}
    </Paper>
  );
}

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
    return (roleId: number) => names.get(roleId) ?? `Role ${roleId}`;
  }, [rolesQuery.data]);
}
