import { Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { describeError } from '@/api/api-error';
import {
  groupDetailQueryOptions,
  useUpdateGroupMutation,
  type Group as GroupRecord,
  type UpdateGroupRequest,
} from '@/api/groups';
import { useEditConflictCheck } from '@/components/edit-conflict-dialog';
import { EditFormFooter } from '@/components/form-save-status';
import {
  knownValues,
  stillUnread,
  unreadKeys,
  type ConflictField,
  type UnreadFields,
} from '@/lib/edit-conflicts';
import type { GroupTreeNode } from '@/api/group-tree';
import { useUnsavedWork } from '@/api/use-unsaved-work';
import { groupDescriptionProblem, groupNameProblem, siblingNameProblem } from './group-fields';
import { UserText } from '@/components/user-text';

interface GroupEditValues {
  name: string;
  description: string;
}

const groupConflictFields: readonly ConflictField<GroupEditValues>[] = [
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description' },
];

const valuesOf = (group: GroupRecord): GroupEditValues => ({
  name: group.name,
  description: group.description ?? '',
});

/** Left out by the answer, the description is unknown: its '' in the form is a placeholder. */
const unreadOf = (group: GroupRecord): ReadonlySet<keyof GroupEditValues> =>
  unreadKeys(group, ['description']);

/** Rename and describe a group; only the fields that changed are sent. */
export function GroupEditForm({ node }: { node: GroupTreeNode }) {
  const { group } = node;
  const queryClient = useQueryClient();
  const updateGroup = useUpdateGroupMutation();
  // The group as this form last read it: the tree refetching must not move the comparison.
  const [base, setBase] = useState(() => valuesOf(group));
  const [baseUnread, setBaseUnread] = useState(() => unreadOf(group));
  const [checking, setChecking] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const form = useForm<GroupEditValues>({
    mode: 'controlled',
    initialValues: base,
    validate: {
      name: (name) =>
        groupNameProblem(name) ??
        (node.parent ? siblingNameProblem(node.parent, name, node) : null),
      description: groupDescriptionProblem,
    },
  });
  useUnsavedWork(form.isDirty());
  const { check, conflictDialog } = useEditConflictCheck<GroupEditValues>({
    fields: groupConflictFields,
    subject: 'group',
    describe: (_key, value) => value.trim() || 'Not set',
  });

  const save: Parameters<typeof form.onSubmit>[0] = async (mine) => {
    if (checking) return;
    setChecking(true);
    let theirs: GroupEditValues;
    let unread: UnreadFields<GroupEditValues>;
    let resolved: GroupEditValues | null;
    try {
      const fresh = await queryClient.fetchQuery({
        ...groupDetailQueryOptions(group.id),
        staleTime: 0,
      });
      theirs = valuesOf(fresh);
      unread = { base: baseUnread, theirs: unreadOf(fresh) };
      resolved = await check({ base, theirs, mine, unread });
    } catch (error) {
      setChecking(false);
      notifications.show({
        color: 'red',
        message: `The group could not be checked for other people's changes: ${describeError(error)}`,
      });
      return;
    }
    setChecking(false);
    if (!resolved) return;
    // Only what differs from the group as known: never a placeholder for a field left out.
    const known = knownValues(base, theirs, unread);
    setBase(known);
    setBaseUnread(stillUnread(unread));
    form.setValues(resolved);
    form.resetDirty(known);
    const body: UpdateGroupRequest = {};
    if (resolved.name.trim() !== known.name) body.name = resolved.name.trim();
    if (resolved.description.trim() !== known.description) {
      body.description = resolved.description.trim();
    }
    if (Object.keys(body).length === 0) {
      form.resetDirty(resolved);
      setSavedNote('Nothing left to save: the form shows the saved values.');
      statusRef.current?.focus();
      return;
    }
    updateGroup.mutate(
      { groupId: group.id, body },
      {
        onSuccess: (saved) => {
          const leftOut = { base: stillUnread(unread), theirs: unreadOf(saved) };
          const next = knownValues(resolved, valuesOf(saved), leftOut);
          setBase(next);
          setBaseUnread(stillUnread(leftOut));
          form.setValues(next);
          form.resetDirty(next);
          setSavedNote('Saved. No unsaved changes.');
          notifications.show({
            color: 'green',
            message: (
              <>
                “<UserText>{saved.name}</UserText>” was saved.
              </>
            ),
          });
          statusRef.current?.focus();
        },
      },
    );
  };
  // Mantine builds the submit handler when the form is submitted, not while rendering.
  const submit = (event?: FormEvent<HTMLFormElement>) => form.onSubmit(save)(event);

  return (
    <>
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
          <EditFormFooter
            statusRef={statusRef}
            unsavedText={form.isDirty() ? 'Unsaved changes.' : null}
            savedNote={savedNote}
            saving={updateGroup.isPending}
            error={updateGroup.error}
            onDiscard={() => {
              form.setValues(base);
              updateGroup.reset();
            }}
          />
        </Stack>
      </form>
      {/* Outside the form: the dialog's events bubble through the portal to its React parent. */}
      {conflictDialog}
    </>
  );
}
