import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { describeError } from '@/api/api-error';
import {
  diffGroupRoles,
  usePatchUserGroupRolesMutation,
  userDetailQueryOptions,
  useUpdateUserMutation,
  type User,
} from '@/api/users';
import { PageHeader } from '@/components/page-header';
import { GroupRolesEditor, type EditableGroupRole } from './group-roles-editor';
import {
  UserProfileFields,
  userProfileFromUser,
  userProfileToRequest,
  validateUserProfile,
  type UserProfileValues,
} from './user-profile-fields';
import { fullName } from './user-name';

const route = getRouteApi('/_auth/users/$userId');

export function UserDetailPage() {
  const { userId } = route.useParams();
  const { data: user } = useSuspenseQuery(userDetailQueryOptions(userId));
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
      {/* Keyed by user so switching users starts fresh forms, while refetches never wipe edits. */}
      <UserProfileSection key={`profile-${user.userId}`} user={user} />
      <UserRolesSection key={`roles-${user.userId}`} user={user} />
    </Stack>
  );
}

function UserProfileSection({ user }: { user: User }) {
  const updateUser = useUpdateUserMutation();
  const form = useForm<UserProfileValues>({
    mode: 'controlled',
    initialValues: userProfileFromUser(user),
    validate: (values) => validateUserProfile(values, { passwordRequired: false }),
  });

  const submit = form.onSubmit((values) => {
    updateUser.mutate(
      {
        userId: user.userId,
        // PUT replaces the whole user: send every field, with the roles as the service has them.
        body: {
          ...userProfileToRequest(values),
          status: values.status,
          groupRoles: (user.groupRoles ?? []).map(({ groupId, roleId }) => ({ groupId, roleId })),
          ...(values.loginEnabled && values.password ? { password: values.password } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          const next = userProfileFromUser(saved);
          form.setValues(next);
          form.resetDirty(next);
          notifications.show({ color: 'green', message: 'The user was saved.' });
        },
      },
    );
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-profile-title">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" id="user-profile-title">
            Profile
          </Title>
          <UserProfileFields form={form} mode="edit" />
          {updateUser.error && (
            <Alert color="red" title="The changes were not saved" role="alert">
              {describeError(updateUser.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!form.isDirty() || updateUser.isPending}
              onClick={() => form.reset()}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={updateUser.isPending} disabled={!form.isDirty()}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function UserRolesSection({ user }: { user: User }) {
  const patchRoles = usePatchUserGroupRolesMutation();
  const saved = useMemo<EditableGroupRole[]>(() => user.groupRoles ?? [], [user.groupRoles]);
  const [draft, setDraft] = useState<EditableGroupRole[]>(saved);
  const operations = useMemo(() => diffGroupRoles(saved, draft), [saved, draft]);

  const save = () => {
    if (draft.length === 0) return;
    patchRoles.mutate(
      { userId: user.userId, operations },
      {
        onSuccess: (result) => {
          setDraft(result.groupRoles ?? []);
          notifications.show({ color: 'green', message: 'The roles were saved.' });
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
        <GroupRolesEditor value={draft} onChange={setDraft} disabled={patchRoles.isPending} />
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
          <Text size="sm" c="dimmed" aria-live="polite">
            {operations.length === 0
              ? 'No unsaved role changes.'
              : `Unsaved: ${added} to add, ${removed} to remove. Only these are sent.`}
          </Text>
          <Group>
            <Button
              variant="default"
              disabled={operations.length === 0 || patchRoles.isPending}
              onClick={() => setDraft(saved)}
            >
              Discard
            </Button>
            <Button
              onClick={save}
              loading={patchRoles.isPending}
              disabled={operations.length === 0 || draft.length === 0}
            >
              Save roles
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
