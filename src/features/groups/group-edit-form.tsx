import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { GroupTreeNode } from '@/api/group-tree';
import {
  groupDetailQueryOptions,
  useUpdateGroupMutation,
  type Group as GroupRecord,
  type UpdateGroupRequest,
} from '@/api/groups';
import { useRecordEdit } from '@/components/edit/use-record-edit';
import type { ReadValues } from '@/components/edit/use-record-save';
import { EditFormFooter } from '@/components/form-save-status';
import { UserText } from '@/components/user-text';
import { unreadKeys, type ConflictField } from '@/lib/edit-conflicts';
import { groupDescriptionProblem, groupNameProblem, siblingNameProblem } from './group-fields';

interface GroupEditValues {
  name: string;
  description: string;
}

const groupConflictFieldLabels = {
  name: msg`Name`,
  description: msg`Description`,
} as const;

/** Left out by the answer, the description is unknown: its '' in the form is a placeholder. */
const readGroup = (group: GroupRecord): ReadValues<GroupEditValues> => ({
  values: { name: group.name, description: group.description ?? '' },
  unread: unreadKeys(group, ['description']),
});

/** Rename and describe a group; only the fields that changed are sent. */
export function GroupEditForm({ node }: { node: GroupTreeNode }) {
  const { t, i18n } = useLingui();
  const { group } = node;
  const queryClient = useQueryClient();
  const updateGroup = useUpdateGroupMutation();
  const edit = useRecordEdit({
    subject: t`group`,
    // The group as this form last read it: the tree refetching must not move the comparison.
    initial: readGroup(group),
    read: () => queryClient.fetchQuery({ ...groupDetailQueryOptions(group.id), staleTime: 0 }),
    valuesOf: readGroup,
    conflictFields: [
      { key: 'name', label: i18n._(groupConflictFieldLabels.name) },
      { key: 'description', label: i18n._(groupConflictFieldLabels.description) },
    ] satisfies ConflictField<GroupEditValues>[],
    describe: (_key, value) => value.trim() || t`Not set`,
    validate: {
      name: (name) =>
        groupNameProblem(name) ??
        (node.parent ? siblingNameProblem(node.parent, name, node) : null),
      description: groupDescriptionProblem,
    },
    writes: 'patch',
    // Only what differs from the group as known: never a placeholder for a field left out.
    toRequest: ({ values, known }) => {
      const body: UpdateGroupRequest = {};
      if (values.name.trim() !== known.name) body.name = values.name.trim();
      if (values.description.trim() !== known.description) {
        body.description = values.description.trim();
      }
      return Object.keys(body).length === 0 ? null : body;
    },
    send: (body) => updateGroup.mutateAsync({ groupId: group.id, body }),
    savedValuesOf: readGroup,
    onSaved: (saved) => {
      const groupName = saved.name;
      notifications.show({
        color: 'green',
        message: (
          <Trans>
            “<UserText>{groupName}</UserText>” was saved.
          </Trans>
        ),
      });
    },
  });
  const { form } = edit;

  return (
    <>
      <form onSubmit={edit.submit} noValidate aria-labelledby="group-edit-title">
        <Stack gap="sm">
          <Title order={3} size="h5" id="group-edit-title">
            <Trans>Name and description</Trans>
          </Title>
          <TextInput label={t`Name`} required {...form.getInputProps('name')} />
          <Textarea
            label={t`Description`}
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
          <EditFormFooter edit={edit} unsavedText={edit.unsaved ? t`Unsaved changes.` : null} />
        </Stack>
      </form>
      {/* Outside the form: the dialog's events bubble through the portal to its React parent. */}
      {edit.conflictDialog}
    </>
  );
}
