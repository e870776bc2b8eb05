import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { describeError } from '@/api/api-error';
import { useCreateUserMutation } from '@/api/users';
import { PageHeader } from '@/components/page-header';
import { useUnsavedWork } from '@/lib/use-unsaved-work';
import { GroupRolesEditor, type EditableGroupRole } from './group-roles-editor';
import {
  emptyUserProfile,
  UserProfileFields,
  userProfileToRequest,
  validateUserProfile,
  type UserProfileValues,
} from './user-profile-fields';
import { UserText } from '@/components/user-text';

export function UserCreatePage() {
  const navigate = useNavigate();
  const createUser = useCreateUserMutation();
  const [groupRoles, setGroupRoles] = useState<EditableGroupRole[]>([]);
  const [rolesError, setRolesError] = useState<string | null>(null);
  const form = useForm<UserProfileValues>({
    mode: 'controlled',
    initialValues: emptyUserProfile(),
    validate: (values) => validateUserProfile(values, { passwordRequired: true }),
  });
  useUnsavedWork(form.isDirty());

  const submit = form.onSubmit((values) => {
    if (groupRoles.length === 0) {
      setRolesError('Add at least one role in a group.');
      return;
    }
    setRolesError(null);
    createUser.mutate(
      {
        ...userProfileToRequest(values),
        groupRoles: groupRoles.map(({ groupId, roleId }) => ({ groupId, roleId })),
        password: values.loginEnabled ? values.password : null,
      },
      {
        onSuccess: (user) => {
          notifications.show({
            color: 'green',
            message: (
              <>
                <UserText>{`${user.firstName ?? ''} ${user.lastName ?? ''}`}</UserText> was added as{' '}
                {user.username ? <UserText>{user.username}</UserText> : 'a new user'}.
              </>
            ),
          });
          void navigate({ to: '/users/$userId', params: { userId: user.userId } });
        },
      },
    );
  });

  return (
    <Stack maw={880}>
      <PageHeader title="New user" description="Users are created one at a time." />
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate aria-label="New user">
          <Stack>
            <UserProfileFields form={form} mode="create" />
            <Title order={2} size="h4" mt="sm">
              Roles
            </Title>
            <GroupRolesEditor
              value={groupRoles}
              onChange={setGroupRoles}
              disabled={createUser.isPending}
            />
            {rolesError && (
              <Text c="red" size="sm" role="alert">
                {rolesError}
              </Text>
            )}
            {createUser.error && (
              <Alert color="red" title="The user was not created" role="alert">
                {describeError(createUser.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/users">
                Cancel
              </Button>
              <Button type="submit" loading={createUser.isPending}>
                Create user
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
