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
        <>
          View “<UserText>{trimmed}</UserText>” saved
        </>
      ),
    });
  };
  const share = async () => {
    const address = binding.linkTo(binding.filters, shownColumns.join(','));
    if (await copyText(address)) {
      notifications.show({ message: 'Link to this view copied' });
    } else {
      setLink(address);
    }
  };
  const remove = async (view: SavedView) => {
    const confirmed = await confirm({
      title: (
        <>
          Delete the view “<UserText>{view.name}</UserText>”?
        </>
      ),
      message: 'The view is removed from this browser. The list itself does not change.',
      confirmLabel: 'Delete view',
      danger: true,
    });
    if (confirmed) setViews(deleteView(listKey, view.name));
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="sm">
            Views
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {views.length > 0 && <Menu.Label>Saved views</Menu.Label>}
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
            Save current view…
          </Menu.Item>
          <Menu.Item onClick={() => void share()}>Copy link to this view</Menu.Item>
          {views.length > 0 && <Menu.Divider />}
          {views.map((view) => (
            <Menu.Item key={`delete-${view.name}`} color="red" onClick={() => void remove(view)}>
              Delete “<UserText>{view.name}</UserText>”
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={naming} onClose={() => setNaming(false)} title="Save this view">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              Saves the filters and the columns shown, in this browser. A view of the same name is
              replaced.
            </Text>
            <TextInput
              label="View name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={NAME_MAX_LENGTH}
              required
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNaming(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!name.trim()}>
                Save view
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {confirmationDialog}
      <Modal opened={link !== null} onClose={() => setLink(null)} title="Link to this view">
        <Stack>
          <Text size="sm">This browser did not allow copying. Select the link and copy it:</Text>
          <TextInput
            label="Link"
            value={link ?? ''}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
        </Stack>
      </Modal>
    </>
  );
}
