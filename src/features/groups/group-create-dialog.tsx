import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { describeError } from '@/api/api-error';
import { groupPathNames, type GroupTreeNode } from '@/api/group-tree';
import { useCreateGroupMutation, type Group as GroupRecord } from '@/api/groups';
import { useUnsavedWork } from '@/api/use-unsaved-work';
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
          notifications.show({
            color: 'green',
            message: (
              <>
                “<UserText>{group.name}</UserText>” was created under “
                <UserText>{parent.group.name}</UserText>”.
              </>
            ),
          });
          onCreated(group);
          onClose();
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title="New subgroup" centered>
      <form onSubmit={submit} noValidate aria-label="New subgroup">
        <Stack>
          <Text size="sm" c="dimmed">
            Under {formatGroupPath(groupPathNames(parent))}
          </Text>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
          {createGroup.error && (
            <Alert color="red" title="The group was not created" role="alert">
              {describeError(createGroup.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={createGroup.isPending}>
              Create group
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
