import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Fieldset, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_BACKLOG_DAYS } from '@/api/coaching-backlog-window';
import { useGroupOptions } from '@/api/group-options';
import { userDetailQueryOptions, useUpdateUserMutation, type User } from '@/api/users';
import { useConfirmation } from '@/components/confirm-dialog';
import { useRecordEdit } from '@/components/edit/use-record-edit';
import type { ReadValues } from '@/components/edit/use-record-save';
import { EditFormFooter } from '@/components/form-save-status';
import { UserText } from '@/components/user-text';
import { countCoachingAwaitedFrom } from './coaching-awaited';
import { fullName } from './user-name';
import {
  describeUserProfileField,
  unreadUserProfileFields,
  userProfileConflictFields,
  UserProfileFields,
  userProfileFromUser,
  userReplacementRequest,
  validateUserProfile,
  type UserProfileValues,
} from './user-profile-fields';
import { INACTIVE_STATUS } from './user-status';

const readProfile = (user: User): ReadValues<UserProfileValues> => ({
  values: userProfileFromUser(user),
  unread: unreadUserProfileFields(user),
});

/** A user's profile: a full replacement (PUT) of the user, roles as the service has them now. */
export function UserProfileSection({ user, readOnly }: { user: User; readOnly: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUserMutation();
  const { options: groupOptions } = useGroupOptions();
  const { confirm, confirmationDialog } = useConfirmation();

  /** Deactivating locks a person out: asked first, as the bulk Deactivate shows its preview. */
  const confirmDeactivation = async (mine: UserProfileValues, base: UserProfileValues) => {
    if (mine.status !== INACTIVE_STATUS || base.status === INACTIVE_STATUS) return true;
    const awaiting = await countCoachingAwaitedFrom(queryClient, user.userId);
    const userName = fullName(user);
    const backlogDays = DEFAULT_BACKLOG_DAYS;
    return confirm({
      title: (
        <Trans>
          Deactivate <UserText>{userName}</UserText>?
        </Trans>
      ),
      message: (
        <Stack gap="xs">
          <Text size="sm">
            <Trans>
              They will no longer be able to sign in, and Can sign in is turned off. Setting the
              status back to Active later does not turn it on again.
            </Trans>
          </Text>
          {awaiting === null ? (
            <Text size="sm">
              <Trans>Whether they coach events still awaiting coaching could not be checked.</Trans>
            </Text>
          ) : (
            awaiting > 0 && (
              <Text size="sm" fw={600}>
                <Plural
                  value={awaiting}
                  one={`They are the coach of # event awaiting coaching in the last ${backlogDays} days. Give it another coach in the vendor’s coaching workflow, or it goes uncoached.`}
                  other={`They are the coach of # events awaiting coaching in the last ${backlogDays} days. Give them another coach in the vendor’s coaching workflow, or they go uncoached.`}
                />
              </Text>
            )
          )}
        </Stack>
      ),
      confirmLabel: t`Deactivate`,
      danger: true,
    });
  };

  const edit = useRecordEdit({
    subject: t`user`,
    // The user as this form last read them: a refetch must not move what edits are measured against.
    initial: readProfile(user),
    read: () => queryClient.fetchQuery({ ...userDetailQueryOptions(user.userId), staleTime: 0 }),
    valuesOf: readProfile,
    conflictFields: userProfileConflictFields(),
    describe: (key, value) =>
      describeUserProfileField(key, value, [
        ...groupOptions,
        ...(user.groupRoles ?? []).map((role) => ({
          value: role.groupId,
          label: role.groupName ?? role.groupId,
        })),
      ]),
    validate: (values) =>
      validateUserProfile(values, { passwordRequired: false, primaryGroupRequired: true }),
    confirm: confirmDeactivation,
    writes: 'replace',
    // PUT replaces the whole user: every field as known, with the roles as the service has them now.
    toRequest: ({ values, fresh, unknown }) => ({
      ...userReplacementRequest(values, fresh, unknown),
      ...(values.loginEnabled && values.password ? { password: values.password } : {}),
    }),
    send: (body) => updateUser.mutateAsync({ userId: user.userId, body }),
    savedValuesOf: readProfile,
    onSaved: () => notifications.show({ color: 'green', message: t`The user was saved.` }),
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-profile-title">
      <form onSubmit={edit.submit} noValidate aria-labelledby="user-profile-title">
        <Stack>
          <Title order={2} size="h4" id="user-profile-title">
            <Trans>Profile</Trans>
          </Title>
          {/* Disabled as a whole: a user the editor may not manage is read only. */}
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack>
              <UserProfileFields form={edit.form} mode="edit" unread={edit.baseUnread} />
              <EditFormFooter edit={edit} unsavedText={edit.unsaved ? t`Unsaved changes.` : null} />
            </Stack>
          </Fieldset>
        </Stack>
      </form>
      {edit.conflictDialog}
      {confirmationDialog}
    </Paper>
  );
}
