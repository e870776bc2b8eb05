import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { describeError } from '@/api/api-error';
import { groupPathNames, type GroupTreeNode } from '@/api/group-tree';
import { useCreateGroupMutation, type Group as GroupRecord } from '@/api/groups';
import { useUnsavedWork } from '@/api/use-unsaved-work';
import { ChangeButton } from '@/components/change-control';
import { useReturnFocusOnUnmount } from '@/components/use-return-focus-on-unmount';
import { UserText } from '@/components/user-text';
import { formatGroupPath } from '@/lib/group-path';
import { groupDescriptionProblem, groupNameProblem, siblingNameProblem } from './group-fields';

/** A new group directly under `parent`. */
export function CreateGroupDialog({
  parent,
  onClose,
  onCreated,
}: {
  parent: GroupTreeNode;
  onClose: () => void;
  onCreated: (group: GroupRecord) => void;
}) {
  const { t } = useLingui();
  useReturnFocusOnUnmount();
  const createGroup = useCreateGroupMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', description: '' },
    validate: {
      name: (name: string) => groupNameProblem(name) ?? siblingNameProblem(parent, name),
      description: groupDescriptionProblem,
    },
  });
  useUnsavedWork(form.isDirty());

  const submit = form.onSubmit((values) => {
    createGroup.mutate(
      {
        name: values.name.trim(),
        parentId: parent.group.id,
        description: values.description.trim() || undefined,
      },
      {
        onSuccess: (group) => {
          const groupName = group.name;
          const parentName = parent.group.name;
          notifications.show({
            color: 'green',
            message: (
              <Trans>
                “<UserText>{groupName}</UserText>” was created under “
                <UserText>{parentName}</UserText>”.
              </Trans>
            ),
          });
          onCreated(group);
          onClose();
        },
      },
    );
  });

  const parentPath = formatGroupPath(groupPathNames(parent));
  return (
    <Modal opened onClose={onClose} title={t`New subgroup`} centered>
      <form onSubmit={submit} noValidate aria-label={t`New subgroup`}>
        <Stack>
          <Text size="sm" c="dimmed">
            <Trans>Under {parentPath}</Trans>
          </Text>
          <TextInput label={t`Name`} required data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label={t`Description`}
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
          {createGroup.error && (
            <Alert color="red" title={t`The group was not created`} role="alert">
              {describeError(createGroup.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <ChangeButton type="submit" loading={createGroup.isPending}>
              <Trans>Create group</Trans>
            </ChangeButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
