import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '@/api/api-error';
import { groupPathNames, isRootGroup, type GroupTree, type GroupTreeNode } from '@/api/group-tree';
import { ChangeButton } from '@/components/change-control';
import { FieldTable } from '@/components/field-table';
import { formatDateTime } from '@/lib/format';
import { formatGroupPath } from '@/lib/group-path';
import { CreateGroupDialog } from './group-create-dialog';
import { GroupDescendants } from './group-descendants';
import { GroupEditForm } from './group-edit-form';
import { GroupHoldingsRefusal } from './group-holdings-refusal';
import { MoveGroupDialog } from './group-move-dialog';
import { useGroupDeletion } from './use-group-deletion';

/** Everything about the selected group: its fields, its descendants and what can be done to it. */
export function GroupDetailPanel({
  node,
  tree,
  onSelectGroup,
  reveal = false,
}: {
  node: GroupTreeNode;
  tree: GroupTree;
  onSelectGroup: (groupId: string | null) => void;
  /**
   * Scroll the panel into view and focus it when it opens: where it sits below the tree (a
   * phone), a group chosen there would otherwise open out of sight.
   */
  reveal?: boolean;
}) {
  const { t } = useLingui();
  /** The service's empty date (year 1) reads as null (see api/tolerant-read.ts). */
  const formatGroupDate = (value: string | null | undefined) =>
    value ? formatDateTime(value) : t`Not set`;
  const { group } = node;
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!reveal) return;
    sectionRef.current?.scrollIntoView({ block: 'start' });
    sectionRef.current?.focus({ preventScroll: true });
  }, [reveal]);
  const isRoot = isRootGroup(group);
  const [dialog, setDialog] = useState<'create' | 'move' | null>(null);
  const deletion = useGroupDeletion(node, (parent) => onSelectGroup(parent?.group.id ?? null));

  return (
    <Paper
      ref={sectionRef}
      withBorder
      p="md"
      component="section"
      aria-labelledby="group-detail-title"
      tabIndex={-1}
      // Clear of the fixed header when scrolled into view.
      style={{
        scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-sm))',
      }}
    >
      <Stack>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} size="h3" id="group-detail-title">
                {group.name}
              </Title>
              {isRoot && (
                <Badge variant="light" color="gray">
                  <Trans>Root</Trans>
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {formatGroupPath(groupPathNames(node))}
            </Text>
          </Stack>
          <Group gap="xs">
            <ChangeButton size="xs" onClick={() => setDialog('create')}>
              <Trans>New subgroup</Trans>
            </ChangeButton>
            <ChangeButton
              size="xs"
              variant="default"
              disabled={isRoot}
              onClick={() => setDialog('move')}
            >
              <Trans>Move…</Trans>
            </ChangeButton>
            <ChangeButton
              size="xs"
              variant="light"
              color="red"
              disabled={isRoot || deletion.deleting}
              loading={deletion.checking}
              onClick={() => void deletion.start()}
            >
              <Trans>Delete…</Trans>
            </ChangeButton>
          </Group>
        </Group>

        {isRoot && (
          <Alert color="gray" title={t`The root group is mandatory`}>
            <Trans>It cannot be renamed, moved or deleted. Every other group sits below it.</Trans>
          </Alert>
        )}
        {deletion.refusal && (
          <GroupHoldingsRefusal
            groupId={group.id}
            groupName={group.name}
            summary={deletion.refusal}
            onCheckAgain={() => void deletion.start()}
            checking={deletion.checking}
          />
        )}
        {deletion.error && (
          <Alert color="red" title={t`The group was not deleted`} role="alert">
            {describeError(deletion.error)}
          </Alert>
        )}

        <FieldTable
          label={t`Group details`}
          record={group}
          labelWidth={150}
          rows={[
            [t`Name`, group.name],
            [t`Description`, group.description || '—'],
            [t`Full path`, group.fullPath],
            [
              t`ID`,
              <Group key="id" gap={4} wrap="nowrap">
                <Code style={{ overflowWrap: 'anywhere' }}>{group.id}</Code>
                <CopyButton value={group.id}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="subtle" onClick={copy}>
                      {copied ? t`Copied` : t`Copy`}
                    </Button>
                  )}
                </CopyButton>
              </Group>,
            ],
            [t`Revision`, group.revision, 'revision'],
            [t`Created`, formatGroupDate(group.createdDate), 'createdDate'],
            [t`Updated`, formatGroupDate(group.updatedDate), 'updatedDate'],
            [t`Direct subgroups`, node.children.length],
          ]}
        />

        {/* Keyed: another group gets a fresh form, not the last one's edits. */}
        {!isRoot && <GroupEditForm key={group.id} node={node} />}
        <GroupDescendants node={node} tree={tree} />
      </Stack>

      {dialog === 'create' && (
        <CreateGroupDialog
          parent={node}
          onClose={() => setDialog(null)}
          onCreated={(created) => onSelectGroup(created.id)}
        />
      )}
      {dialog === 'move' && <MoveGroupDialog node={node} onClose={() => setDialog(null)} />}
      {deletion.confirmationDialog}
    </Paper>
  );
}
