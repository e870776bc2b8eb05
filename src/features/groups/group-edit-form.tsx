import { Alert, Button, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { describeError } from '@/api/api-error';
import { useUpdateGroupMutation, type UpdateGroupRequest } from '@/api/groups';
import type { GroupTreeNode } from '@/lib/group-tree';
import { groupDescriptionProblem, groupNameProblem, siblingNameProblem } from './group-fields';

interface GroupEditValues {
  name: string;
  description: string;
}

/** Rename and describe a group; only the fields that changed are sent. */
export function GroupEditForm({ node }: { node: GroupTreeNode }) {
  const { group } = node;
  const updateGroup = useUpdateGroupMutation();
  const form = useForm<GroupEditValues>({
    mode: 'controlled',
    initialValues: { name: group.name, description: group.description ?? '' },
    validate: {
      name: (name) =>
        groupNameProblem(name) ??
        (node.parent ? siblingNameProblem(node.parent, name, node) : null),
      description: groupDescriptionProblem,
    },
  });

  const submit = form.onSubmit((values) => {
    const body: UpdateGroupRequest = {};
    if (values.name.trim() !== group.name) body.name = values.name.trim();
    if (values.description.trim() !== (group.description ?? '')) {
      body.description = values.description.trim();
    }
    updateGroup.mutate(
      { groupId: group.id, body },
      {
        onSuccess: (saved) => {
          const next = { name: saved.name, description: saved.description ?? '' };
          form.setValues(next);
          form.resetDirty(next);
          notifications.show({ color: 'green', message: `“${saved.name}” was saved.` });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="group-edit-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="group-edit-title">
          Name and description
        </Title>
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('description')}
        />
        {updateGroup.error && (
          <Alert color="red" title="The changes were not saved" role="alert">
            {describeError(updateGroup.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={!form.isDirty() || updateGroup.isPending}
            onClick={() => {
              form.reset();
              updateGroup.reset();
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" loading={updateGroup.isPending} disabled={!form.isDirty()}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
