import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useConfirmation } from '@/components/confirm-dialog';
import { UserText } from '@/components/user-text';
import { deleteView, loadSavedViews, saveView, type SavedView } from './saved-views';
import type { ListViewsBinding } from './use-list-url';

const NAME_MAX_LENGTH = 60;

/** Copies text; false where the browser does not allow it (the link is then shown to copy). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Named views of one list (filters and columns), kept in this browser, and a link that opens the
 * current view for someone else.
 */
export function SavedViewsMenu({
  listKey,
  binding,
  shownColumns,
  applyColumns,
}: {
  listKey: string;
  binding: ListViewsBinding;
  /** Accessors of the columns shown now, in order. */
  shownColumns: string[];
  applyColumns: (columns: string[]) => void;
}) {
  const { t } = useLingui();
  const [views, setViews] = useState<SavedView[]>(() => loadSavedViews(listKey));
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const { confirm, confirmationDialog } = useConfirmation();

  const apply = (view: SavedView) => {
    binding.replaceFilters(view.filters);
    if (view.columns.length) applyColumns(view.columns);
  };
  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    setViews(saveView(listKey, { name: trimmed, filters: binding.filters, columns: shownColumns }));
    setNaming(false);
    notifications.show({
      message: (
        <Trans>
          View “<UserText>{trimmed}</UserText>” saved
        </Trans>
      ),
    });
  };
  const share = async () => {
    const address = binding.linkTo(binding.filters, shownColumns.join(','));
    if (await copyText(address)) {
      notifications.show({ message: t`Link to this view copied` });
    } else {
      setLink(address);
    }
  };
  const remove = async (view: SavedView) => {
    const viewName = view.name;
    const confirmed = await confirm({
      title: (
        <Trans>
          Delete the view “<UserText>{viewName}</UserText>”?
        </Trans>
      ),
      message: t`The view is removed from this browser. The list itself does not change.`,
      confirmLabel: t`Delete view`,
      danger: true,
    });
    if (confirmed) setViews(deleteView(listKey, view.name));
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="sm">
            <Trans>Views</Trans>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {views.length > 0 && (
            <Menu.Label>
              <Trans>Saved views</Trans>
            </Menu.Label>
          )}
          {views.map((view) => (
            <Menu.Item key={view.name} onClick={() => apply(view)}>
              {view.name}
            </Menu.Item>
          ))}
          {views.length > 0 && <Menu.Divider />}
          <Menu.Item
            onClick={() => {
              setName('');
              setNaming(true);
            }}
          >
            <Trans>Save current view…</Trans>
          </Menu.Item>
          <Menu.Item onClick={() => void share()}>
            <Trans>Copy link to this view</Trans>
          </Menu.Item>
          {views.length > 0 && <Menu.Divider />}
          {views.map((view) => {
            const viewName = view.name;
            return (
              <Menu.Item key={`delete-${viewName}`} color="red" onClick={() => void remove(view)}>
                <Trans>
                  Delete “<UserText>{viewName}</UserText>”
                </Trans>
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={naming} onClose={() => setNaming(false)} title={t`Save this view`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              <Trans>
                Saves the filters and the columns shown, in this browser. A view of the same name is
                replaced.
              </Trans>
            </Text>
            <TextInput
              label={t`View name`}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={NAME_MAX_LENGTH}
              required
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNaming(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" disabled={!name.trim()}>
                <Trans>Save view</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {confirmationDialog}
      <Modal opened={link !== null} onClose={() => setLink(null)} title={t`Link to this view`}>
        <Stack>
          <Text size="sm">
            <Trans>This browser did not allow copying. Select the link and copy it:</Trans>
          </Text>
          <TextInput
            label={t`Link`}
            value={link ?? ''}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
        </Stack>
      </Modal>
    </>
  );
}
