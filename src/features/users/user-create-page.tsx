import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { describeError } from '@/api/api-error';
import { useUnsavedWork } from '@/api/use-unsaved-work';
import { useCreateUserMutation, userSearchIndexQueryOptions } from '@/api/users';
import { ChangeButton } from '@/components/change-control';
import { PageHeader } from '@/components/page-header';
import { UserText } from '@/components/user-text';
import { proposeUsername } from '@/lib/username';
import { GroupRolesEditor, type EditableGroupRole } from './group-roles-editor';
import {
  emptyUserProfile,
  UserProfileFields,
  userProfileToRequest,
  validateUserProfile,
  type UserProfileValues,
} from './user-profile-fields';

export function UserCreatePage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const createUser = useCreateUserMutation();
  const [groupRoles, setGroupRoles] = useState<EditableGroupRole[]>([]);
  // Said once a create was tried without roles, and only while there are none.
  const [triedWithoutRoles, setTriedWithoutRoles] = useState(false);
  const form = useForm<UserProfileValues>({
    mode: 'controlled',
    initialValues: emptyUserProfile(),
    validate: (values) => validateUserProfile(values, { passwordRequired: true }),
  });
  useUnsavedWork(form.isDirty());
  // The company's usernames are first.last: an empty Username gets one, numbered past those the
  // company's users hold (the service would otherwise make "UmaXavier…" of the name).
  const userIndex = useQuery(userSearchIndexQueryOptions());
  const takenUsernames = useMemo(
    () =>
      new Set(
        (userIndex.data?.users ?? []).flatMap((user) =>
          user.username ? [user.username.toLowerCase()] : [],
        ),
      ),
    [userIndex.data],
  );
  const proposedUsername = userIndex.data
    ? proposeUsername(form.values.firstName, form.values.lastName, (candidate) =>
        takenUsernames.has(candidate),
      )
    : '';

  const submit = form.onSubmit((values) => {
    if (groupRoles.length === 0) {
      setTriedWithoutRoles(true);
      return;
    }
    const request = userProfileToRequest(values);
    createUser.mutate(
      {
        ...request,
        username: request.username ?? (proposedUsername || null),
        groupRoles: groupRoles.map(({ groupId, roleId }) => ({ groupId, roleId })),
        password: values.loginEnabled ? values.password : null,
      },
      {
        onSuccess: (user) => {
          const userName = `${user.firstName ?? ''} ${user.lastName ?? ''}`;
          const username = user.username;
          notifications.show({
            color: 'green',
            message: username ? (
              <Trans>
                <UserText>{userName}</UserText> was added as <UserText>{username}</UserText>.
              </Trans>
            ) : (
              <Trans>
                <UserText>{userName}</UserText> was added as a new user.
              </Trans>
            ),
          });
          void navigate({ to: '/users/$userId', params: { userId: user.userId } });
        },
      },
    );
  });

  return (
    <Stack maw={880}>
      <PageHeader title={t`New user`} description={t`Users are created one at a time.`} />
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate aria-label={t`New user`}>
          <Stack>
            <UserProfileFields form={form} mode="create" proposedUsername={proposedUsername} />
            <Title order={2} size="h4" mt="sm">
              <Trans>Roles</Trans>
            </Title>
            <GroupRolesEditor
              value={groupRoles}
              onChange={setGroupRoles}
              disabled={createUser.isPending}
            />
            {triedWithoutRoles && groupRoles.length === 0 && (
              <Text c="red" size="sm" role="alert">
                <Trans>Add at least one role in a group.</Trans>
              </Text>
            )}
            {createUser.error && (
              <Alert color="red" title={t`The user was not created`} role="alert">
                {describeError(createUser.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/users">
                <Trans>Cancel</Trans>
              </Button>
              <ChangeButton type="submit" loading={createUser.isPending}>
                <Trans>Create user</Trans>
              </ChangeButton>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
